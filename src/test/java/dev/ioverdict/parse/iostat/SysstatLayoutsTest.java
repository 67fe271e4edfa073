package dev.ioverdict.parse.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.bundle.DetectedFile;
import dev.ioverdict.bundle.FormatDetector;
import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every layout sysstat 12.6.1 (and the -h of 11.6.6 and 10.2.1) prints for one workload, recorded
 * at the same time (testdata/iostat-layouts/README.md): each file is read as the tool printed it,
 * with -h's suffixed values turned back into kB by powers of 1024 as sysstat's cprintf_unit made them.
 */
class SysstatLayoutsTest {
    private static Path file(String name) {
        return TestData.file("iostat-layouts", name);
    }

    private static List<IostatSample> rows(InputFormat format, String name) {
        ParseRun run = ParseRun.of(format, file(name));
        assertEquals(0, run.summary().skipped(), name + ": " + run.summary().warnings());
        return run.all(IostatSample.class);
    }

    private static IostatSample row(List<IostatSample> rows, String device, String time) {
        return rows.stream().filter(r -> r.device().equals(device) && time.equals(r.timeText())).findFirst().orElseThrow();
    }

    @Test
    void everyLayoutIsRecognisedAsItsToolWithEveryRow() throws Exception {
        Map<String, String> formats = Map.ofEntries(
                Map.entry("iostat-d-t.txt", "iostat 10"), Map.entry("iostat-d-s-t.txt", "iostat 10"),
                Map.entry("iostat-d-h-t.txt", "iostat 10"), Map.entry("iostat-d-p-ALL.txt", "iostat 50"),
                Map.entry("iostat-x-t.txt", "iostat 10"), Map.entry("iostat-x-s-t.txt", "iostat 10"),
                Map.entry("iostat-x-pretty-t.txt", "iostat 10"), Map.entry("iostat-x-h-t.txt", "iostat 10"),
                Map.entry("iostat-x-h-t-11.6.6.txt", "iostat 10"), Map.entry("iostat-x-h-t-10.2.1.txt", "iostat 10"),
                Map.entry("iostat-x-z-t.txt", "iostat 11"), Map.entry("iostat-x-z-p-ALL-t.txt", "iostat 16"),
                Map.entry("iostat-x-t-json.txt", "sysstat-json 10"), Map.entry("iostat-d-json.txt", "sysstat-json 10"),
                Map.entry("sadf-j-d.json", "sysstat-json 28"), Map.entry("sadf-d.txt", "sar 28"),
                Map.entry("sar-d.txt", "sar 14"), Map.entry("sar-d-h.txt", "sar 14"),
                Map.entry("sar-d-j-ID.txt", "sar 28"), Map.entry("sar-d-j-LABEL.txt", "sar 28"),
                Map.entry("sar-d-j-PATH.txt", "sar 28"), Map.entry("sar-d-j-UUID.txt", "sar 28"));
        FormatDetector detector = new FormatDetector(InputFormats.all());
        try (var files = Files.list(file("."))) {
            assertEquals(formats.size(), files.count());
        }
        for (Map.Entry<String, String> e : formats.entrySet()) {
            Path f = file(e.getKey());
            DetectedFile d = detector.detect(new BundleFile(e.getKey(), f, Files.size(f), false));
            InputFormat format = d.format().orElseThrow(() -> new AssertionError(e.getKey() + " not recognised"));
            assertEquals(e.getValue(), format.id() + " " + rows(format, e.getKey()).size(), e.getKey());
        }
    }

    @Test
    void prettyTablesAreJoinedIntoOneRowPerDeviceAndReport() {
        List<IostatSample> rows = rows(new IostatFormat(), "iostat-x-pretty-t.txt");
        IostatSample loop0 = row(rows, "loop0", "11/26/26 19:30:04");
        assertEquals(List.of("r/s", "rkB/s", "rrqm/s", "%rrqm", "r_await", "rareq-sz", "w/s", "wkB/s", "wrqm/s", "%wrqm",
                "w_await", "wareq-sz", "d/s", "dkB/s", "drqm/s", "%drqm", "d_await", "dareq-sz", "f/s", "f_await",
                "aqu-sz", "%util"), loop0.columns().names(), "the columns of iostat -x, in its order");
        assertEquals(IostatDialect.SYSSTAT_NEW, loop0.dialect());
        // as printed in the r table (line 29, where the row is kept), the w table (line 33) and the f table (line 42)
        assertEquals(29, loop0.line());
        assertEquals(282.0, loop0.value("r/s"));
        assertEquals(1128.0, loop0.value("rkB/s"));
        assertEquals(0.35, loop0.value("r_await"));
        assertEquals(211.0, loop0.value("w/s"));
        assertEquals(0.35, loop0.value("w_await"));
        assertEquals(0.17, loop0.value("aqu-sz"));
        assertEquals(18.8, loop0.value("%util"));
        assertEquals(2, rows.stream().filter(IostatSample::sinceBoot).count());
        assertEquals(5, rows.stream().mapToInt(IostatSample::report).max().orElseThrow());
    }

