package dev.ioverdict.analysis.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.bundle.BundleReader;
import dev.ioverdict.pipeline.CaseReader;
import dev.ioverdict.pipeline.Progress;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class CpuLoadsTest {
    private static CpuLoads.Load load(String bundle) throws Exception {
        try (var b = BundleReader.open(TestData.bundle(bundle).resolve("bundle"))) {
            CaseData data = CaseReader.read(b, null, Progress.NONE);
            return data.results().get(CpuLoads.class).orElseThrow().loads().getFirst();
        }
    }

    @Test
    void theMedianReportOfCpusHeldByBusyLoopsIsBusyAndTheSinceBootReportIsNotCounted() throws Exception {
        // eight busy loops on two CPUs for the run's 8 s of the 14 reports: the first (since boot, 57 % user) is left
        // out, the two before the run and the two after it are idle, nine are 98-100 % user
        CpuLoads.Load cpu = load("grid/zram-cpuhog8-randread-qd4");
        assertEquals("iostat-x.txt", cpu.input());
        assertEquals(13, cpu.reports());
        assertEquals(100, cpu.medianBusyPct());
        assertEquals(100, cpu.maxBusyPct(), 1e-9);
        // the first report with no idle time: the evidence a reader can find in the file
        assertEquals(45, cpu.busiest().line());
        assertTrue(cpu.busiest().text().strip().endsWith("0.00    0.00"), cpu.busiest().text());
    }

    @Test
    void aCpuWaitingForIoIsNotBusy() throws Exception {
        // a copy's writeback filling a disk: the CPUs 43-66 % in %iowait, 31-51 % idle, some 6-10 % busy in most reports
        CpuLoads.Load cpu = load("grid/writeback-neighbour-reads-8ms-s1-hdd");
        assertTrue(cpu.medianBusyPct() >= 5 && cpu.medianBusyPct() <= 15, cpu.toString());
    }
}
