package dev.ioverdict.analysis.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.bundle.BundleReader;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.iostat.IostatSection;
import dev.ioverdict.model.iostat.Periods;
import dev.ioverdict.pipeline.CaseReader;
import dev.ioverdict.pipeline.Progress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Captures of one system at different times are periods, each with its figures, compared by setting. */
class PeriodFinderTest {
    private static List<IostatDevice> iostat(String bundle) throws Exception {
        try (var b = BundleReader.open(Path.of("testdata", bundle, "bundle"))) {
            CaseData data = CaseReader.read(b, null, Progress.NONE);
            return data.results().get(IostatSection.class).orElseThrow().devices();
        }
    }

    @Test
    void seed003TellsItsMaxcontigStory() throws Exception {
        Periods p = PeriodFinder.of(iostat("iostat-solaris-seed003"));
        assertEquals(List.of("cp-maxcontig6", "cp-maxcontig128", "mkfile-maxcontig6", "mkfile-maxcontig128"),
                p.periods().stream().map(Periods.Period::label).toList());
        // two pairs, one per workload: cp against mkfile is two workloads, not a change
        assertEquals(List.of("maxcontig 6 -> 128, cp", "maxcontig 6 -> 128, mkfile"),
                p.pairs().stream().map(Periods.Pair::title).toList());
        Periods.Pair mkfile = p.pairs().get(1);
        Periods.Change svc = mkfile.changes().stream()
                .filter(c -> c.device().equals("sd0") && c.figure().equals("svc_t avg")).findFirst().orElseThrow();
        assertEquals(1246.4, svc.before());
        assertEquals(353.6, svc.after());
        assertEquals(-71.6, svc.changePct());
        assertTrue(svc.significant());
        assertEquals("better", svc.change());
        assertEquals("svc_t on sd0 1246 ms -> 354 ms (-71.6 %), a significant change (1 report each)",
                mkfile.headline());
        // the busiest device of cp is ssd2, whose service time did not move beyond noise
        assertTrue(p.pairs().get(0).headline().startsWith("svc_t on ssd2 138 ms -> 159 ms"), p.pairs().get(0).headline());
    }

    @Test
    void oneCaptureHasNoPeriods() throws Exception {
        assertTrue(PeriodFinder.of(iostat("xfs-unaligned-512b")).isEmpty());
    }

    @Test
    void filesWhoseStampedSpansOverlapAreOneCaptureNotPeriods() {
        IostatDevice a = device("host-a/iostat.txt", 1000.0, 1060.0);
        IostatDevice b = device("host-b/iostat.txt", 1030.0, 1090.0);
        assertTrue(PeriodFinder.of(List.of(a, b)).isEmpty());
        IostatDevice later = device("host-b/iostat.txt", 5000.0, 5060.0);
        Periods apart = PeriodFinder.of(List.of(a, later));
        assertEquals(List.of("a", "b"), apart.periods().stream().map(Periods.Period::label).toList());
        assertEquals(61.0, apart.periods().get(0).seconds());
    }

    @Test
    void numbersInsideNamesSortAsNumbers() {
        assertTrue(PeriodFinder.natural("maxcontig6", "maxcontig128") < 0);
        assertTrue(PeriodFinder.natural("run-10", "run-9") > 0);
        assertEquals(List.of("iostat", "x", "cp", "maxcontig6"), PeriodFinder.parts("iostat-x-cp-maxcontig6.txt"));
    }

    @Test
    void thousandsOfFilesAreNotPairedEachWithEach() {
        List<IostatDevice> many = new java.util.ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            many.add(device("run-" + i + "/iostat.txt", 100.0 * i, 100.0 * i + 60));
        }
        assertTrue(PeriodFinder.of(many).isEmpty());
        assertEquals(2, PeriodFinder.of(many.subList(0, 2)).periods().size());
    }

    private static IostatDevice device(String input, double first, double last) {
        return new IostatDevice("sda", null, dev.ioverdict.model.iostat.IostatDialect.SYSSTAT_NEW, input, null, 61, null,
                false, first, last, null, null, 1.0, List.of("await", "%util"),
                Map.of("await", new IostatDevice.Stat(5, 9), "%util", new IostatDevice.Stat(50, 80)), null);
    }
}
