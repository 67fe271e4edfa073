package dev.ioverdict.bundle;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.CRC32;
import org.apache.commons.compress.archivers.ArchiveEntry;
import org.apache.commons.compress.archivers.ArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveInputStream;

/**
 * Extracts an archive entry by entry, as GNU tar and unzip do: an unsafe, encrypted or special
 * entry is skipped with the reason and the rest kept; a damaged archive keeps every entry before
 * the damage and says where it broke. Entries are written to numbered files (their names are
 * labels, never paths), under a budget of bytes, ratio and entries that stops a bomb early.
 */
final class ArchiveExtractor {
    private final Path scratch;
    private final Limits limits;
    private final Counting consumed;
    private final List<BundleFile> files = new ArrayList<>();
    private final List<Skipped> skipped = new ArrayList<>();
    private final Map<String, Path> extracted = new HashMap<>();
    /** The name each extracted file is read under: links to it name it. */
    private final Map<Path, String> readAs = new HashMap<>();
    private long written;
    private int entries;
    private int nextFile;

    private ArchiveExtractor(Path scratch, Limits limits, Counting consumed) {
        this.scratch = scratch;
        this.limits = limits;
        this.consumed = consumed;
    }

    /** Thrown when a limit is reached: extraction stops, what was complete is kept. */
    static final class LimitReached extends IOException {
        LimitReached(String message) {
            super(message);
        }
    }

    /** Writing to the temporary folder failed (full, read-only): not the archive's fault. */
    static final class ScratchWriteFailed extends IOException {
        ScratchWriteFailed(Path scratch, IOException cause) {
            super("cannot write into the temporary folder " + scratch + ": " + FolderWalker.reason(cause), cause);
        }
    }

    static Bundle extract(String source, Path archive, ArchiveKind kind, Path scratch, Limits limits) throws IOException {
        try (Counting raw = new Counting(Files.newInputStream(archive))) {
            ArchiveExtractor x = new ArchiveExtractor(scratch, limits, raw);
            String label = archive.getFileName() == null ? source : archive.getFileName().toString();
            try {
                x.archive(new BufferedInputStream(raw, 1 << 16), kind, "", label, 0);
            } catch (LimitReached stop) {
                x.skipped.add(new Skipped(label, "extraction stopped: the archive " + stop.getMessage()
                        + "; the complete entries before it were kept", true));
            }
            return new Bundle(source, x.files, x.skipped, scratch, limits);
        }
    }

    private void archive(InputStream raw, ArchiveKind kind, String prefix, String label, int depth) throws IOException {
        String last = null;
        ZipArchiveEntry pendingCrc = null;
        CRC32 crc = new CRC32();
        String pendingName = null;
        StreamMembers gzip = !kind.zip() && kind.compression() == Compression.GZIP ? Compression.GZIP.members(raw) : null;
        TarTail tail = kind.zip() ? null
                : new TarTail(gzip != null ? new BufferedInputStream(gzip, 1 << 16) : kind.compression().open(raw));
        try (ArchiveInputStream<? extends ArchiveEntry> in = kind.zip() ? kind.open(raw) : new TarArchiveInputStream(tail)) {
            while (true) {
                ArchiveEntry e;
                try {
                    e = in.getNextEntry();
                    if (pendingCrc != null) {
                        checkCrc(pendingCrc, crc.getValue(), pendingName);
                        pendingCrc = null;
                    }
                } catch (LimitReached | ScratchWriteFailed stop) {
                    throw stop;
                } catch (IOException | RuntimeException broken) {
                    skipped.add(new Skipped(label, kind.label + " archive broken " + where(last) + ": "
                            + FolderWalker.reason(broken) + "; the entries before it were kept", true));
                    return;
                }
                if (e == null) {
                    if (tail != null && !tail.ended()) {
                        // commons-compress takes a short read for the end; GNU tar says "Unexpected EOF"
                        skipped.add(new Skipped(label, kind.label + " archive truncated " + where(last)
                                + " (no end-of-archive marker); the entries before it were kept", true));
                    }
                    if (gzip != null) {
                        drain(tail); // to the gzip stream's end, where gunzip looks for what follows it
                    }
                    return;
                }
                if (++entries > limits.maxEntries()) {
                    throw new LimitReached("holds more than " + limits.maxEntries() + " entries (--max-entries)");
                }
                String raw0 = e.getName();
                last = raw0;
                String unsafe = EntryNames.unsafe(raw0);
                String name = EntryNames.clean(raw0);
                if (unsafe != null) {
                    skipped.add(new Skipped(prefix + raw0, "archive entry skipped: " + unsafe, true));
                    continue;
                }
                if (e.isDirectory() || name.isEmpty()) {
                    continue;
                }
                String full = prefix + name;
                if (e instanceof TarArchiveEntry t && (t.isSymbolicLink() || t.isLink() || t.isFIFO() || t.isCharacterDevice()
                        || t.isBlockDevice())) {
                    tarSpecial(t, prefix, name);
                    continue;
                }
                if (e instanceof ZipArchiveEntry z) {
                    if (z.getGeneralPurposeBit().usesEncryption()) {
                        skipped.add(new Skipped(full, "encrypted entry: not read (no password is asked for)", true));
                        continue;
                    }
                    if (!in.canReadEntryData(z)) {
                        skipped.add(new Skipped(full, "entry compressed with method " + z.getMethod()
                                + ", which ioverdict cannot read: not read", true));
                        continue;
                    }
                    if (z.isUnixSymlink()) {
                        String to = new String(in.readNBytes(EntryNames.MAX_NAME), StandardCharsets.UTF_8);
                        link(prefix, name, to, EntryNames.parent(name));
                        continue;
                    }
                }
                Path target = scratch.resolve(String.format(Locale.ROOT, "%08d", nextFile++));
                crc.reset();
                long size;
                try {
                    size = copy(in, target, crc);
                } catch (LimitReached | ScratchWriteFailed stop) {
                    Files.deleteIfExists(target);
                    throw stop;
                } catch (IOException | RuntimeException broken) {
                    long kept = Files.size(target);
                    String kept0 = add(prefix, name, target, depth, kept);
                    skipped.add(new Skipped(kept0 != null ? kept0 : prefix + name, kind.label + " archive ends inside this entry ("
                            + FolderWalker.reason(broken) + "): only its first " + kept + " bytes were read; the entries"
                            + " before it were kept", true));
                    return;
                }
                String stored = add(prefix, name, target, depth, size);
                if (e instanceof ZipArchiveEntry z && stored != null) {
                    pendingCrc = z;
                    pendingName = stored;
                }
            }
        } finally {
            if (pendingCrc != null) {
                checkCrc(pendingCrc, crc.getValue(), pendingName);
            }
            if (gzip != null && gzip.trailer() != null) {
                skipped.add(new Skipped(label, gzip.trailer(), gzip.garbage()));
            }
        }
    }

