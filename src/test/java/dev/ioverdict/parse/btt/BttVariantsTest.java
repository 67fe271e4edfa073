package dev.ioverdict.parse.btt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.block.BttReport;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.TrackedIo;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** btt's -X, -I and -p outputs, on the examples of btt's own documentation (testdata/external/btt). */
class BttVariantsTest {
    private static Path sample(String file) {
        return TestData.external().resolve("btt").resolve(file);
    }

    @Test
    void easyParseAveragesArePhaseAndMergeRows() {
        Path file = sample("btt-doc-easy-parse-avgs-X.txt");
        assertTrue(ParseRun.recognise(new BttAveragesFormat(), file).score() == 100);
        assertEquals(0, ParseRun.recognise(new BttFormat(), file).score());
        ParseRun run = ParseRun.of(new BttAveragesFormat(), file);
        assertEquals(15, run.summary().records());
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
        BttReport r = run.all(BttReport.class).get(0);
        assertEquals(9, r.phases().size());
        BttReport.PhaseRow d2c = r.phases(BttReport.Table.ALL_DEVICES, BttReport.ALL).stream()
                .filter(p -> p.phase() == Phase.D2C).findFirst().orElseThrow();
        assertEquals(0.008681311, d2c.stat().avg(), 1e-12);
        assertEquals(137.02, d2c.stat().max(), 1e-9);
        assertEquals(307343, d2c.stat().n());
        BttReport.MergeRow dmi = r.merges().get(0);
        assertEquals("8,16", dmi.device());
        assertEquals(309907, dmi.q());
        assertEquals(106729, dmi.d());
        assertEquals(2.903681286, dmi.ratio(), 1e-12);
        assertEquals(19504768, dmi.total());
        assertEquals(List.of("QSK", "DSK", "PLG", "UPG", "ARQ"), r.others().stream().map(BttReport.Row::section).toList());
        assertEquals(List.of("12.938165321"), r.others().get(4).cells());
    }

    @Test
    void iostatStyleRowsWrappedOverTwoLines() {
        Path file = sample("btt-doc-iostat-style-output.txt");
        assertEquals(100, ParseRun.recognise(new BttIostatFormat(), file).score());
        ParseRun run = ParseRun.of(new BttIostatFormat(), file);
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
        List<BttReport.Row> rows = run.all(BttReport.class).get(0).others();
        assertEquals(2, rows.size());
        BttReport.Row interval = rows.get(0);
        assertEquals("8,16", interval.label());
        assertEquals("1005.30", interval.cells().get(3)); // w/s
        assertEquals("76403.18", interval.cells().get(7)); // wkB/s
        assertEquals("31.00", interval.cells().get(9)); // avgqu-sz
        assertEquals("71.79", interval.cells().get(13)); // the interval's end, seconds
        assertEquals("TOTAL", rows.get(1).cells().get(13));
        assertEquals(4, interval.line());
    }

    @Test
    void perIoDumpGivesOneTrackedIoPerQueuedIo() {
        Path file = sample("btt-doc-per-io-dump.txt");
        assertEquals(100, ParseRun.recognise(new BttPerIoFormat(), file).score());
        ParseRun run = ParseRun.of(new BttPerIoFormat(), file);
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
        List<TrackedIo> ios = run.all(TrackedIo.class);
        assertEquals(4, ios.size());
        TrackedIo first = ios.get(0);
        assertEquals("66,0", first.device());
        assertEquals(6208, first.sector());
        assertEquals(8, first.sectors());
        assertEquals(0.763705760 - 0.763283556, first.q2c(), 1e-12);
        assertEquals(6208, first.issuedSector());
        assertEquals(32, first.issuedSectors());
        TrackedIo merged = ios.get(1);
        assertEquals(0.763315341, merged.m(), 1e-12);
        assertTrue(Double.isNaN(merged.i()));
        assertEquals("65,240", ios.get(3).device());
        assertEquals(0.763826610 - 0.763374288, ios.get(3).d2c(), 1e-12);
    }
}
