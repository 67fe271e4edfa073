package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.Phase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.block.BlockIo;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.DeviceTimeline;
import dev.ioverdict.model.block.LatencyHistogram;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the analysis adds to btt's figures: slowest I/Os, timelines, histograms, remaps. */
class BlockTraceTest {
    @TempDir
    Path tmp;

    @Test
    void slowestIoOfRequestBasedMultipathGoesThroughItsPath() throws IOException {
        BlockTrace t = Traces.analyse(TestData.bundle("blkgen-mpath-rq-lgwr").resolve("bundle/blkparse.txt")).trace();
        BlockIo slowest = t.slowest().get(0);
        assertEquals("252,169", slowest.device());
        assertEquals("252,169 -> 70,592", slowest.path());
        assertEquals("ora_dbw0_m1", slowest.comm());
        assertEquals(226758672, slowest.sector());
        assertEquals(0.079768417, slowest.queuedAt());
        assertEquals(1.408863443, slowest.phases().get(Phase.Q2C));
        assertEquals(1.408846241, slowest.phases().get(Phase.D2C));
        assertEquals(List.of(Phase.Q2A, Phase.Q2G, Phase.G2I, Phase.I2D, Phase.A2D, Phase.D2C, Phase.Q2C), List.copyOf(slowest.phases().keySet()));
        assertEquals(List.of(1316L, 1317L, 1323L, 1330L, 1332L, 1336L, 19885L, 19886L),
                slowest.lines().stream().map(Evidence::line).toList());
        assertEquals(" 70,592  3      935     1.488630239     0  C   W 226758672 + 16 [0]", slowest.lines().get(6).text());
        assertEquals(20, t.slowest().size());
        for (int i = 1; i < t.slowest().size(); i++) {
            assertTrue(t.slowest().get(i - 1).phases().get(Phase.Q2C) >= t.slowest().get(i).phases().get(Phase.Q2C));
        }
        assertEquals(List.of(new BlockTrace.Remap("252,169", "70,592", 1259), new BlockTrace.Remap("252,169", "135,576", 1198)),
                t.remaps());
    }

    @Test
    void slowestIoOfBioBasedDmCarriesTheLegsPhases() throws IOException {
        BlockTrace t = Traces.analyse(TestData.bundle("blkgen-d2c-dominant").resolve("bundle/blkparse.txt")).trace();
        BlockIo slowest = t.slowest().get(0);
        assertEquals("253,0 -> 8,32", slowest.path());
        // btt's maximum Q2Cdm (btt_A.txt, 253,0) is this I/O
        assertEquals(0.883265908, slowest.phases().get(Phase.Q2C));
        assertEquals(0.883255711, slowest.phases().get(Phase.D2C));
        assertTrue(slowest.phases().containsKey(Phase.Q2A) && slowest.phases().containsKey(Phase.I2D));
    }

    @Test
    void seed000ExcerptGivesTheSlowPathCompletion() throws IOException {
        // seed 000's two excerpts as the author pasted them, one after the other: the UEK5 one
        // (testdata/seed-000-blkparse, from its column legend on), the author's sentence between
        // them, then the OL8 one
        List<String> uek5 = Files.readAllLines(TestData.file("seed-000-blkparse", "blkparse-uek5.txt"));
        List<String> lines = new ArrayList<>(uek5.subList(1, uek5.size()));
        lines.addAll(List.of("", "OL8 에서의 blkstat 은 조금 보기 편한다 :", ""));
        lines.addAll(Files.readAllLines(TestData.file("seed-000-blkparse", "blkparse-ol8.txt")));
        assertEquals(13, lines.size());
        Path excerpt = tmp.resolve("blkparse.txt");
        Files.write(excerpt, lines);
        Traces.Analysed a = Traces.analyse(excerpt);
        BlockIo slow = a.trace().slowest().get(0);
        assertEquals("252,154 -> 67,720", slow.path());
        assertEquals("252,154", slow.device());
        assertEquals(1.27085419, slow.phases().get(Phase.D2C));
        assertEquals(4.852e-6, slow.phases().get(Phase.A2D));
        assertEquals(List.of(11L, 12L, 13L), slow.lines().stream().map(Evidence::line).toList());
        BlockIo fast = a.trace().slowest().get(1);
        assertEquals("252,160 -> 135,576", fast.path());
        assertEquals(0.000767874, fast.phases().get(Phase.D2C));
        assertEquals(2, a.trace().slowest().size());
    }

    @Test
    void timelinesAndHistogramsCountEveryRequest() throws IOException {
        Path file = TestData.bundle("blkgen-mpath-rq-lgwr").resolve("bundle/blkparse.txt");
        BlockTrace t = Traces.analyse(file).trace();
        List<String> legCompletions = Files.readAllLines(file).stream()
                .filter(l -> l.startsWith(" 70,592") && l.contains("  C  ")).toList();
        long completions = legCompletions.size();
        long bytes = legCompletions.stream().mapToLong(l -> 512L * Long.parseLong(l.split(" \\+ ")[1].split(" ")[0])).sum();
        DeviceTimeline leg = t.timelines().stream().filter(x -> x.device().equals("70,592")).findFirst().orElseThrow();
        assertEquals(completions, leg.intervals().stream().mapToLong(DeviceTimeline.Interval::ios).sum());
        assertEquals(bytes, leg.intervals().stream().mapToLong(DeviceTimeline.Interval::bytes).sum());
        assertTrue(leg.intervals().size() <= 512);
        double maxD2c = leg.intervals().stream().mapToDouble(DeviceTimeline.Interval::maxD2c).max().orElseThrow();
        assertEquals(1.408846241, maxD2c);
        assertTrue(leg.d2cPoints().stream().anyMatch(p -> p.d2c() == maxD2c), "the slowest point is always kept");
        assertTrue(leg.d2cPoints().size() <= PointSample.RESERVOIR + PointSample.SLOWEST);
        LatencyHistogram h = t.histograms().stream()
                .filter(x -> x.device().equals("70,592") && x.phase().equals(Phase.D2C)).findFirst().orElseThrow();
        assertEquals(completions, h.buckets().stream().mapToLong(LatencyHistogram.Bucket::count).sum());
        assertEquals(2.0, h.buckets().get(h.buckets().size() - 1).upTo());
        // btt's D2C of 252,169 has 2418 samples; its Q2C histogram holds each of them
        LatencyHistogram q2c = t.histograms().stream()
                .filter(x -> x.device().equals("252,169") && x.phase().equals(Phase.Q2C)).findFirst().orElseThrow();
        assertEquals(t.section().devices().stream().filter(d -> d.device().equals("252,169")).findFirst().orElseThrow()
                .phase(Phase.Q2C).n(), q2c.buckets().stream().mapToLong(LatencyHistogram.Bucket::count).sum());
    }

    @Test
    void percentilesLieBetweenMinAndMax() throws IOException {
        BlockTrace t = Traces.analyse(TestData.bundle("blkgen-i2d-dominant").resolve("bundle/blkparse.txt")).trace();
        var i2d = t.section().all().phase(Phase.I2D);
        assertTrue(i2d.min() <= i2d.p50() && i2d.p50() <= i2d.p95() && i2d.p95() <= i2d.p99() && i2d.p99() <= i2d.max());
    }
}