    @Test
    void humanValuesAreReadBackByPowersOf1024() {
        List<IostatSample> rows = rows(new IostatFormat(), "iostat-x-h-t.txt");
        IostatSample loop0 = row(rows, "loop0", "11/26/26 19:30:04");
        assertEquals(291.0, loop0.value("r/s"));
        assertEquals(1.1 * 1024, loop0.value("rkB/s"), 1e-9, "1.1M");
        assertEquals(868.0, loop0.value("wkB/s"), "868.0k");
        assertEquals(4.0, loop0.value("rareq-sz"), "4.0k");
        assertEquals(19.6, loop0.value("%util"), "19.6%");
        IostatSample boot = row(rows, "loop0", "11/26/26 19:30:03");
        assertEquals(1.0 * 1024 * 1024, boot.value("dareq-sz"), 1e-6, "1.0G");
        assertEquals(142.6, boot.value("rkB/s"), "142.6k");

        List<IostatSample> basic = rows(new IostatFormat(), "iostat-d-h-t.txt");
        IostatSample since = row(basic, "loop0", "11/26/26 19:30:03");
        assertEquals(List.of("tps", "kB_read/s", "kB_wrtn/s", "kB_dscd/s", "kB_read", "kB_wrtn", "kB_dscd"),
                since.columns().names());
        assertEquals(36.5 * 1024 * 1024, since.value("kB_wrtn"), 1e-6, "36.5G");
        assertEquals(4.2 * 1024 * 1024, since.value("kB_read"), 1e-6, "4.2G");
        assertEquals(16.7 * 1024, row(basic, "loop1", "11/26/26 19:30:03").value("kB_read"), 1e-9, "16.7M");
    }

    @Test
    void theDeviceOnALineOfItsOwnOfOlderReleases() {
        List<IostatSample> v11 = rows(new IostatFormat(), "iostat-x-h-t-11.6.6.txt");
        IostatSample loop1 = row(v11, "loop1", "11/26/26 19:30:05");
        assertEquals(IostatDialect.SYSSTAT_NEW, loop1.dialect());
        assertEquals(98.0, loop1.value("w/s"));
        assertEquals(1.5 * 1024, loop1.value("wkB/s"), 1e-9, "1.5M");
        assertEquals(0.57, loop1.value("w_await"));
        assertEquals(6.8, loop1.value("%util"), "6.8%");
        List<IostatSample> v10 = rows(new IostatFormat(), "iostat-x-h-t-10.2.1.txt");
        IostatSample loop0 = row(v10, "loop0", "11/26/26 19:30:05");
        assertEquals(IostatDialect.SYSSTAT_OLD, loop0.dialect());
        assertEquals(282.0, loop0.value("r/s"));
        assertEquals(1128.0, loop0.value("rkB/s"));
        assertEquals(0.36, loop0.value("await"));
        assertEquals(16.0, loop0.value("%util"));
        assertEquals(10, v10.size());
    }

    @Test
    void aDeviceNameCutFromItsValuesIsSaidSo() throws Exception {
        String text = Files.readString(file("iostat-x-h-t-11.6.6.txt")).stripTrailing();
        String cut = text.substring(0, text.lastIndexOf('\n')); // the last values line, under "loop1", lost
        ParseRun run = ParseRun.of(new IostatFormat(), "cut.txt", cut);
        assertEquals(9, run.all(IostatSample.class).size());
        assertEquals(1, run.summary().skipped());
        assertTrue(run.summary().warnings().get(0).message().contains("no values on the next line"));
    }

    @Test
    void shortAndBasicReports() {
        IostatSample xs = row(rows(new IostatFormat(), "iostat-x-s-t.txt"), "loop1", "11/26/26 19:30:06");
        assertEquals(List.of("tps", "kB/s", "rqm/s", "await", "areq-sz", "aqu-sz", "%util"), xs.columns().names());
        assertEquals(132.0, xs.value("tps"));
        assertEquals(2112.0, xs.value("kB/s"));
        assertEquals(0.74, xs.value("await"));
        assertEquals(12.0, xs.value("%util"));
        IostatSample ds = row(rows(new IostatFormat(), "iostat-d-s-t.txt"), "loop0", "11/26/26 19:30:06");
        assertEquals(List.of("tps", "kB_read/s", "kB_w+d/s", "kB_read", "kB_w+d"), ds.columns().names());
        assertEquals(473.27, ds.value("tps"));
        assertEquals(1148.51, ds.value("kB_read/s"));
        assertEquals(752.0, ds.value("kB_w+d"));
        IostatSample d = row(rows(new IostatFormat(), "iostat-d-t.txt"), "loop1", "11/26/26 19:30:04");
        assertEquals(116.0, d.value("tps"));
        assertEquals(1856.0, d.value("kB_wrtn/s"));
        assertEquals(1856.0, d.value("kB_wrtn"));
    }

