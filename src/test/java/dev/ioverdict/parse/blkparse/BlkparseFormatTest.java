package dev.ioverdict.parse.blkparse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.model.Diagnostic;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.block.BlockInput;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BlkparseFormatTest {
    private final BlkparseFormat format = new BlkparseFormat();

    @TempDir
    Path tmp;

    private record Parsed(List<BlockEvent> events, InputSummary summary, List<BlockInput> inputs) {
        List<Long> warningLines() {
            return summary.warnings().stream().map(Diagnostic::line).toList();
        }
    }

    private Parsed parse(Path file) throws IOException {
        Facts facts = new Facts();
        List<BlockEvent> events = new ArrayList<>();
        facts.stream(BlockEvent.class, events::add);
        ParseContext ctx = new ParseContext(file.getFileName().toString(), facts);
        format.parse(new BundleFile(file.getFileName().toString(), file, Files.size(file), false), ctx);
        return new Parsed(events, ctx.summary("blkparse", "test"), facts.all(BlockInput.class));
    }

    @Test
    void selftestTraceHasEveryKindAndItsSummaryIsQuiet() throws IOException {
        Parsed p = parse(TestData.bundle("blkgen-selftest").resolve("bundle/blkparse.txt"));
        assertEquals(List.of(), p.summary().warnings());
        assertEquals(40, p.events().size());
        assertEquals(40, p.summary().records());
        Map<BlockAction, Long> kinds = p.events().stream()
                .collect(Collectors.groupingBy(BlockEvent::action, TreeMap::new, Collectors.counting()));
        assertEquals("{QUEUE=11, GETRQ=4, SLEEPRQ=1, INSERT=4, BACKMERGE=1, FRONTMERGE=1, ISSUE=6, COMPLETE=5, "
                + "REQUEUE=1, REMAP=1, SPLIT=1, BOUNCE=1, PLUG=1, UNPLUG=1, UNPLUG_TIMER=1}", kinds.toString());
        BlockEvent first = p.events().get(0);
        assertEquals(1, first.line());
        assertEquals("  8,0    0        1     0.000000000  1234  Q   R 2048 + 8 [fio]", first.text());
        assertEquals(List.of(new BlockInput("blkparse.txt", "blkparse")), p.inputs());
    }

    @Test
    void recognisedFromTheEventHeaderShape() {
        Recognition r = format.recognise(new Sample("x.txt", List.of(
                "  8,0    3        1     0.000000000   697  G   W 223490 + 8 [kjournald]",
                "  8,0    3        2     0.000001829   697  P   R [kjournald]",
                "  8,0    3        3     0.000002197   697  Q   W 223490 + 8 [kjournald]")));
        assertEquals(100, r.score());
        assertEquals(0, format.recognise(new Sample("x.txt", List.of(
                "swapper 0 [006] 205791.409875: block:block_rq_complete: 8,16 RM () 390439208 + 8 [0]"))).score());
        assertEquals(0, format.recognise(new Sample("btt.txt", List.of(
                "==================== All Devices ====================", "",
                "Q2Q               0.000000455   0.000009032   1.811181609      491566"))).score());
    }

    @Test
    void seed000ExcerptParsesWithItsColumnLegendPassedOver() throws IOException {
        // seed 000's first excerpt (testdata/seed-000-blkparse), from its column legend on
        List<String> pasted = Files.readAllLines(TestData.file("seed-000-blkparse", "blkparse-uek5.txt"));
        List<String> seed = pasted.subList(1, pasted.size());
        assertTrue(seed.get(0).startsWith("[ Device ]"));
        assertEquals(6, seed.size());
        Path excerpt = tmp.resolve("seed000.txt");
        Files.write(excerpt, seed);
        Parsed p = parse(excerpt);
        assertEquals(List.of(), p.warningLines());
        assertEquals(5, p.events().size());
        BlockEvent a = p.events().get(0);
        assertEquals(BlockAction.REMAP, a.action());
        assertEquals("70,592", a.device());
        assertEquals("252,169", a.fromMajor() + "," + a.fromMinor());
        assertEquals(1266874873_591919042L, a.timeNs());
        assertEquals("ora_lgwr_m1***", p.events().get(1).comm());
        assertEquals(BlockAction.COMPLETE, p.events().get(4).action());
        assertTrue(format.recognise(new Sample("x", seed)).score() >= 70);
    }

    @Test
    void externalSamplesOnlyWarnAboutTheirShellAndElisionLines() throws IOException {
        Map<String, List<Long>> warned = new TreeMap<>();
        Map<String, Integer> events = new TreeMap<>();
        for (String name : List.of("blktrace-doc-btrace-cdrom-scsi-pc.txt", "blktrace-doc-kjournald-live-with-percpu-summary.txt",
                "blktrace-doc-mkfs-ext3-3devices-with-summary.txt",
                "blog-fio-ext4-rwbs-WS-summary-with-requeued-depth-throughput.txt", "blog-partition-remap-A-lines.txt")) {
            Parsed p = parse(TestData.external("blkparse/" + name));
            warned.put(name, p.warningLines());
            events.put(name, p.events().size());
            for (Diagnostic d : p.summary().warnings()) {
                String line = Files.readAllLines(TestData.external("blkparse/" + name)).get((int) d.line() - 1).strip();
                if (name.startsWith("blog-partition-remap") && (d.message().startsWith("time runs backwards")
                        || d.message().startsWith("a queue line (Q) printed after the completion (C)"))) {
                    continue; // the page's second excerpt, a grep of the same trace, starts again at 21.2254 s
                }
                assertTrue(line.startsWith("%") || line.startsWith("#") || line.startsWith("...") || line.equals("[...]")
                        || line.equals("^C"), name + ":" + d.line() + " " + d.message());
            }
        }
        assertEquals(Map.of(
                "blktrace-doc-btrace-cdrom-scsi-pc.txt", 5,
                "blktrace-doc-kjournald-live-with-percpu-summary.txt", 16,
                "blktrace-doc-mkfs-ext3-3devices-with-summary.txt", 24,
                "blog-fio-ext4-rwbs-WS-summary-with-requeued-depth-throughput.txt", 20,
                "blog-partition-remap-A-lines.txt", 19), events);
        assertEquals(Map.of(
                "blktrace-doc-btrace-cdrom-scsi-pc.txt", List.of(1L, 2L),
                "blktrace-doc-kjournald-live-with-percpu-summary.txt", List.of(1L, 18L, 19L, 20L, 27L),
                "blktrace-doc-mkfs-ext3-3devices-with-summary.txt", List.of(1L, 2L, 3L, 10L, 29L, 63L),
                "blog-fio-ext4-rwbs-WS-summary-with-requeued-depth-throughput.txt", List.of(5L, 28L, 46L),
                "blog-partition-remap-A-lines.txt", List.of(18L, 29L, 30L)), warned);
    }
}