    /** Reads what follows a tar's end-of-archive (its record padding), a bounded amount: it is never extracted. */
    private static void drain(InputStream tar) throws IOException {
        byte[] buf = new byte[1 << 16];
        long left = 1L << 20;
        int n;
        while (left > 0 && (n = tar.read(buf, 0, (int) Math.min(buf.length, left))) > 0) {
            left -= n;
        }
    }

    private static String where(String last) {
        return last == null ? "before its first entry" : "after entry " + last;
    }

    /** A zip's stored CRC against the bytes read; a mismatch drops the file (its content is not what was archived). */
    private void checkCrc(ZipArchiveEntry z, long actual, String name) {
        long expected = z.getCrc();
        if (expected == -1 || expected == actual) {
            return;
        }
        files.removeIf(f -> f.path().equals(name));
        skipped.add(new Skipped(name, String.format(Locale.ROOT,
                "CRC error (stored %08x, read %08x): the content is damaged, not read", expected, actual), true));
    }

    private long copy(InputStream in, Path target, CRC32 crc) throws IOException {
        byte[] buf = new byte[1 << 16];
        long size = 0;
        OutputStream out;
        try {
            out = Files.newOutputStream(target);
        } catch (IOException e) {
            throw new ScratchWriteFailed(scratch, e);
        }
        try (out) {
            int n;
            while ((n = in.read(buf)) > 0) {
                if (written + n > limits.maxExtractedBytes()) {
                    throw new LimitReached("expands past " + limits.maxExtractedBytes()
                            + " bytes (--max-extract)");
                }
                written += n;
                if (written > Limits.RATIO_FLOOR
                        && written > BundleFile.multiply(Math.max(consumed.count, 1), limits.maxRatio())) {
                    throw new LimitReached("expands more than " + limits.maxRatio()
                            + " times its compressed size (a decompression bomb?) (--max-ratio)");
                }
                crc.update(buf, 0, n);
                try {
                    out.write(buf, 0, n);
                } catch (IOException e) {
                    throw new ScratchWriteFailed(scratch, e);
                }
                size += n;
            }
        }
        return size;
    }

    /**
     * Files an extracted entry under its name (renamed when taken), or opens it when it is itself an
     * archive; {@code depth} is how deep the archive that holds it is (0: the bundle). An archive
     * nested deeper than --max-depth is listed once, as not opened, and not kept as a file.
     */
    private String add(String prefix, String name, Path target, int depth, long size) throws IOException {
        ArchiveKind inner = ArchiveKind.of(target);
        if (inner.archive()) {
            if (depth < limits.maxDepth()) {
                String label = prefix + name;
                try (InputStream in = new BufferedInputStream(Files.newInputStream(target), 1 << 16)) {
                    archive(in, inner, prefix + name + "/", label, depth + 1);
                }
                Files.deleteIfExists(target);
                return null;
            }
            skipped.add(new Skipped(prefix + name, inner.label + " archive " + (depth + 1) + " level(s) inside the bundle, "
                    + "deeper than --max-depth " + limits.maxDepth() + ": not opened", true));
            Files.deleteIfExists(target);
            return null;
        }
        String full = unique(prefix + name);
        extracted.put(full, target);
        readAs.putIfAbsent(target, full);
        files.add(BundleFile.of(full, target, limits));
        return full;
    }

