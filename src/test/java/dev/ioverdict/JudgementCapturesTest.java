package dev.ioverdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recorded captures the diagnosis must tell apart (testdata/NAME/expected-judgement.json,
 * written by the engineer who recorded them from btt, iostat and the sleep stacks, see each
 * README): each cause with its severity, rank, subject, evidence, confidence level and the
 * share of the application's time it explains; its symptoms under it; nothing else raised.
 */
class JudgementCapturesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The impact an engineer wrote ("63.8 % of ...", "about 99 %") against the report's share. */
    private static final Pattern FIRST_PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s?%");
    private static final double SHARE_TOLERANCE_POINTS = 8;

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> everyJudgementCapture() throws Exception {
        List<Path> cases;
        try (Stream<Path> s = Files.list(TestData.root().resolve("testdata"))) {
            cases = s.filter(p -> Files.exists(p.resolve("expected-judgement.json"))).sorted().toList();
        }
        assertTrue(cases.size() >= 5, "the five judgement captures");
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> check(c)));
    }

    private void check(Path dir) throws Exception {
        String name = dir.getFileName().toString();
        JsonNode expected = JSON.readTree(dir.resolve("expected-judgement.json").toFile());
        Path out = tmp.resolve(name);
        Cli r = Cli.run("report", dir.resolve("bundle").toString(), "-o", out.toString(), "--format", "json");
        assertEquals(expected.path("exit").asInt(0), r.exitCode(), r.out() + r.err());
        JsonNode causes = JSON.readTree(out.resolve("report.json").toFile()).path("findings");
        List<String> raised = new ArrayList<>();
        causes.forEach(f -> {
            raised.add(f.path("rule").asText());
            f.path("symptoms").forEach(s -> raised.add(s.path("rule").asText() + " (symptom)"));
        });
        assertEquals(expected.path("findings").size(), causes.size(), name + ": causes raised " + raised);
        int rank = 0;
        for (JsonNode want : expected.path("findings")) {
            rank++;
            String rule = want.path("rule").asText();
            int at = want.has("rank") ? want.path("rank").asInt() - 1 : indexOf(causes, rule);
            assertTrue(at >= 0, name + ": " + rule + " not raised as a cause: " + raised);
            JsonNode got = causes.get(at);
            assertEquals(rule, got.path("rule").asText(), name + ": cause ranked " + (at + 1) + " in " + raised);
            assertEquals(want.path("severity").asText(), got.path("severity").asText(), name + ": " + rule + " severity");
            if (want.has("device")) {
                assertEquals(want.path("device").asText(), got.path("metrics").path("device").asText(),
                        name + ": " + rule + " device");
            }
            // the cause shows its own lines and, under it, its symptoms' lines
            List<JsonNode> shown = new ArrayList<>();
            got.path("evidence").forEach(shown::add);
            got.path("symptoms").forEach(s -> s.path("evidence").forEach(shown::add));
            List<String> locations = shown.stream().map(e -> e.path("input").asText() + ":" + e.path("line").asText()).toList();
            for (JsonNode loc : want.path("evidence")) {
                assertTrue(locations.contains(loc.asText()) || sameIostatDevice(loc.asText(), shown, want),
                        name + ": " + rule + " evidence lacks " + loc.asText() + ", has " + locations);
            }
            String level = want.path("confidence").asText().split("[ :]")[0].strip();
            if (!level.isEmpty()) {
                assertEquals(level, got.path("confidence").asText().toLowerCase(), name + ": " + rule + " confidence");
                assertTrue(got.path("confidenceReasons").size() > 0, name + ": " + rule + " confidence without reasons");
            }
            checkImpact(name + ": " + rule, want.path("impact").asText(), got.path("impact"));
            List<String> symptoms = new ArrayList<>();
            got.path("symptoms").forEach(s -> symptoms.add(s.path("rule").asText() + " " + s.path("subject").path("id").asText()));
            for (JsonNode s : want.path("symptoms")) {
                // one finding of several processes of a command names them all ("pids": [...], its subject "pids a,b")
                String key = s.path("rule").asText() + " " + (s.has("pids") ? "pids " + String.join(",",
                        java.util.stream.StreamSupport.stream(s.path("pids").spliterator(), false)
                                .map(JsonNode::asInt).sorted().map(String::valueOf).toList()) : s.path("pid").asText());
                assertTrue(symptoms.contains(key), name + ": " + rule + " lacks symptom " + key + ", has " + symptoms);
            }
            assertEquals(want.path("symptoms").size(), symptoms.size(), name + ": " + rule + " symptoms " + symptoms);
        }
        for (JsonNode absent : expected.path("absent")) {
            assertTrue(raised.stream().noneMatch(x -> x.equals(absent.asText()) || x.equals(absent.asText() + " (symptom)")),
                    name + ": " + absent.asText() + " must not be raised: " + raised);
        }
    }

    /**
     * An iostat row the recorder quoted stands for its device's steady reports: any row of the
     * same file and device that the report quotes proves the same thing.
     */
    private static boolean sameIostatDevice(String location, List<JsonNode> shown, JsonNode want) {
        String file = location.substring(0, location.lastIndexOf(':'));
        String device = want.path("device").asText();
        return file.startsWith("iostat") && !device.isEmpty() && shown.stream().anyMatch(e -> e.path("input").asText().equals(file)
                && e.path("text").asText().strip().startsWith(device + " "));
    }

    private static void checkImpact(String what, String wanted, JsonNode impact) {
        if (wanted.isEmpty()) {
            return;
        }
        assertNotNull(impact, what + " without impact");
        double share = impact.path("sharePct").asDouble(0);
        // an engineer often states the victim's share: the process group that loses most to the cause
        double worst = share;
        for (JsonNode p : impact.path("processes")) {
            worst = Math.max(worst, p.path("sharePct").asDouble(0));
        }
        if (wanted.startsWith("none")) {
            assertTrue(share < SHARE_TOLERANCE_POINTS, what + ": no measured impact expected, report says " + share + " %");
            return;
        }
        Matcher m = FIRST_PERCENT.matcher(wanted);
        if (m.find()) {
            double want = Double.parseDouble(m.group(1));
            assertTrue(Math.abs(share - want) <= SHARE_TOLERANCE_POINTS || Math.abs(worst - want) <= SHARE_TOLERANCE_POINTS,
                    what + ": impact " + share + " % of " + impact.path("of").asText() + ", expected about " + want + " %");
        }
    }

    private static int indexOf(JsonNode causes, String rule) {
        for (int i = 0; i < causes.size(); i++) {
            if (causes.get(i).path("rule").asText().equals(rule)) {
                return i;
            }
        }
        return -1;
    }
}
