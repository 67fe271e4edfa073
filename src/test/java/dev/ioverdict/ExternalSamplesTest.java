package dev.ioverdict;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.bundle.DetectedFile;
import dev.ioverdict.bundle.FormatDetector;
import dev.ioverdict.model.Facts;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Every public sample of ../shared/external is recognised as some format and gives records,
 * except the files SOURCES.md describes as not tool output (the sosreport layout notes and tree
 * listing) and the catalogue itself.
 */
class ExternalSamplesTest {
    /** SOURCES.md: "Description (not tool output)", "Not tool output of the product's tools". */
    private static final Set<String> NOT_INPUTS = Set.of("SOURCES.md", "sosreport/LAYOUT.md",
            "sosreport/jds2001-rhcos-rhel8.0-kernel4.18-sos3.6-azure-master-full-tree-listing.txt");

    /**
     * Not read yet (issue 12, item 6 and beyond): btt -X/-I/-p outputs, kparse and
     * other kiinfo reports, perf trace. Listed so that the test fails on any new gap, and on a gap that
     * closes without being taken off this list.
     */
    private static final Set<String> LEFT = Set.of(
            "btt/btt-doc-easy-parse-avgs-X.txt",
            "btt/btt-doc-iostat-style-output.txt",
            "btt/btt-doc-per-io-dump.txt",
            "linuxki-kparse/SemaphoreScaling-kparse-1.4.4-hardclock-stacks.txt",
            "linuxki-kparse/oracle_polling-kparse-1.3.3-trace-events-top-processes.txt",
            "linuxki-kparse/pcc_cpufreq-kparse-1.1.3-power-savings.txt",
            "linuxki-kparse/runq_delays-kparse-2.2.2-threads-waiting-on-cpu.txt",
            "linuxki-misc/manpage-kiinfo-2.0-kiprof-rhel6.txt",
            "linuxki-misc/manpage-kiinfo-2.1-kifutex-sles11.txt",
            "linuxki-misc/manpage-kiinfo-5.0-kidock-rhel7.txt",
            "linuxki-misc/manpage-kiinfo-5.3-kifile-rhel6.txt",
            "linuxki-misc/manpage-kiinfo-5.3-kisock.txt",
            "perf-trace/linux-doc-perf-trace-minfault-with-callchain.txt",
            "perf-trace/linux-doc-perf-trace-openat-syscalls.txt",
            "perf-trace/linux-doc-perf-trace-sched-block-net-tracepoints-callchains.txt");

    @Test
    void everySampleIsRecognisedWithRecords() throws Exception {
        Path shared = TestData.shared();
        Assumptions.assumeTrue(shared != null, "../shared not present");
        Path root = shared.resolve("external");
        FormatDetector detector = new FormatDetector(InputFormats.all());
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        List<String> wrong = new ArrayList<>();
        for (Path f : files) {
            String rel = root.relativize(f).toString().replace('\\', '/');
            if (NOT_INPUTS.contains(rel)) {
                continue;
            }
            BundleFile bf = new BundleFile(rel, f, Files.size(f), false);
            DetectedFile d = detector.detect(bf);
            String problem = null;
            if (d.format().isEmpty()) {
                problem = "unknown";
            } else {
                InputFormat format = d.format().get();
                ParseContext ctx = new ParseContext(rel, new Facts());
                format.parse(bf, ctx);
                problem = ctx.recordCount() == 0 ? format.id() + " with no records" : null;
            }
            if (problem != null && !LEFT.contains(rel)) {
                wrong.add(rel + ": " + problem);
            } else if (problem == null && LEFT.contains(rel)) {
                wrong.add(rel + ": now read, take it off LEFT");
            }
        }
        assertTrue(files.size() > 100, "expected the ~100 public samples, saw " + files.size());
        assertTrue(wrong.isEmpty(), wrong.size() + " samples:\n" + String.join("\n", wrong));
    }
}