    /** {@code full}, or GNU tar's numbered-backup name for it when another entry already has that name. */
    private String unique(String full) {
        if (!extracted.containsKey(full)) {
            return full;
        }
        int n = 1;
        String renamed;
        do {
            renamed = full + ".~" + n++ + "~";
        } while (extracted.containsKey(renamed));
        skipped.add(new Skipped(renamed, "a second entry named " + full + ": kept under this name", true));
        return renamed;
    }

    private void tarSpecial(TarArchiveEntry t, String prefix, String name) throws IOException {
        String full = prefix + name;
        if (t.isSymbolicLink()) {
            link(prefix, name, t.getLinkName(), EntryNames.parent(name));
        } else if (t.isLink()) {
            link(prefix, name, t.getLinkName(), "");
        } else if (t.isFIFO()) {
            skipped.add(new Skipped(full, "FIFO entry: nothing to read", false));
        } else {
            skipped.add(new Skipped(full, "device entry: not extracted", false));
        }
    }

    /**
     * A link entry (symbolic or hard) to an entry already extracted inside the archive: noted, the
     * file itself read once; a link leading out of the archive or to nothing read before is listed.
     */
    private void link(String prefix, String name, String to, String from) throws IOException {
        String resolved = EntryNames.resolve(from, to);
        if (resolved == null) {
            skipped.add(new Skipped(prefix + name, "link to " + to + " leads out of the archive: not followed", true));
            return;
        }
        Path target = extracted.get(prefix + resolved);
        if (target == null) {
            skipped.add(new Skipped(prefix + name, "link to " + to + ", which is not a file read before it: not followed",
                    true));
            return;
        }
        // the file is read once, under its own name: links to it would repeat its lines and its evidence
        extracted.putIfAbsent(prefix + name, target); // a link to this link leads to the same file
        skipped.add(new Skipped(prefix + name, "link to " + readAs.get(target) + ": the same file, read once under "
                + "that name", false));
    }

    /** Watches a tar stream's 512-byte records: it ended properly if it ends on a whole, all-zero record. */
    static final class TarTail extends FilterInputStream {
        private long total;
        private boolean recordZero = true;
        private boolean lastWholeRecordZero;

        TarTail(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                see(b);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            for (int i = 0; i < n; i++) {
                see(b[off + i]);
            }
            return n;
        }

        private void see(int b) {
            recordZero &= b == 0;
            total++;
            if (total % 512 == 0) {
                lastWholeRecordZero = recordZero;
                recordZero = true;
            }
        }

        boolean ended() {
            return total > 0 && total % 512 == 0 && lastWholeRecordZero;
        }
    }

    /** Counts the archive's compressed bytes read so far, for the ratio. */
    static final class Counting extends FilterInputStream {
        long count;

        Counting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long s = super.skip(n);
            count += Math.max(s, 0);
            return s;
        }
    }

    /** What a file holds: an archive (possibly compressed), or not. */
    record ArchiveKind(String label, Compression compression, boolean zip) {
        static final ArchiveKind NONE = new ArchiveKind("plain", Compression.NONE, false);

        boolean archive() {
            return this != NONE && !label.equals("zstd");
        }

        static ArchiveKind of(Path path) throws IOException {
            byte[] head = new byte[512];
            int n;
            try (InputStream in = Files.newInputStream(path)) {
                n = in.readNBytes(head, 0, head.length);
            }
            if (n >= 4 && head[0] == 'P' && head[1] == 'K' && (head[2] == 3 && head[3] == 4
                    || head[2] == 7 && head[3] == 8 || head[2] == 5 && head[3] == 6)) {
                return new ArchiveKind("zip", Compression.NONE, true);
            }
            if (tar(head, n)) {
                return new ArchiveKind("tar", Compression.NONE, false);
            }
            Compression c = Compression.of(head, n);
            if (c == Compression.ZSTD) {
                return new ArchiveKind("zstd", c, false);
            }
            if (c != Compression.NONE) {
                // a truncated stream still tells a tar from its first record
                byte[] inner = new byte[512];
                int got = 0;
                try (InputStream in = c.open(new BufferedInputStream(Files.newInputStream(path)))) {
                    int r;
                    while (got < inner.length && (r = in.read(inner, got, inner.length - got)) > 0) {
                        got += r;
                    }
                } catch (IOException e) {
                    // judged on what was read
                }
                if (tar(inner, got)) {
                    return new ArchiveKind("tar." + switch (c) {
                        case GZIP -> "gz";
                        case BZIP2 -> "bz2";
                        default -> c.label;
                    }, c, false);
                }
            }
            return NONE;
        }

        private static boolean tar(byte[] b, int n) {
            return n >= 262 && b[257] == 'u' && b[258] == 's' && b[259] == 't' && b[260] == 'a' && b[261] == 'r';
        }

        ArchiveInputStream<? extends ArchiveEntry> open(InputStream raw) throws IOException {
            if (zip) {
                // stored entries with a data descriptor (streamed zips) are read too
                return new ZipArchiveInputStream(raw, "UTF-8", true, true);
            }
            return new TarArchiveInputStream(compression.open(raw));
        }
    }
}
