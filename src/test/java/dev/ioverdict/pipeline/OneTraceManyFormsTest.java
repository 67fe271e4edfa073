package dev.ioverdict.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.report.JsonRenderer;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One block trace in the forms a bundle holds it in (blktrace's per-CPU files, the `blkparse -d`
 * dump of them, blkparse's text of them), alone or side by side: the block figures are btt's on
 * the binary, once, whatever forms are there, and each form not counted says so on its input's row.
 * The trace is the grid's blk-read-12ms-s8-ssd (the kernel's blk tracer on a slow loop device);
 * testdata/blktrace-forms holds its dump and btt's figures of it.
 */
class OneTraceManyFormsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path CELL = TestData.bundle("grid").resolve("blk-read-12ms-s8-ssd").resolve("bundle");
    private static final Path DUMP = TestData.bundle("blktrace-forms").resolve("loop0.bin");

    @TempDir
    Path dir;

    /** btt -i loop0.bin (testdata/blktrace-forms/btt.avg): All Devices, Q2C and D2C. */
    private static void bttFigures(JsonNode report, String what) {
        JsonNode all = report.path("block").path("all").path("phases");
        assertEquals(1200, all.path("Q2C").path("n").asLong(), what);
        assertEquals(0.011756366, all.path("Q2C").path("avg").asDouble(), 1e-9, what);
        assertEquals(0.019962615, all.path("Q2C").path("max").asDouble(), 1e-9, what);
        assertEquals(1200, all.path("D2C").path("n").asLong(), what);
        assertEquals(0.011719817, all.path("D2C").path("avg").asDouble(), 1e-9, what);
        assertEquals(1199, all.path("Q2Q").path("n").asLong(), what);
        assertEquals("blkparse", report.path("block").path("devices").path(0).path("source").asText(), what);
    }

    private static JsonNode report(Path bundle) throws Exception {
        CaseCompiler.Compiled c = new CaseCompiler(RuleConfig.DEFAULTS).compile(CaseRequest.of(bundle).withCaseId("forms"));
        return JSON.readTree(JsonRenderer.writer().writeValueAsString(c.report()));
    }

    private static List<String> notes(JsonNode report, String input) {
        List<String> out = new ArrayList<>();
        for (JsonNode i : report.path("inputs")) {
            if (i.path("path").asText().equals(input)) {
                i.path("notes").forEach(n -> out.add(n.asText()));
            }
        }
        return out;
    }

    private Path bundleOf(String name, boolean perCpu, boolean dump, boolean text) throws IOException {
        Path b = Files.createDirectories(dir.resolve(name));
        Files.copy(CELL.resolve("strace-fio.txt"), b.resolve("strace-fio.txt"));
        if (perCpu || dump) {
            Path traces = Files.createDirectories(b.resolve("blktrace"));
            if (perCpu) {
                Files.copy(CELL.resolve("blktrace/loop0.blktrace.0"), traces.resolve("loop0.blktrace.0"));
                Files.copy(CELL.resolve("blktrace/loop0.blktrace.1"), traces.resolve("loop0.blktrace.1"));
            }
            if (dump) {
                Files.copy(DUMP, traces.resolve("loop0.bin")); // beside the files it was made of, as blkparse -d leaves it
            }
        }
        if (text) {
            Files.copy(CELL.resolve("blkparse.txt"), b.resolve("blkparse.txt"));
        }
        return b;
    }

    @Test
    void theBinaryFilesAndBlkparsesTextOfThemAreOneTrace() throws Exception {
        JsonNode report = report(CELL);
        bttFigures(report, "per-CPU files and blkparse's text");
        List<String> notes = notes(report, "blkparse.txt");
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith("the same block trace as blktrace/loop0.blktrace.0, blktrace/loop0.blktrace.1 "
                + "(blktrace's per-CPU files), whose figures the report shows"), notes.get(0));
        assertTrue(notes(report, "blktrace/loop0.blktrace.0").isEmpty());
    }

    @Test
    void aDumpBesideTheFilesItWasMadeOfIsNotAddedToThem() throws Exception {
        JsonNode report = report(bundleOf("dump-beside", true, true, false));
        bttFigures(report, "per-CPU files and their dump in one folder");
        assertTrue(notes(report, "blktrace/loop0.bin").getFirst().startsWith("the same block trace as blktrace/loop0"
                + ".blktrace.0, blktrace/loop0.blktrace.1 (blktrace's per-CPU files)"));
    }

    @Test
    void eachFormAloneGivesTheSameFigures() throws Exception {
        bttFigures(report(bundleOf("per-cpu", true, false, false)), "per-CPU files alone");
        bttFigures(report(bundleOf("dump", false, true, false)), "the dump alone");
        bttFigures(report(bundleOf("text", false, false, true)), "blkparse's text alone");
        JsonNode all = report(bundleOf("all", true, true, true));
        bttFigures(all, "all three forms");
        assertTrue(notes(all, "blkparse.txt").getFirst().startsWith("the same block trace as"));
        assertTrue(notes(all, "blktrace/loop0.bin").getFirst().startsWith("the same block trace as"));
    }

    @Test
    void formsOfOtherDevicesAreNotJoinedAndTheirRowSaysSo() throws Exception {
        // loop0's per-CPU files beside blkparse's text of blkgen's other devices: two traces in two forms
        Path b = bundleOf("other-devices", true, false, false);
        Files.copy(TestData.file("blkgen-mixed-multidevice", "blkparse.txt"), b.resolve("blkparse.txt"));
        JsonNode report = report(b);
        bttFigures(report, "the per-CPU files, shown first");
        String note = notes(report, "blkparse.txt").getFirst();
        assertTrue(note.startsWith("its block events (devices ") && note.contains(") are not in the block figures, "
                + "which come from blktrace/loop0.blktrace.0, blktrace/loop0.blktrace.1 (blktrace's per-CPU files)"), note);
    }
}
