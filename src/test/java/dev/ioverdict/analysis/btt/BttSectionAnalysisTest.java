package dev.ioverdict.analysis.btt;

import dev.ioverdict.model.block.Phase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.Results;
import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.BttReport;
import dev.ioverdict.model.block.Merges;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.btt.BttFormat;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BttSectionAnalysisTest {
    static Facts read(Path... files) throws Exception {
        Facts facts = new Facts();
        for (Path f : files) {
            new BttFormat().parse(new BundleFile(f.getFileName().toString(), f, Files.size(f), false),
                    new ParseContext(f.getFileName().toString(), facts));
        }
        return facts;
    }

    @Test
    void seed002GivesTheBlockSection() throws Exception {
        Results results = new Results();
        new BttSectionAnalysis().finish(read(TestData.bundle("seed-002-btt-scheduler").resolve("bundle/btt.txt")), results);
        BlockSection s = results.get(BlockSection.class).orElseThrow();
        assertEquals(1, s.devices().size());
        BlockDeviceStats dev = s.devices().get(0);
        assertEquals("8,0", dev.device());
        assertEquals("btt", dev.source());
        assertEquals(97.8223, dev.overheadPct().get(Phase.I2D), 1e-9);
        assertEquals(new Merges(106, 42, 2.5), dev.merges());
        assertEquals(List.of(Phase.Q2Q, Phase.Q2G, Phase.G2I, Phase.Q2M, Phase.I2D, Phase.M2D, Phase.D2C, Phase.Q2C), List.copyOf(s.all().phases().keySet()));
        assertEquals(106, s.all().phase(Phase.Q2C).n());
        assertNull(s.all().phase(Phase.Q2C).p99());
        assertEquals(new Merges(106, 42, 106 / 42.0), s.all().merges()); // no TOTAL row: summed
        assertSame(s, results.get(BlockTrace.class).orElseThrow().section());
        assertTrue(results.get(BttReport.class).isPresent());
    }

    @Test
    void theDashAReportWinsAndDevicesAreInNumberOrder() throws Exception {
        Path a = TestData.bundle("perf-scheduler-latency").resolve("oracle/btt_A.txt");
        Path plain = TestData.bundle("perf-scheduler-latency").resolve("oracle/btt.txt");
        Results results = new Results();
        new BttSectionAnalysis().finish(read(plain, a), results);
        assertEquals("btt_A.txt", results.get(BttReport.class).orElseThrow().input());
        BlockSection s = results.get(BlockSection.class).orElseThrow();
        assertEquals(List.of("7,0", "254,0"), s.devices().stream().map(BlockDeviceStats::device).toList());
        assertEquals(90.2679, s.devices().get(0).overheadPct().get(Phase.I2D), 1e-9);
        assertTrue(s.devices().get(0).phases().containsKey(Phase.I2D));
        assertTrue(s.devices().get(1).phases().containsKey(Phase.Q2Cdm)); // btt counts major 254 as device-mapper
    }

    @Test
    void figuresComputedFromATraceWin() throws Exception {
        var traced = new BlockDeviceStats("8,0", "blkparse", Map.of(), Map.of(Phase.I2D, 1.0), new Merges(1, 1, 1));
        var trace = new BlockTrace(new BlockSection(List.of(traced), traced), List.of(), List.of(), List.of(), List.of());
        Results results = new Results();
        results.put(BlockTrace.class, trace);
        results.put(BlockSection.class, trace.section());
        new BttSectionAnalysis().finish(read(TestData.bundle("seed-002-btt-scheduler").resolve("bundle/btt.txt")), results);
        assertSame(trace, results.get(BlockTrace.class).orElseThrow());
        assertEquals("blkparse", results.get(BlockSection.class).orElseThrow().devices().get(0).source());
        assertTrue(results.get(BttReport.class).isPresent());
    }
}
