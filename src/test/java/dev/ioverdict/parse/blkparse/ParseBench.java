package dev.ioverdict.parse.blkparse;

import dev.ioverdict.model.block.BlockEvent;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Times the stages of reading a blkparse file: ParseBench FILE [rounds]. Not a test. */
public final class ParseBench {
    private ParseBench() {
    }

    /** The parser alone over the first 4 MB, parsed again and again: its cost with warm caches. */
    private static void hot(Path file, int rounds) throws Exception {
        byte[] all;
        try (InputStream in = Files.newInputStream(file)) {
            all = in.readNBytes(4 << 20);
        }
        int[] starts = new int[200_000];
        int[] ends = new int[200_000];
        int n = 0;
        int s = 0;
        for (int i = 0; i < all.length && n < starts.length; i++) {
            if (all[i] == '\n') {
                starts[n] = s;
                ends[n++] = i;
                s = i + 1;
            }
        }
        BlkparseLineParser p = new BlkparseLineParser();
        var mx = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int r = 0; r < rounds; r++) {
            long t0 = mx.getCurrentThreadCpuTime();
            long sum = 0;
            for (int k = 0; k < 20; k++) {
                for (int i = 0; i < n; i++) {
                    if (p.read(all, starts[i], ends[i])) {
                        sum += p.timeNs;
                    }
                }
            }
            long t1 = mx.getCurrentThreadCpuTime();
            long blanks = 0;
            for (int k = 0; k < 20; k++) {
                for (int i = 0; i < n; i++) {
                    for (int j = starts[i]; j < ends[i]; j++) {
                        if (all[j] == ' ') {
                            blanks++;
                        }
                    }
                }
            }
            long t2 = mx.getCurrentThreadCpuTime();
            System.out.printf("hot parse: %.1f ns/line (%d); counting blanks: %.1f ns/line (%d)%n",
                    (t1 - t0) / (20.0 * n), sum, (t2 - t1) / (20.0 * n), blanks);
        }
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        if (args.length > 2 && args[2].equals("hot")) {
            hot(file, rounds);
            return;
        }
        for (int r = 0; r < rounds; r++) {
            var mx = java.lang.management.ManagementFactory.getThreadMXBean();
            long t0 = mx.getCurrentThreadCpuTime();
            long n = 0;
            try (InputStream in = Files.newInputStream(file)) {
                ByteLines lines = new ByteLines(in);
                while (lines.next()) {
                    n++;
                }
            }
            long t1 = mx.getCurrentThreadCpuTime();
            long ev = 0;
            try (InputStream in = Files.newInputStream(file)) {
                ByteLines lines = new ByteLines(in);
                BlkparseLineParser p = new BlkparseLineParser();
                while (lines.next()) {
                    if (p.read(lines.buffer(), lines.start(), lines.end())) {
                        ev++;
                    }
                }
            }
            long t2 = mx.getCurrentThreadCpuTime();
            long hash = 0;
            try (InputStream in = Files.newInputStream(file)) {
                ByteLines lines = new ByteLines(in);
                BlkparseReading reading = new BlkparseReading("x");
                while (lines.next()) {
                    BlockEvent e = reading.line(lines.buffer(), lines.start(), lines.end(), lines.number(), (l, m) -> { });
                    if (e != null) {
                        hash += e.sector();
                    }
                }
            }
            long t3 = mx.getCurrentThreadCpuTime();
            System.out.printf("cpu: lines %d: split %.2fs, +parse %.2fs (%d events), +events %.2fs (%d)%n", n,
                    (t1 - t0) / 1e9, (t2 - t1) / 1e9, ev, (t3 - t2) / 1e9, hash);
        }
    }
}
