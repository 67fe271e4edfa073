package dev.ioverdict.testing;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockIo;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.DeviceTimeline;
import dev.ioverdict.model.block.LatencyHistogram;
import dev.ioverdict.model.block.Merges;
import dev.ioverdict.model.block.PhaseStat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A traced dm device over two paths, as the block lifecycle tracker would describe it, from real
 * figures: blkgen's d2c-dominant trace (seed 33) as btt -A computed it, btt's own per-I/O D2C files
 * for percentiles, histograms and timelines, and the slowest I/O's lines as blkparse printed them.
 */
public final class BlockFixtures {
    private BlockFixtures() {
    }

    public static BlockTrace multipath() {
        var fast = new BlockDeviceStats("8,16", "blkparse", Map.of(
                Phase.D2C, new PhaseStat(5091, 0.000100287, 0.000480035, 0.001660046, 0.000451, 0.00081, 0.001041),
                Phase.Q2C, new PhaseStat(5091, 0.000110904, 0.000486414, 0.001663654, null, null, null)),
                Map.of(Phase.Q2G, 0.1291, Phase.G2I, 0.4781, Phase.Q2M, 0.0, Phase.I2D, 0.7043, Phase.D2C, 98.6885), new Merges(5091, 5091, 1));
        var slow = new BlockDeviceStats("8,32", "blkparse", Map.of(
                Phase.D2C, new PhaseStat(4934, 0.000123396, 0.024788621, 1.313263135, 0.000452, 0.00088, 1.032054),
                Phase.Q2C, new PhaseStat(4934, 0.000127756, 0.024794926, 1.313268157, null, null, null)),
                Map.of(Phase.Q2G, 0.0026, Phase.G2I, 0.0092, Phase.Q2M, 0.0, Phase.I2D, 0.0139, Phase.D2C, 99.9746), new Merges(4970, 4970, 1));
        var all = new BlockDeviceStats("all", "blkparse", Map.of(
                Phase.D2C, new PhaseStat(10025, 0.000100287, 0.012443982, 1.313263135, null, null, null),
                Phase.Q2C, new PhaseStat(10025, 0.000110904, 0.012450324, 1.313268157, null, null, null)),
                Map.of(Phase.Q2G, 0.0051, Phase.G2I, 0.0185, Phase.Q2M, 0.0, Phase.I2D, 0.0276, Phase.D2C, 99.9491), new Merges(10061, 10061, 1));
        List<Evidence> lines = List.of(
                new Evidence("blkparse.txt", 7869, "253,0    3      391     0.374539477  4402  Q  WS 11230755 + 128 [ora_lgwr_PROD1]"),
                new Evidence("blkparse.txt", 7870, "  8,32   3      613     0.374541424  4402  A  WS 11230755 + 128 <- (253,0) 11230755"),
                new Evidence("blkparse.txt", 7874, "  8,32   3      617     0.374546813  4402  D  WS 11230755 + 128 [ora_lgwr_PROD1]"),
                new Evidence("blkparse.txt", 34457, "  8,32   0     2046     1.687809948  4401  C  WS 11230755 + 128 [0]"));
        var io = new BlockIo("8,32", "253,0 -> 8,32", "WS", 11230755, 128, "ora_lgwr_PROD1", 4402, 0.374541791,
                Map.of(Phase.I2D, 0.000003373, Phase.D2C, 1.313263135, Phase.Q2C, 1.313268157), lines);
        return new BlockTrace(new BlockSection(List.of(fast, slow), all), List.of(io),
                List.of(timeline("8,16"), timeline("8,32")), List.of(histogram("8,16"), histogram("8,32")),
                List.of(new BlockTrace.Remap("253,0", "8,16", 5091), new BlockTrace.Remap("253,0", "8,32", 4970)));
    }

    /** btt's "time latency" lines for one device of the d2c-dominant run. */
    static List<double[]> d2c(String device) {
        try {
            Path p = TestData.bundle("blkgen-d2c-dominant").resolve("seed33/btt_d2c_" + device + "_d2c.dat");
            List<double[]> out = new ArrayList<>();
            for (String l : Files.readAllLines(p)) {
                String[] f = l.trim().split("\\s+");
                if (f.length == 2) {
                    out.add(new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1])});
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every tenth completion plus every one above 10 ms: a bounded sample that keeps the slowest. */
    static DeviceTimeline timeline(String device) {
        List<DeviceTimeline.Point> points = new ArrayList<>();
        List<double[]> all = d2c(device);
        for (int i = 0; i < all.size(); i++) {
            if (i % 10 == 0 || all.get(i)[1] > 0.01) {
                points.add(new DeviceTimeline.Point(all.get(i)[0], all.get(i)[1]));
            }
        }
        return new DeviceTimeline(device, 1.0, List.of(), points);
    }

    static LatencyHistogram histogram(String device) {
        double[] bounds = {1e-4, 2.5e-4, 5e-4, 1e-3, 2.5e-3, 5e-3, 1e-2, 2.5e-2, 5e-2, 0.1, 0.25, 0.5, 1, 2.5};
        long[] counts = new long[bounds.length];
        for (double[] x : d2c(device)) {
            int b = 0;
            while (b < bounds.length - 1 && x[1] > bounds[b]) {
                b++;
            }
            counts[b]++;
        }
        List<LatencyHistogram.Bucket> buckets = new ArrayList<>();
        for (int i = 0; i < bounds.length; i++) {
            buckets.add(new LatencyHistogram.Bucket(bounds[i], counts[i]));
        }
        return new LatencyHistogram(device, Phase.D2C, buckets);
    }
}