    @Test
    void jsonOfIostatWithStampsAndTheSinceBootReport() {
        List<IostatSample> rows = rows(new SysstatJsonFormat(), "iostat-x-t-json.txt");
        IostatSample boot = rows.get(0);
        assertTrue(boot.sinceBoot());
        assertEquals("2026-11-26", boot.date());
        assertEquals(1073152.08, boot.value("dareq-sz"));
        IostatSample loop0 = row(rows, "loop0", "11/26/26 19:30:05");
        assertFalse(loop0.sinceBoot());
        assertEquals(3, loop0.report());
        assertEquals(IostatDialect.SYSSTAT_NEW, loop0.dialect());
        assertEquals(281.0, loop0.value("r/s"));
        assertEquals(205.0, loop0.value("w/s"));
        assertEquals(1124.0, loop0.value("rkB/s"));
        assertEquals(0.40, loop0.value("r_await"));
        assertEquals(17.2, loop0.value("%util"), "\"util\" is %util");
        assertEquals(1795721405.0, loop0.time());
    }

    @Test
    void sarHumanUnitsAgreeWithPlainSarOfTheSameFile() {
        List<IostatSample> plain = rows(new SarFormat(), "sar-d.txt");
        List<IostatSample> human = rows(new SarFormat(), "sar-d-h.txt");
        assertEquals(plain.size(), human.size());
        for (int i = 0; i < plain.size(); i++) {
            IostatSample p = plain.get(i);
            IostatSample h = human.get(i);
            assertEquals(p.device(), h.device());
            assertEquals(p.timeText(), h.timeText());
            for (String column : p.columns().names()) {
                double v = p.value(column);
                // -h prints one decimal of the largest unit under 1024 (k, M ...): half of it either way
                double half = 0.05 * (v >= 1024 * 1024 ? 1024 * 1024 : v >= 1024 && column.contains("kB") ? 1024 : 1);
                assertEquals(v, h.value(column), half + 1e-9, p.device() + " " + p.timeText() + " " + column);
            }
        }
        assertEquals(0.35, human.get(0).value("await"));
        assertEquals(1.1 * 1024, human.get(0).value("rkB/s"), 1e-9, "1.1M: sar-d.txt says 1156.00");
    }

    @Test
    void sarNamesByIdLabelPathUuidKeepTheFigures() {
        List<IostatSample> plain = rows(new SarFormat(), "sar-d.txt");
        Map<String, List<String>> names = Map.of(
                "ID", List.of("virtio-ioverdict-loop0", "virtio-ioverdict-loop1"),
                "LABEL", List.of("ioverdict-a", "ioverdict-b"),
                "PATH", List.of("platform-ioverdict-loop0", "platform-ioverdict-loop1"),
                "UUID", List.of("f0fc5311-dfa7-49af-9239-887b6a7c2627", "8eef8adf-6273-4f0e-b25a-905e465b2bf5"));
        names.forEach((kind, devices) -> {
            List<IostatSample> named = rows(new SarFormat(), "sar-d-j-" + kind + ".txt");
            assertEquals(7, named.stream().filter(r -> r.device().equals("vda")).count(), kind);
            for (IostatSample p : plain) {
                String device = devices.get(p.device().equals("loop0") ? 0 : 1);
                IostatSample n = named.stream().filter(r -> r.device().equals(device) && r.timeText().equals(p.timeText()))
                        .findFirst().orElseThrow(() -> new AssertionError(kind + " " + device + " " + p.timeText()));
                assertEquals(p.metrics(), n.metrics(), kind + " " + device);
            }
        });
    }

    @Test
    void sadfJsonHasSarsColumnsAndFigures() {
        List<IostatSample> csv = rows(new SarFormat(), "sadf-d.txt");
        List<IostatSample> json = rows(new SysstatJsonFormat(), "sadf-j-d.json");
        assertEquals(csv.size(), json.size());
        for (int i = 0; i < csv.size(); i++) {
            assertEquals(csv.get(i).device(), json.get(i).device());
            assertEquals(csv.get(i).metrics(), json.get(i).metrics(), csv.get(i).toString());
            assertEquals(csv.get(i).time(), json.get(i).time());
            assertFalse(json.get(i).sinceBoot(), "sar never prints a since-boot report");
        }
    }

    @Test
    void bccBiosnoopIsNotIostatThoughItsExampleQuotesIostat() {
        Path f = TestData.bundle("iostat-layouts").resolve("not-iostat/bcc-biosnoop_example.txt");
        assertFalse(ParseRun.recognise(new IostatFormat(), f).matches());
        assertFalse(ParseRun.recognise(new SarFormat(), f).matches());
    }
}
