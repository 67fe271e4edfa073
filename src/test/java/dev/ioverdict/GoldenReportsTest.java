package dev.ioverdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every testdata bundle's report.json against the golden copy committed beside it
 * (testdata/NAME/report.golden.json): any change to what a report says shows up as a diff to
 * review. After an intended change, regenerate them all with
 * {@code ./mvnw -B -ntp test -Dtest=GoldenReportsTest -Dioverdict.golden.update=true} and read the
 * diff before committing. The bundle path and the tool version are left out of the comparison.
 */
class GoldenReportsTest {
    static final String UPDATE = "ioverdict.golden.update";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @TempDir
    Path tmp;

    static List<Path> cases() throws Exception {
        try (Stream<Path> s = Files.list(TestData.root().resolve("testdata"))) {
            return s.filter(p -> Files.isDirectory(p.resolve("bundle"))).sorted().toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> reportJsonEqualsTheGoldenCopy() throws Exception {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> {
            Path out = tmp.resolve(c.getFileName().toString());
            Cli r = Cli.run("report", c.resolve("bundle").toString(), "-o", out.toString(), "--format", "json");
            assertTrue(Files.exists(out.resolve("report.json")), r.err());
            String actual = normalised(JSON.readTree(out.resolve("report.json").toFile()), c);
            Path golden = c.resolve("report.golden.json");
            if (Boolean.getBoolean(UPDATE)) {
                Files.writeString(golden, actual, StandardCharsets.UTF_8);
                return;
            }
            assertTrue(Files.exists(golden), "no " + TestData.root().relativize(golden) + "; regenerate with -D" + UPDATE
                    + "=true");
            assertEquals(Files.readString(golden, StandardCharsets.UTF_8), actual,
                    c.getFileName() + ": report.json differs from report.golden.json (an intended change? regenerate "
                            + "with -D" + UPDATE + "=true and review the diff)");
        }));
    }

    private static String normalised(JsonNode report, Path testCase) throws Exception {
        ((ObjectNode) report.path("case")).put("source", "testdata/" + testCase.getFileName() + "/bundle");
        ((ObjectNode) report.path("tool")).put("version", "(version)");
        if (report.path("summary").path("facts") instanceof ObjectNode facts) {
            facts.put("version", "(version)");
            facts.put("generated", "(generated)");
        }
        return JSON.writeValueAsString(report) + "\n";
    }
}
