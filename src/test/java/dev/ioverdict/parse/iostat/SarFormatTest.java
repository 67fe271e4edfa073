package dev.ioverdict.parse.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SarFormatTest {
    private static Path external(String file) {
        return TestData.external().resolve("sar-d").resolve(file);
    }

    @Test
    void oldLayoutWithDevMajMinNamesAndPmStamps() {
        Path f = external("thegeekstuff-rhel5-2.6.18-el5PAE-sar-d-old-layout-devMAJ-MIN-ampm.txt");
        assertEquals(100, ParseRun.recognise(new SarFormat(), f).score());
        ParseRun run = ParseRun.of(new SarFormat(), f);
        List<IostatSample> rows = run.facts().all(IostatSample.class);
        assertEquals(8, rows.size());
        IostatSample s = rows.get(2);
        assertEquals("dev120-64", s.device());
        assertEquals(IostatDialect.SYSSTAT_OLD, s.dialect());
        assertEquals(21.33, s.value("avgrq-sz"));
        assertEquals(9.33, s.value("await"));
        assertEquals(1.62, s.value("%util"));
        assertFalse(s.sinceBoot());
        assertEquals("01:59:46 PM", s.timeText());
        assertEquals("2011-03-26", s.date());
        assertEquals(1301147986.0, s.time()); // 2011-03-26 13:59:46 read as UTC
    }

    @Test
    void currentLayoutSkipsAverageRowsAndComments() {
        ParseRun run = ParseRun.of(new SarFormat(),
                external("sysstat-testdata-fedora28-kernel4.17-sa-file-sar-A-DEV-section-with-COM-record.txt"));
        List<IostatSample> rows = run.facts().all(IostatSample.class);
        assertEquals(13, rows.size());
        assertEquals(0, run.summary().skipped());
        IostatSample sda = rows.get(0);
        assertEquals(IostatDialect.SYSSTAT_NEW, sda.dialect());
        assertEquals(6.68, sda.value("await"));
        assertEquals(0.04, sda.value("aqu-sz"));
        assertEquals(5.93, sda.value("tps"));
    }

    @Test
    void sadfSemicolonRowsWithUtcStamps() {
        Path f = external("sysstat-testsuite-synthetic-host-sadf-d-DEV-section.txt");
        assertEquals(100, ParseRun.recognise(new SarFormat(), f).score());
        ParseRun run = ParseRun.of(new SarFormat(), f);
        List<IostatSample> rows = run.facts().all(IostatSample.class);
        assertEquals(69, rows.size());
        IostatSample sdq = rows.stream().filter(r -> r.device().equals("sdq")).reduce((a, b) -> b).orElseThrow();
        assertEquals(13.23, sdq.value("%util"));
        assertEquals(1555593649.0, sdq.time());
        assertEquals(4, sdq.report());
    }

    @Test
    void restartsAndOtherSectionsAreNotedAndDamagedRowsSkipped() {
        String text = """
                Linux 6.1.0 (db1) \t11/21/26 \t_x86_64_\t(2 CPU)

                08:00:01          CPU     %user     %nice   %system   %iowait    %steal     %idle
                08:10:01          all      1.00      0.00      1.00      0.00      0.00     98.00

                08:00:01          DEV       tps     rkB/s     wkB/s     dkB/s   areq-sz    aqu-sz     await     %util
                08:10:01          sda    900.00      0.00  3600.00      0.00      4.00     60.00     66.00    100.00
                08:20:01          sda    900.00      0.00  3600.00      0.00      4.00     XX     66.00    100.00
                08:25:01     LINUX RESTART\t(2 CPU)
                08:30:01          sda    910.00      0.00  3640.00      0.00      4.00     61.00     67.00    100.00
                Average:          sda    905.00      0.00  3620.00      0.00      4.00     60.50     66.50    100.00
                """;
        ParseRun run = ParseRun.of(new SarFormat(), "sar.txt", text);
        List<IostatSample> rows = run.facts().all(IostatSample.class);
        assertEquals(2, rows.size());
        assertEquals(1, run.summary().skipped());
        // a restart is not damage: a note, and the one warning is the unreadable "XX" row
        assertTrue(run.summary().notes().stream().anyMatch(n -> n.contains("LINUX RESTART")), run.summary().notes().toString());
        assertEquals(1, run.summary().warnings().size(), run.summary().warnings().toString());
        assertEquals(1795248601.0, rows.get(0).time()); // 2026-11-21 08:10:01 UTC
    }

    @Test
    void rowsOfOneStampShareItsReportAndTimeAcrossMidnight() {
        String text = """
                Linux 6.1.0 (db1) \t11/21/26 \t_x86_64_\t(2 CPU)

                11:59:58 PM     DEV       tps     rkB/s     wkB/s     dkB/s   areq-sz    aqu-sz     await     %util
                11:59:59 PM     sda      9.00      1.2M      0.0k      0.00      4.00      0.60     66.00     10.0%
                11:59:59 PM     sdb      8.00      0.00      0.00      0.00      4.00      0.50     65.00      9.00
                12:00:00 AM     sda      7.00      0.00      0.00      0.00      4.00      0.40     64.00      8.00
                12:00:00 AM     sdb      6.00      0.00      0.00      0.00      4.00      bad      63.00      7.00
                12:00:00 AM     sdc      5.00      0.00      0.00      0.00      4.00      0.20     62.00      6.00
                """;
        ParseRun run = ParseRun.of(new SarFormat(), "sar.txt", text);
        List<IostatSample> rows = run.facts().all(IostatSample.class);
        assertEquals(4, rows.size());
        assertEquals(1, run.summary().skipped());
        assertEquals(List.of(1, 1, 2, 2), rows.stream().map(IostatSample::report).toList());
        assertEquals(List.of("11:59:59 PM", "11:59:59 PM", "12:00:00 AM", "12:00:00 AM"),
                rows.stream().map(IostatSample::timeText).toList());
        assertEquals(1795305599.0, rows.get(0).time()); // 2026-11-21 23:59:59 UTC
        assertEquals(rows.get(0).time(), rows.get(1).time());
        assertEquals(1795305600.0, rows.get(2).time()); // past midnight: the next day
        assertEquals(1.2 * 1024, rows.get(0).value("rkB/s"), 1e-9);
        assertEquals(10.0, rows.get(0).value("%util"));
        assertEquals("sdc", rows.get(3).device());
    }

    @Test
    void aDeviceNamedOnEveryRowIsOneStringAndEachRowHasItsOwnValues() {
        String text = """
                Linux 6.18.44 (vm) \t11/24/26 \t_x86_64_\t(2 CPU)

                00:00:00          tps     rkB/s     wkB/s     dkB/s   areq-sz    aqu-sz     await     %util DEV
                00:00:01        12.10   5109.68     12.90      0.00    423.47      0.07      5.33      1.94 sda
                00:00:01       107.92      0.00    609.90    198.02      7.49      0.11      0.69      4.36 sdb
                00:00:02        12.20   5109.68     12.90      0.00    423.47      0.07      5.33      1.95 sda
                00:00:02       107.93      0.00    609.90    198.02      7.49      0.11      0.69      4.37 sdb
                """;
        List<IostatSample> rows = ParseRun.of(new SarFormat(), "sar.txt", text).facts().all(IostatSample.class);
        assertEquals(List.of("sda", "sdb", "sda", "sdb"), rows.stream().map(IostatSample::device).toList());
        assertTrue(rows.get(0).device() == rows.get(2).device(), "one String per device name");
        assertEquals(List.of(12.10, 107.92, 12.20, 107.93), rows.stream().map(r -> r.value("tps")).toList());
        assertEquals(List.of(1.94, 4.36, 1.95, 4.37), rows.stream().map(r -> r.value("%util")).toList());
        assertEquals(1795478401.0, rows.get(0).seconds()); // 2026-11-24 00:00:01 UTC
        assertTrue(rows.get(0).timed());
    }
}
