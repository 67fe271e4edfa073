package dev.ioverdict.analysis.syscall;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.syscall.FileAlignment;
import dev.ioverdict.model.syscall.IoRequest;
import dev.ioverdict.model.syscall.SyscallCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Alignment classes of the requests against one file, with a few captured calls per poorly aligned class. */
final class Alignment {
    /** Captured calls kept per class below 4 KiB alignment: enough for evidence, bounded for huge traces. */
    static final int EXAMPLES_PER_CLASS = 2;

    final String source;
    final String input;
    final String file;
    final String path;
    final String via;
    final String op;
    Boolean direct;
    long requests;
    long bytes;
    long minSize = Long.MAX_VALUE;
    long maxSize;
    /** Requests per class of {@link FileAlignment#CLASSES}, by its index: counted per request without a map. */
    private final long[] sizes = new long[CLASS_COUNT];
    private final long[] offsets = new long[CLASS_COUNT];
    private final long[] whole = new long[CLASS_COUNT];
    private final Map<String, List<Evidence>> examples = new LinkedHashMap<>();

    Alignment(String source, String input, String file, String path, String via, String op) {
        this.source = source;
        this.input = input;
        this.file = file;
        this.path = path;
        this.via = via;
        this.op = op;
    }

    private static final int CLASS_COUNT = FileAlignment.CLASSES.size();
    /** The alignment each class guarantees, by index. */
    private static final int[] ALIGNMENT = FileAlignment.CLASSES.stream().mapToInt(FileAlignment::alignmentOf).toArray();

    /** The index in {@link FileAlignment#CLASSES} of the class {@link FileAlignment#classOf} gives {@code v}. */
    static int classIndex(long v) {
        if (v % 512 != 0) {
            return 0;
        }
        if (v % 8192 == 0) {
            return 5;
        }
        if (v % 4096 == 0) {
            return 4;
        }
        if (v % 2048 == 0) {
            return 3;
        }
        return v % 1024 == 0 ? 2 : 1;
    }

    private static Map<String, Long> classes(long[] counts) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < CLASS_COUNT; i++) {
            m.put(FileAlignment.CLASSES.get(i), counts[i]);
        }
        return m;
    }

    void add(IoRequest r, SyscallCall call) {
        requests++;
        if (r.direct() != null) {
            direct = r.direct();
        }
        long size = Math.max(0, r.nbytes());
        bytes += size;
        minSize = Math.min(minSize, size);
        maxSize = Math.max(maxSize, size);
        int s = classIndex(size);
        sizes[s]++;
        int cls = s;
        if (r.offset() >= 0) {
            int o = classIndex(r.offset());
            offsets[o]++;
            if (ALIGNMENT[o] < ALIGNMENT[s]) {
                cls = o;
            }
        }
        whole[cls]++;
        if (ALIGNMENT[cls] < 4096) {
            List<Evidence> kept = examples.computeIfAbsent(FileAlignment.CLASSES.get(cls), k -> new ArrayList<>());
            if (kept.size() < EXAMPLES_PER_CLASS && (kept.isEmpty() || kept.get(kept.size() - 1).line() != call.line())) {
                kept.add(new Evidence(call.input(), call.line(), call.text()));
            }
        }
    }

    FileAlignment result(FilesystemResolver fs) {
        Map<String, Long> sizes = classes(this.sizes);
        Map<String, Long> offsets = classes(this.offsets);
        Map<String, Long> whole = classes(this.whole);
        FilesystemResolver.Resolved where = fs.resolve(path);
        Integer block = where == null ? null : where.blockSize();
        List<Evidence> ex = new ArrayList<>();
        for (String c : FileAlignment.CLASSES) {
            if (block == null || FileAlignment.alignmentOf(c) < block) {
                ex.addAll(examples.getOrDefault(c, List.of()));
            }
        }
        return new FileAlignment(source, input, file, via, op, direct, requests, bytes, requests == 0 ? 0 : minSize, maxSize,
                sizes, offsets, whole, where == null ? null : where.type(), where == null ? null : where.mount(), block,
                where == null ? null : where.how(), block == null ? null : FileAlignment.unalignedTo(whole, block),
                where == null ? null : where.evidence(), ex);
    }
}
