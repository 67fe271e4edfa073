package dev.ioverdict.parse.btt;

import dev.ioverdict.model.block.Phase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.block.BttReport;
import dev.ioverdict.model.block.BttReport.Table;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BttFormatTest {
    record Parsed(BttReport report, InputSummary summary) {
    }

    static Parsed parse(Path file) throws Exception {
        Facts facts = new Facts();
        ParseContext ctx = new ParseContext(file.getFileName().toString(), facts);
        new BttFormat().parse(new BundleFile(file.getFileName().toString(), file, Files.size(file), false), ctx);
        List<BttReport> reports = facts.all(BttReport.class);
        return new Parsed(reports.isEmpty() ? null : reports.get(0), ctx.summary("btt", "test"));
    }

    @Test
    void seed002ReportWithTheBlogsLineNumbers() throws Exception {
        Parsed p = parse(TestData.bundle("seed-002-btt-scheduler").resolve("bundle/btt.txt"));
        assertTrue(p.summary().warnings().isEmpty(), p.summary().warnings().toString());
        BttReport r = p.report();
        var i2d = r.phases(Table.ALL_DEVICES, BttReport.ALL).stream().filter(x -> x.phase() == Phase.I2D).findFirst().orElseThrow();
        assertEquals(37, i2d.stat().n());
        assertEquals(0.000025743, i2d.stat().avg(), 1e-12);
        assertEquals(10, i2d.line());
        assertEquals(8, r.phases(Table.ALL_DEVICES, BttReport.ALL).size()); // Q2Q Q2G G2I Q2M I2D M2D D2C Q2C
        var dev = r.overhead().get(0);
        assertEquals("8,0", dev.device());
        assertEquals(97.8223, dev.pct().get(Phase.I2D), 1e-9);
        assertEquals(0.0903, dev.pct().get(Phase.D2C), 1e-9);
        assertEquals(19, dev.line());
        assertEquals(BttReport.ALL, r.overhead().get(1).device());
        var merge = r.merges().get(0);
        assertEquals(106, merge.q());
        assertEquals(42, merge.d());
        assertEquals(2.5, merge.ratio(), 1e-9);
        assertEquals(856, merge.total());
        assertTrue(r.others().stream().anyMatch(o -> o.section().equals("Device Q2Q Seek Information")
                && o.label().equals("8,0") && o.cells().get(0).equals("106")));
    }

    @Test
    void bttDocumentationSampleHasEverySection() throws Exception {
        Parsed p = parse(TestData.external("btt/btt-doc-sample-full-report.txt"));
        assertTrue(p.summary().warnings().isEmpty(), p.summary().warnings().toString());
        BttReport r = p.report();
        assertEquals(List.of("8,0", "8,32", "all"), r.overhead().stream().map(BttReport.OverheadRow::device).toList());
        assertEquals(98.3852, r.overhead().get(1).pct().get(Phase.I2D), 1e-9);
        var total = r.merges().stream().filter(m -> m.device().equals(BttReport.ALL)).findFirst().orElseThrow();
        assertEquals(491566, total.q());
        assertEquals(8756, total.d());
        var q2cdm = r.phases(Table.ALL_DEVICES, BttReport.ALL).stream().filter(x -> x.phase() == Phase.Q2Adm).findFirst();
        assertTrue(q2cdm.isPresent());
        assertTrue(r.others().stream().anyMatch(o -> o.section().equals("Q2D Histogram") && o.label().equals("8,32")
                && o.cells().get(8).equals("95.2")));
        assertTrue(r.others().stream().anyMatch(o -> o.section().equals("Plug Information") && o.label().equals("8,0")));
    }

    @Test
    void perDeviceAndPerProcessTablesOfBttDashA() throws Exception {
        Path file = dev.ioverdict.testing.TestData.bundle("blkgen-d2c-dominant").resolve("seed33/btt_A.txt");
        Parsed p = parse(file);
        assertTrue(p.summary().warnings().isEmpty(), p.summary().warnings().toString());
        BttReport r = p.report();
        var d2c = r.phases(Table.PER_DEVICE, "8,32").stream().filter(x -> x.phase() == Phase.D2C).findFirst().orElseThrow();
        assertEquals(4934, d2c.stat().n());
        assertEquals(1.313263135, d2c.stat().max(), 1e-12);
        var q2cdm = r.phases(Table.PER_DEVICE, "253,0").stream().filter(x -> x.phase() == Phase.Q2Cdm).findFirst().orElseThrow();
        assertEquals(10025, q2cdm.stat().n());
        var lgwr = r.phases(Table.PER_PROCESS, "ora_lgwr_PROD1").stream().filter(x -> x.phase() == Phase.Q2C).findFirst().orElseThrow();
        assertEquals(0.014085228, lgwr.stat().avg(), 1e-12);
    }

    @Test
    void damagedRowsAreWarningsWithTheirLineNumbersAndTheRestIsKept(@TempDir Path tmp) throws Exception {
        Path seed = TestData.bundle("seed-002-btt-scheduler").resolve("bundle/btt.txt");
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(seed));
        lines.set(9, "10I2D               0.0000010x6   0.000025743");        // line 10: cut short
        lines.set(18, "19 (  8,  0) |   1.6667%   0.1482%");                  // line 19: columns missing
        // line 11: a count past a long (found by ParserFuzzTest: it threw and failed the whole file)
        lines.set(10, "11M2D               0.000001600   0.000038680   0.000143556 18446744073709551608105");
        Path damaged = tmp.resolve("btt.txt");
        Files.write(damaged, lines);
        Parsed p = parse(damaged);
        assertEquals(List.of(10L, 11L, 19L), p.summary().warnings().stream().map(w -> w.line()).toList());
        assertEquals(6, p.report().phases().size());
        assertEquals(1, p.report().overhead().size()); // the Overall row survives
    }

    @Test
    void recognisedFromContent() throws Exception {
        Path seed = TestData.bundle("seed-002-btt-scheduler").resolve("bundle/btt.txt");
        var rec = new BttFormat().recognise(new Sample("x.txt", Files.readAllLines(seed)));
        assertEquals(100, rec.score());
        assertEquals(0, new BttFormat().recognise(new Sample("btt.txt", List.of("Linux 5.14 (host)", "avg-cpu: %user"))).score());
    }
}
