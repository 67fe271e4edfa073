package dev.ioverdict.analysis.block;

import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.blkparse.BlkparseFormat;
import dev.ioverdict.bundle.BundleFile;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Times the tracker alone over the first N events of a blkparse file: TrackBench FILE N [rounds]. Not a test. */
public final class TrackBench {
    private TrackBench() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int limit = Integer.parseInt(args[1]);
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        List<BlockEvent> events = new ArrayList<>(limit);
        Facts facts = new Facts();
        facts.stream(BlockEvent.class, e -> {
            if (events.size() < limit) {
                events.add(e);
            }
        });
        new BlkparseFormat().parse(new BundleFile("x", file, Files.size(file), false), new ParseContext("x", facts));
        var mx = ManagementFactory.getThreadMXBean();
        for (int r = 0; r < rounds; r++) {
            long w0 = System.nanoTime();
            long t0 = mx.getCurrentThreadCpuTime();
            boolean threaded = r % 2 == 0;
            BttTracker t = new BttTracker(new SampleWriter(threaded));
            for (BlockEvent e : events) {
                t.accept(e);
            }
            long t1 = mx.getCurrentThreadCpuTime();
            BlockAnalysis.trace(t, "blkparse");
            long w1 = System.nanoTime();
            if (r == 0) {
                for (BttDevice d : t.devices()) {
                    System.out.printf("  %s: %d queued in flight, %d issued in flight%n", d.name, d.queued.size(), d.requests.issued.size());
                }
            }
            long t2 = mx.getCurrentThreadCpuTime();
            System.out.printf("%s cpu: track %d events %.2fs (%.0f ns/event), finish %.3fs, wall with finish %.2fs%n", threaded ? "samples written apart," : "samples written inline,", events.size(),
                    (t1 - t0) / 1e9, (t1 - t0) / (double) events.size(), (t2 - t1) / 1e9, (w1 - w0) / 1e9);
        }
    }
}
