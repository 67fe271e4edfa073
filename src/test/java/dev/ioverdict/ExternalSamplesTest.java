package dev.ioverdict;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.FormatDetector;
import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every public sample of testdata/external is recognised as some format and gives records,
 * except the files SOURCES.md describes as not tool output (the sosreport layout notes and tree
 * listing) and the catalogue itself.
 */
class ExternalSamplesTest {
    /** SOURCES.md: "Description (not tool output)", "Not tool output of the product's tools". */
    private static final Set<String> NOT_INPUTS = Set.of("SOURCES.md", "sosreport/LAYOUT.md",
            "sosreport/jds2001-rhcos-rhel8.0-kernel4.18-sos3.6-azure-master-full-tree-listing.txt");

    @Test
    void everySampleIsRecognisedWithRecords() throws Exception {
        Path root = TestData.external();
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
            TestData.ReadAlone alone = TestData.readAlone(detector, rel, f);
            String problem = alone == null ? "unknown"
                    : alone.ctx().recordCount() == 0 ? alone.format().id() + " with no records" : null;
            if (problem != null) {
                wrong.add(rel + ": " + problem);
            }
        }
        assertTrue(files.size() > 100, "expected the ~100 public samples, saw " + files.size());
        assertTrue(wrong.isEmpty(), wrong.size() + " samples:\n" + String.join("\n", wrong));
    }
}
