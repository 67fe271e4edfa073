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
    final Map<String, Long> sizes = classes();
    final Map<String, Long> offsets = classes();
    final Map<String, Long> whole = classes();
    private final Map<String, List<Evidence>> examples = new LinkedHashMap<>();

    Alignment(String source, String input, String file, String path, String via, String op) {
        this.source = source;
        this.input = input;
        this.file = file;
        this.path = path;
        this.via = via;
        this.op = op;
    }

    private static Map<String, Long> classes() {
        Map<String, Long> m = new LinkedHashMap<>();
        FileAlignment.CLASSES.forEach(c -> m.put(c, 0L));
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
        String s = FileAlignment.classOf(size);
        sizes.merge(s, 1L, Long::sum);
        String cls = s;
        if (r.offset() >= 0) {
            String o = FileAlignment.classOf(r.offset());
            offsets.merge(o, 1L, Long::sum);
            if (FileAlignment.alignmentOf(o) < FileAlignment.alignmentOf(s)) {
                cls = o;
            }
        }
        whole.merge(cls, 1L, Long::sum);
        if (FileAlignment.alignmentOf(cls) < 4096) {
            List<Evidence> kept = examples.computeIfAbsent(cls, k -> new ArrayList<>());
            if (kept.size() < EXAMPLES_PER_CLASS && (kept.isEmpty() || kept.get(kept.size() - 1).line() != call.line())) {
                kept.add(new Evidence(call.input(), call.line(), call.text()));
            }
        }
    }

    FileAlignment result(FilesystemResolver fs) {
        FilesystemResolver.Resolved where = fs.resolve(path);
        Integer block = where == null ? null : where.blockSize();
        FileAlignment partial = new FileAlignment(source, input, file, via, op, direct, requests, bytes,
                requests == 0 ? 0 : minSize, maxSize, sizes, offsets, whole, null, null, null, null, null, null, List.of());
        List<Evidence> ex = new ArrayList<>();
        for (String c : FileAlignment.CLASSES) {
            if (block == null || FileAlignment.alignmentOf(c) < block) {
                ex.addAll(examples.getOrDefault(c, List.of()));
            }
        }
        return new FileAlignment(source, input, file, via, op, direct, requests, bytes, partial.minSize(), maxSize,
                sizes, offsets, whole, where == null ? null : where.type(), where == null ? null : where.mount(), block,
                where == null ? null : where.how(), block == null ? null : partial.unalignedTo(block),
                where == null ? null : where.evidence(), ex);
    }
}
