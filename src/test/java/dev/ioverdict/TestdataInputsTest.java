package dev.ioverdict;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.FormatDetector;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.host.CollectionErrorFormat;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every input file of testdata (the bundles, before/after pairs, the grid's bundles, the layout
 * samples, the btt outputs and raw traces beside the generated cases) is recognised as some format
 * and gives records; testdata/external has its own walk (ExternalSamplesTest). What is not an
 * input is left out by name (READMEs, expected and golden JSON, the scripts and fio jobs that made
 * a case, the grid's cut/setup/times notes); a sosreport command that failed during collection is
 * recognised as such and holds no records by design, with its note. The few files that are
 * inputs ioverdict does not read are named with the reason.
 */
class TestdataInputsTest {
    /** Files of a bundle that no format is meant to read, with why. */
    private static final Map<String, String> NOT_READ = Map.of(
            "bpf-xfs-loop/bundle/dd.txt", "dd's transfer summary of the workload (no I/O timing to read)");

    /**
     * The samples damaged on purpose (a line that cannot be read, a cut record); every other input
     * is valid and must read without a warning, so that it exits 0 (a note says what it lacks).
     */
    private static final Set<String> DAMAGED = Set.of(
            "iostat-linux-damaged/bundle/iostat-x-t.txt",
            "iostat-linux-two-runs-interleaved/bundle/iostat-x-t.txt",
            // bcc's example document: biosnoop's output between paragraphs of prose, each a line biosnoop did not print
            "iostat-layouts/not-iostat/bcc-biosnoop_example.txt");

    /** The grid's notes beside each bundle: how it was recorded and cut, and the workload's own report (pgbench's). */
    private static final Set<String> NOT_INPUT_NAMES = Set.of("README.md", "SOURCES.md", "cut.txt", "setup.txt",
            "times.txt", "pgbench.out");

    private static boolean notInput(String rel) {
        String name = rel.substring(rel.lastIndexOf('/') + 1);
        return NOT_INPUT_NAMES.contains(name) || name.endsWith(".json") && !rel.contains("/bundle/")
                && !rel.contains("/before/") && !rel.contains("/after/") && !rel.startsWith("odd-layouts/")
                && !rel.startsWith("iostat-layouts/") || name.endsWith(".sh") || name.endsWith(".py")
                || name.endsWith(".fio") || rel.contains("/oracle/") || rel.contains("/tools/") || rel.startsWith("tools/")
                || rel.startsWith("external/") || rel.startsWith("capture-recording/") || rel.startsWith("perf-recording/")
                || name.equals("expected.json") || name.equals("report.golden.json") || rel.contains("/seed");
    }

    @Test
    void everyInputIsRecognisedWithRecords() throws Exception {
        Path root = TestData.root().resolve("testdata");
        FormatDetector detector = new FormatDetector(InputFormats.all());
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        List<String> wrong = new ArrayList<>();
        int read = 0;
        for (Path f : files) {
            String rel = root.relativize(f).toString().replace('\\', '/');
            if (notInput(rel) || NOT_READ.containsKey(rel)) {
                continue;
            }
            // the path a bundle gives its files: below the case's bundle/before/after folder or layout folder
            String inBundle = rel.substring(rel.indexOf('/') + 1);
            for (String top : List.of("bundle/", "before/", "after/")) {
                int at = inBundle.indexOf(top);
                if (at >= 0) {
                    inBundle = inBundle.substring(at + top.length());
                    break;
                }
            }
            if (inBundle.startsWith("sosreport-")) {
                inBundle = inBundle.substring(inBundle.indexOf('/') + 1);
            }
            TestData.ReadAlone alone = TestData.readAlone(detector, inBundle, f);
            String problem = null;
            if (alone == null) {
                problem = "unknown";
            } else {
                InputFormat format = alone.format();
                ParseContext ctx = alone.ctx();
                read++;
                if (format.id().equals(CollectionErrorFormat.ID)) {
                    problem = ctx.notes().isEmpty() ? "collection-error without its note" : null;
                } else if (ctx.recordCount() == 0 && ctx.notes().stream().noneMatch(n -> n.startsWith("holds no I/O"))) {
                    problem = format.id() + " with no records and no note saying why";
                }
                if (ctx.summary(format.id(), "").damaged() && !DAMAGED.contains(rel)) {
                    problem = (problem == null ? "" : problem + "; ") + "damaged (exit 1): "
                            + ctx.summary(format.id(), "").warnings().get(0).message();
                }
            }
            if (problem != null) {
                wrong.add(rel + ": " + problem);
            }
        }
        assertTrue(read > 300, "expected the testdata inputs, read " + read);
        assertTrue(wrong.isEmpty(), wrong.size() + " files:\n" + String.join("\n", wrong));
    }
}
