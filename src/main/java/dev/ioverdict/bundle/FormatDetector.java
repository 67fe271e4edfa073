package dev.ioverdict.bundle;

import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.parse.host.CollectionErrorFormat;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Recognises each file's format from its first lines, scoring every format and keeping the reason. */
public final class FormatDetector {
    static final int SAMPLE_LINES = 200;
    static final int SAMPLE_BYTES = 256 * 1024;
    private static final int BLKTRACE_MAGIC = 0x65617407;

    private final List<InputFormat> formats;

    public FormatDetector(List<InputFormat> formats) {
        this.formats = List.copyOf(formats);
    }

    public DetectedFile detect(BundleFile file) {
        byte[] head;
        try (InputStream in = file.open()) {
            head = in.readNBytes(SAMPLE_BYTES);
        } catch (IOException e) {
            return new DetectedFile(file, Optional.empty(), "could not be read: " + FolderWalker.reason(e), true);
        }
        if (head.length == 0) {
            // sos keeps a command's output file even when the command printed nothing: a failed collection
            Optional<InputFormat> failed = CollectionErrorFormat.inSosCommands(file.path())
                    ? formats.stream().filter(f -> f.id().equals(CollectionErrorFormat.ID)).findFirst() : Optional.empty();
            return new DetectedFile(file, failed, failed.isPresent()
                    ? "a sosreport command's output file left empty: collected with an error" : "empty file");
        }
        String binary = binaryKind(head);
        Sample sample = new Sample(file.path(), binary != null ? List.of() : firstLines(head), head);
        InputFormat best = null;
        Recognition bestRecognition = Recognition.NO;
        for (InputFormat f : formats) {
            Recognition r;
            try {
                r = f.recognise(sample);
            } catch (RuntimeException e) {
                r = Recognition.NO;
            }
            if (r.score() > bestRecognition.score()) {
                best = f;
                bestRecognition = r;
            }
        }
        if (best == null) {
            return new DetectedFile(file, Optional.empty(),
                    binary != null ? binary : "no known format matches its first lines");
        }
        return new DetectedFile(file, Optional.of(best), bestRecognition.reason());
    }

    private static String binaryKind(byte[] head) {
        if (head.length >= 4) {
            int le = (head[0] & 0xff) | (head[1] & 0xff) << 8 | (head[2] & 0xff) << 16 | (head[3] & 0xff) << 24;
            int be = (head[3] & 0xff) | (head[2] & 0xff) << 8 | (head[1] & 0xff) << 16 | (head[0] & 0xff) << 24;
            if ((le & 0xffffff00) == (BLKTRACE_MAGIC & 0xffffff00) || (be & 0xffffff00) == (BLKTRACE_MAGIC & 0xffffff00)) {
                return "damaged binary blktrace trace (records do not follow one another)";
            }
        }
        if (head.length >= 8 && new String(head, 0, 8, StandardCharsets.US_ASCII).equals("PERFILE2")) {
            return "binary perf.data: add its text with 'perf script -i perf.data > perf-script.txt'";
        }
        if (utf16(head)) {
            return "UTF-16 text: convert it with 'iconv -f UTF-16 -t UTF-8 FILE > FILE.txt' (ioverdict reads UTF-8)";
        }
        String archive = archiveKind(head);
        if (archive != null) {
            return archive + " inside a folder: not opened (give the archive itself as the bundle, or extract it)";
        }
        int limit = Math.min(head.length, 8192);
        for (int i = 0; i < limit; i++) {
            if (head[i] == 0) {
                return "binary file (not text)";
            }
        }
        return null;
    }

    /**
     * UTF-16 (as Windows tools and PowerShell's redirection write text): a byte order mark, or the
     * text's NUL high bytes, every other byte zero and the rest not, over the first 512 bytes.
     */
    static boolean utf16(byte[] head) {
        if (head.length >= 2 && ((head[0] & 0xff) == 0xff && (head[1] & 0xff) == 0xfe
                || (head[0] & 0xff) == 0xfe && (head[1] & 0xff) == 0xff)) {
            return true;
        }
        int n = Math.min(head.length, 512) & ~1;
        if (n < 8) {
            return false;
        }
        int[] zeros = new int[2];
        for (int i = 0; i < n; i++) {
            if (head[i] == 0) {
                zeros[i & 1]++;
            }
        }
        int pairs = n / 2;
        return zeros[0] == pairs && zeros[1] == 0 || zeros[1] == pairs && zeros[0] == 0;
    }

    /** The kind of an archive (a file a folder bundle holds, which is not opened), or null. */
    private static String archiveKind(byte[] head) {
        if (head.length >= 262 && head[257] == 'u' && head[258] == 's' && head[259] == 't' && head[260] == 'a'
                && head[261] == 'r') {
            return "tar archive";
        }
        if (head.length >= 4 && head[0] == 'P' && head[1] == 'K' && (head[2] == 3 && head[3] == 4
                || head[2] == 5 && head[3] == 6)) {
            return "zip archive";
        }
        return null;
    }

    private static List<String> firstLines(byte[] head) {
        String text = new String(head, StandardCharsets.UTF_8);
        if (text.startsWith("\ufeff")) {
            text = text.substring(1); // a UTF-8 byte order mark, as the parsers' Lines skip it
        }
        List<String> lines = new ArrayList<>();
        int start = 0;
        while (start < text.length() && lines.size() < SAMPLE_LINES) {
            int nl = text.indexOf('\n', start);
            if (nl < 0) {
                if (head.length < SAMPLE_BYTES) {
                    lines.add(stripCr(text.substring(start)));
                }
                break;
            }
            lines.add(stripCr(text.substring(start, nl)));
            start = nl + 1;
        }
        return lines;
    }

    private static String stripCr(String s) {
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }
}
