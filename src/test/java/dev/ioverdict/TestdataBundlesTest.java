package dev.ioverdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** Every testdata/NAME/ case: report its bundle/ and compare with its expected.json. */
class TestdataBundlesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> everyTestdataCase() throws Exception {
        List<Path> cases;
        try (Stream<Path> s = Files.list(TestData.root().resolve("testdata"))) {
            cases = s.filter(p -> Files.exists(p.resolve("expected.json"))).sorted().toList();
        }
        assertTrue(!cases.isEmpty(), "no testdata cases found");
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> check(c)));
    }

    private void check(Path dir) throws Exception {
        JsonNode expected = JSON.readTree(dir.resolve("expected.json").toFile());
        Path out = tmp.resolve(dir.getFileName().toString());
        Cli r = Cli.run("report", dir.resolve("bundle").toString(), "-o", out.toString(), "--format", "json");
        assertEquals(expected.path("exit").asInt(0), r.exitCode(), r.out() + r.err());
        JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
        // a finding may stand as a cause or under one as its symptom
        List<JsonNode> all = new ArrayList<>();
        report.path("findings").forEach(f -> {
            all.add(f);
            f.path("symptoms").forEach(all::add);
        });
        for (JsonNode f : all) {
            assertTrue(f.path("confidenceReasons").size() > 0, dir.getFileName() + ": " + f.path("rule").asText()
                    + " shows its confidence without a reason");
            assertTrue(f.has("impact"), dir.getFileName() + ": " + f.path("rule").asText() + " without its impact");
        }
        List<String> raised = new ArrayList<>();
        all.forEach(f -> raised.add(f.path("rule").asText() + "/" + f.path("severity").asText()));
        List<String> causes = new ArrayList<>();
        report.path("findings").forEach(f -> causes.add(f.path("rule").asText() + " " + f.path("subject").path("kind").asText()
                + ":" + f.path("subject").path("id").asText()));
        assertEquals(causes.size(), new java.util.HashSet<>(causes).size(), dir.getFileName() + ": a cause twice: " + causes);
        for (JsonNode want : expected.path("findings")) {
            String rule = want.path("rule").asText();
            JsonNode match = null;
            // "cause": true only a cause matches; "under": "rule/device" only a symptom of that cause
            List<JsonNode> candidates = all;
            if (want.path("cause").asBoolean(false)) {
                candidates = new ArrayList<>();
                report.path("findings").forEach(candidates::add);
            } else if (want.has("under")) {
                candidates = new ArrayList<>();
                for (JsonNode c : report.path("findings")) {
                    if ((c.path("rule").asText() + "/" + c.path("subject").path("id").asText())
                            .equals(want.path("under").asText())) {
                        c.path("symptoms").forEach(candidates::add);
                    }
                }
            }
            for (JsonNode f : candidates) {
                if (f.path("rule").asText().equals(rule)
                        && (!want.has("severity") || f.path("severity").asText().equals(want.path("severity").asText()))
                        && (!want.has("device") || f.path("metrics").path("device").asText().equals(want.path("device").asText())
                            || f.path("metrics").path("devno").asText().equals(want.path("device").asText()))) {
                    match = f;
                    break;
                }
            }
            assertTrue(match != null, dir.getFileName() + ": expected " + want + ", raised " + raised);
            List<String> locations = new ArrayList<>();
            match.path("evidence").forEach(e -> locations.add(e.path("input").asText() + ":" + e.path("line").asText()));
            for (JsonNode loc : want.path("evidence")) {
                assertTrue(locations.contains(loc.asText()),
                        dir.getFileName() + ": " + rule + " evidence lacks " + loc.asText() + ", has " + locations);
            }
        }
        for (JsonNode absent : expected.path("absent")) {
            assertTrue(raised.stream().noneMatch(x -> x.startsWith(absent.asText() + "/")),
                    dir.getFileName() + ": " + absent.asText() + " must not fire, raised " + raised);
        }
    }
}
