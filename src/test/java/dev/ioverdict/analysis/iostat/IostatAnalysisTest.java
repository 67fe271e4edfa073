package dev.ioverdict.analysis.iostat;

import dev.ioverdict.testing.TestInputs;
import dev.ioverdict.pipeline.Progress;
import dev.ioverdict.pipeline.CaseReader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.bundle.BundleReader;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.iostat.IostatColumns;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.model.iostat.IostatSection;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.iostat.IostatFormat;
import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class IostatAnalysisTest {
    private static CaseData read(Path bundle) throws Exception {
        try (var b = BundleReader.open(bundle)) {
            return CaseReader.read(b, null, Progress.NONE);
        }
    }

    private static DeviceSeries series(CaseData data, String input, String device) {
        return data.results().get(IostatTimeline.class).orElseThrow().find(input, device).orElseThrow();
    }

    @Test
    void sinceBootIsSetApartAndTheLightLoadBaselineFound() throws Exception {
        CaseData data = read(TestData.bundle("iostat-linux-saturated").resolve("bundle"));
        DeviceSeries loop0 = series(data, "iostat-x-t.txt", "loop0");
        assertEquals(25, loop0.points().size());
        assertEquals(1, loop0.sinceBoot().size());
        assertFalse(loop0.singleReport());
        assertEquals(4.40, loop0.baselineMs(), 1e-9, "median w_await of the five iodepth-1 reports");
        assertEquals(1.0, loop0.intervalSeconds());
        assertEquals("r/w await", loop0.responseLabel());
        IostatPoint p = loop0.points().get(12); // report 14, 08:34:12
        assertEquals("11/21/26 08:34:12", p.sample().timeText());
        assertEquals(69.18, p.responseMs(), 1e-9);
        assertEquals(64.33, p.queue());
        assertEquals(930.0, p.iops());
        assertEquals(100.0, p.busyPct());

        IostatDevice summary = data.results().get(IostatSection.class).orElseThrow().devices().get(0);
        assertEquals("loop0", summary.device());
        assertEquals(25, summary.samples());
        assertEquals(70.37, summary.metrics().get("w_await").max());
        assertEquals(100.0, summary.metrics().get("%util").max());
        assertEquals(130.04, summary.sinceBoot().get("w_await"), "since boot kept, apart");
        assertEquals(List.of("r/s", "rkB/s", "r_await", "w/s", "wkB/s", "w_await", "aqu-sz", "%util"),
                summary.keyColumns());
        assertNull(summary.singleReport());
        assertTrue(data.results().get(IostatSection.class).orElseThrow().devices().stream()
                .anyMatch(d -> d.device().equals("loop2") && d.idle()));
    }

    @Test
    void noLightLoadNoBaseline() throws Exception {
        CaseData data = read(TestData.bundle("iostat-linux-busy-parallel-iso").resolve("bundle"));
        DeviceSeries loop0 = series(data, "iostat-x-t-iso.txt", "loop0");
        assertNull(loop0.baselineMs());
        assertEquals(1.0, loop0.intervalSeconds());
    }

    @Test
    void awaitOfSysstat12IsTheRateWeightedMeanAndALoneReportIsJudged() throws Exception {
        CaseData data = read(TestData.external("iostat-linux"));
        DeviceSeries sda = series(data, "ubuntu2010-sysstat12-x-dkB-f_await-layout.txt", "sda");
        assertTrue(sda.singleReport());
        assertEquals(1, sda.points().size());
        assertEquals((2.67 * 0.36 + 2.81 * 0.42) / (2.67 + 2.81), sda.points().get(0).responseMs(), 1e-12);
        DeviceSeries old = series(data, "centos7-sysstat10-x-device-colon-rkB-dm.txt", "dm-0");
        assertEquals(0.92, old.points().get(0).responseMs());
        assertEquals("avgqu-sz", old.queueLabel());
    }

    @Test
    void solarisResponseIsWaitPlusActiveServiceTime() throws Exception {
        CaseData data = read(TestData.external("iostat-solaris"));
        DeviceSeries zones = series(data, "smartos-danubecloud-docs-iostat-xzn-lofi-ramdisk-zones.txt", "zones");
        assertEquals(8.1 + 0.8, zones.points().get(0).responseMs(), 1e-12);
        assertEquals(3.1 + 0.3, zones.points().get(0).queue(), 1e-12);
        assertEquals("wsvc_t+asvc_t", zones.responseLabel());
        DeviceSeries d10 = series(data, "illumos-manpage-ex1-xcnCXTdz-controller-aggregated-timestamped.txt", "d10");
        assertEquals(1, d10.points().size(), "the since-boot report is not judged");
        assertEquals(356.3, d10.sinceBoot().get(0).value("asvc_t"));
        assertNull(d10.intervalSeconds(), "one interval report: no spacing to measure");
    }

    /** A capture longer than the analysis keeps: adjacent reports combined, as iostat with a longer interval. */
    @Test
    void aLongCaptureIsKeptAtACoarserIntervalWithTheSameMeans() throws Exception {
        Path file = TestData.bundle("iostat-linux-saturated").resolve("bundle/iostat-x-t.txt");
        DeviceSeries full = compile(file, IostatAnalysis.KEPT_REPORTS).find("iostat-x-t.txt", "loop0").orElseThrow();
        DeviceSeries coarse = compile(file, 80).find("iostat-x-t.txt", "loop0").orElseThrow();
        assertEquals(25, full.points().size());
        assertEquals(13, coarse.points().size(), "24 reports in pairs, the 25th as printed");
        assertEquals(2.0, coarse.intervalSeconds(), "two one-second reports stand for one of two seconds");
        assertEquals(1, coarse.sinceBoot().size());
        double fullUtil = full.points().subList(0, 24).stream().mapToDouble(IostatPoint::busyPct).sum();
        double coarseUtil = coarse.points().subList(0, 12).stream().mapToDouble(IostatPoint::busyPct).sum();
        assertEquals(fullUtil, coarseUtil * 2, 1e-9, "%util is a mean over the interval");
        assertEquals(full.points().get(12).sample().line(), coarse.points().get(6).sample().line(),
                "a combined report cites the first line it stands for");
    }

    private static IostatTimeline compile(Path file, int keptReports) throws Exception {
        Facts facts = new Facts();
        IostatAnalysis analysis = new IostatAnalysis(keptReports);
        analysis.attach(facts);
        new IostatFormat().parse(TestInputs.of(file), new ParseContext("iostat-x-t.txt", facts));
        Results results = new Results();
        analysis.finish(facts, results);
        return results.get(IostatTimeline.class).orElseThrow();
    }

    /** The text of an iostat file cut before each report stamp: the banner rides with the first report. */
    private static List<String> reports(Path file, String stampStart) throws Exception {
        return List.of(java.nio.file.Files.readString(file).split("(?m)(?=^" + stampStart + ")"));
    }

    @Test
    void twoInterleavedRunsOfOneFileAreToldApartEachWithItsOwnWindow(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        // two real runs, the second recorded right after the first, spliced report by report as two
        // iostat processes appending to one file would leave them: stamps jump back and forth
        List<String> first = reports(TestData.bundle("iostat-linux-saturated").resolve("bundle/iostat-x-t.txt"),
                "11/21/26 ");
        List<String> second = reports(TestData.bundle("iostat-linux-busy-parallel-iso")
                .resolve("bundle/iostat-x-t-iso.txt"), "2026-11-21T");
        assertEquals(27, first.size(), "the banner and 26 reports");
        assertEquals(12, second.size(), "the banner and 11 reports");
        StringBuilder spliced = new StringBuilder(first.get(0) + first.get(1));
        for (int i = 0; i < 25; i++) {
            spliced.append(i + 1 < second.size() ? (i == 0 ? second.get(0) : "") + second.get(i + 1) : "");
            spliced.append(first.get(i + 2));
        }
        java.nio.file.Files.writeString(dir.resolve("iostat.txt"), spliced);

        CaseData data = read(dir);
        List<DeviceSeries> loop0 = data.results().get(IostatTimeline.class).orElseThrow().series().stream()
                .filter(s -> s.device().equals("loop0")).toList();
        assertEquals(2, loop0.size(), "one series per run");
        DeviceSeries a = loop0.get(0);
        DeviceSeries b = loop0.get(1);
        assertEquals(1, a.run());
        assertEquals(2, b.run());
        assertEquals("iostat.txt, run 2", b.source());
        assertEquals(25, a.points().size());
        assertEquals(10, b.points().size());
        assertEquals(1.0, a.intervalSeconds(), "each run 1 s apart, not the merged jumps");
        assertEquals(1.0, b.intervalSeconds());
        assertEquals(4.40, a.baselineMs(), 1e-9, "the first run's figures as when read alone");
        assertEquals("11/21/26 08:34:00", a.points().get(0).sample().timeText());
        assertEquals("11/21/26 08:34:24", a.points().get(24).sample().timeText());
        assertEquals("2026-11-21T08:34:25+0000", b.points().get(0).sample().timeText());
        assertEquals("2026-11-21T08:34:34+0000", b.points().get(9).sample().timeText());
        assertEquals(130.04, a.sinceBoot().get(0).value("w_await"), "each run's since-boot report set apart");
        assertEquals(67.25, b.sinceBoot().get(0).value("w_await"));

        List<IostatDevice> devices = data.results().get(IostatSection.class).orElseThrow().devices().stream()
                .filter(d -> d.device().equals("loop0")).toList();
        assertEquals(List.of(1, 2), devices.stream().map(IostatDevice::run).toList());
        assertEquals(List.of(25, 10), devices.stream().map(IostatDevice::samples).toList());
        var summary = data.inputs().stream().filter(in -> in.path().equals("iostat.txt")).findFirst().orElseThrow();
        assertEquals(1, summary.warnings().size(), summary.warnings().toString());
        assertTrue(summary.warnings().get(0).message().contains("kept as separate runs"));
    }

    @Test
    void twoRunsAppendingToOneFileWithTheSameStampsAreToldApartAndWarned() throws Exception {
        // two real iostat processes started half a second apart, both printing 19:30:18, 19:30:19, ...
        CaseData data = read(TestData.bundle("iostat-linux-two-runs-interleaved").resolve("bundle"));
        List<DeviceSeries> vda = data.results().get(IostatTimeline.class).orElseThrow().series().stream()
                .filter(s -> s.device().equals("vda")).toList();
        assertEquals(2, vda.size(), "one series per run, not one merged with every stamp twice");
        List<String> first = vda.get(0).points().stream().map(p -> p.sample().timeText()).toList();
        List<String> second = vda.get(1).points().stream().map(p -> p.sample().timeText()).toList();
        assertEquals(List.of("11/26/26 19:30:18", "11/26/26 19:30:19", "11/26/26 19:30:20", "11/26/26 19:30:21",
                "11/26/26 19:30:22"), first);
        assertEquals(List.of("11/26/26 19:30:19", "11/26/26 19:30:20", "11/26/26 19:30:21", "11/26/26 19:30:22",
                "11/26/26 19:30:23"), second);
        // each run's reports are its own: the file's lines alternate between the two
        List<Long> lines = vda.get(0).points().stream().map(p -> p.sample().line()).toList();
        assertEquals(List.of(34L, 56L, 78L, 100L, 122L), lines);
        assertEquals(1.0, vda.get(0).intervalSeconds());
        assertEquals(1.0, vda.get(1).intervalSeconds());
        assertEquals(1, vda.get(0).sinceBoot().size());
        assertEquals(1, vda.get(1).sinceBoot().size());
        var summary = data.inputs().stream().filter(in -> in.path().equals("iostat-x-t.txt")).findFirst().orElseThrow();
        assertEquals(1, summary.warnings().size(), summary.warnings().toString());
        assertEquals(30, summary.warnings().get(0).line());
        assertTrue(summary.warnings().get(0).message().startsWith("iostat runs written into this file at the same time: "
                + "this report, stamped 11/26/26 19:30:18, continues the run whose last report is at line 7"),
                summary.warnings().get(0).message());
    }

    @Test
    void runsWrittenOneAfterTheOtherStayOneSeriesWithEachSinceBootReportSetApart(
            @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        String first = java.nio.file.Files.readString(
                TestData.bundle("iostat-linux-saturated").resolve("bundle/iostat-x-t.txt"));
        String second = java.nio.file.Files.readString(
                TestData.bundle("iostat-linux-busy-parallel-iso").resolve("bundle/iostat-x-t-iso.txt"));
        java.nio.file.Files.writeString(dir.resolve("iostat.txt"), first + second);
        CaseData data = read(dir);
        DeviceSeries loop0 = series(data, "iostat.txt", "loop0");
        assertNull(loop0.run());
        assertEquals(35, loop0.points().size());
        assertEquals(2, loop0.sinceBoot().size());
        var summary = data.inputs().stream().filter(in -> in.path().equals("iostat.txt")).findFirst().orElseThrow();
        assertTrue(summary.warnings().isEmpty(), summary.warnings().toString());
    }

    /**
     * 3,000 devices in 3 reports, device d {@code (d + report) % 97} % busy: the 1,000 busiest in
     * total are the 987 of residues 94 (285) down to 63 (192) and 13 of the 30 of residue 95 (191).
     * With the whole series of only 100 devices kept while reading, the first report leaves those
     * of 96, 95, 94 and ten of 93 kept: of the 1,000 busiest, 53 are itemised, whole, and the others
     * are counted in the note, not shown with part of a series.
     */
    @Test
    void aDeviceLetGoWhileReadingIsCountedNotShownInPart(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        Path file = dev.ioverdict.testing.HostileShapes.iostatManyDevices(tmp, 3_000, 3);
        Results few = analyse(file, 100);
        IostatSection section = few.get(IostatSection.class).orElseThrow();
        assertEquals(53, section.devices().size());
        for (DeviceSeries s : few.get(IostatTimeline.class).orElseThrow().series()) {
            int residue = Integer.parseInt(s.device().substring(2)) % 97;
            assertTrue(residue >= 93 && residue <= 95, s.device());
            assertEquals(3, s.points().size() + s.sinceBoot().size(), s.device() + ": a whole series");
        }
        assertEquals(List.of("2,947 more devices not itemised: only the 1,000 busiest are kept, and 947 of those are "
                + "counted here too: they grew busy after their first reports had been let go (the whole series of "
                + "at most 100 devices are kept while reading)"), section.notes());

        // kept while reading as the default does, 10,000: the 1,000 busiest, whole, as when every series was kept
        Results all = analyse(file, IostatAnalysis.CANDIDATES);
        IostatSection whole = all.get(IostatSection.class).orElseThrow();
        assertEquals(1_000, whole.devices().size());
        assertEquals(List.of("2,000 more devices not itemised: only the 1,000 busiest are kept"), whole.notes());
        assertEquals(13, whole.devices().stream().filter(d -> Integer.parseInt(d.device().substring(2)) % 97 == 95).count());
        assertTrue(whole.devices().stream().allMatch(d -> Integer.parseInt(d.device().substring(2)) % 97 >= 63));
    }

    @Test
    void eachColumnIsSummedOnceUnderEveryHeaderItIsPrintedUnder() {
        // one device's reports under two headers: the columns in another order, one more, %util past 100
        IostatColumns first = new IostatColumns(IostatDialect.SYSSTAT_NEW, "Device r/s %util", List.of("r/s", "%util"));
        IostatColumns second = new IostatColumns(IostatDialect.SYSSTAT_NEW, "Device %util w/s r/s",
                List.of("%util", "w/s", "r/s"));
        Facts facts = new Facts();
        IostatAnalysis analysis = new IostatAnalysis();
        analysis.attach(facts);
        double[][] rows = {{10, 50}, {20, 101}, {30, 70, 5}, {40, 90, 7}};
        for (int i = 0; i < rows.length; i++) {
            IostatColumns c = i < 2 ? first : second;
            double[] v = i < 2 ? rows[i] : new double[] {rows[i][1], rows[i][2], rows[i][0]};
            facts.add(IostatSample.owning("iostat.txt", 10 + i, "row " + i, 1, c, "sda", i + 1, false, 100.0 + i,
                    "t" + i, null, 1, v));
        }
        Results results = new Results();
        analysis.finish(facts, results);
        IostatDevice d = results.get(IostatSection.class).orElseThrow().devices().get(0);
        assertEquals(List.of("r/s", "%util", "w/s"), List.copyOf(d.metrics().keySet()));
        assertEquals(25.0, d.metrics().get("r/s").avg());
        assertEquals(40.0, d.metrics().get("r/s").max());
        assertEquals((50 + 100 + 70 + 90) / 4.0, d.metrics().get("%util").avg());
        assertEquals(100.0, d.metrics().get("%util").max());
        assertEquals(101.0, d.metrics().get("%util").printedMax());
        assertEquals(3.0, d.metrics().get("w/s").avg()); // over every report of the series, as it always was
        assertEquals(4, d.samples());
    }

    private static Results analyse(Path file, int candidates) throws Exception {
        Facts facts = new Facts();
        IostatAnalysis analysis = new IostatAnalysis(IostatAnalysis.KEPT_REPORTS, candidates);
        analysis.attach(facts);
        new IostatFormat().parse(TestInputs.of(file), new ParseContext("iostat-x.txt", facts));
        Results results = new Results();
        analysis.finish(facts, results);
        return results;
    }
}
