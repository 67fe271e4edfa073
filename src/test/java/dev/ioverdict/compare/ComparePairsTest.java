package dev.ioverdict.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.ioverdict.pipeline.CaseRequest;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.pipeline.CaseComparer;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every recorded pair {@code testdata/compare-*} gives the verdict its expected-compare.json says:
 * the outcome, the findings resolved / new / persisting, whether --fail-on-regression would fail,
 * and each key figure we report (before, after within 2 %, significant or not).
 */
class ComparePairsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static Stream<String> pairs() throws Exception {
        try (Stream<Path> s = Files.list(TestData.root().resolve("testdata"))) {
            return s.filter(p -> p.getFileName().toString().startsWith("compare-"))
                    .filter(p -> Files.exists(p.resolve("expected-compare.json")))
                    .map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    static CaseComparer.Compared compare(Path before, Path after) throws Exception {
        return new CaseComparer(RuleConfig.DEFAULTS).compare(new CaseComparer.SideSpec(before, "before", null),
                new CaseComparer.SideSpec(after, "after", null));
    }

    @ParameterizedTest
    @MethodSource("pairs")
    void givesTheExpectedVerdict(String pair) throws Exception {
        Path dir = TestData.bundle(pair);
        JsonNode expected = JSON.readTree(dir.resolve("expected-compare.json").toFile());
        Comparison c = compare(dir.resolve("before"), dir.resolve("after")).comparison();
        String why = c.verdict() + "\n" + c.regressions();
        assertEquals(expected.get("verdict").asText(), c.outcome(), why);
        assertEquals(expected.get("exit_with_fail_on_regression").asInt() == 4, c.regressed(), why);
        for (String kind : List.of("resolved", "new", "persisting")) {
            List<FindingChange> got = switch (kind) {
                case "resolved" -> c.findings().resolved();
                case "new" -> c.findings().added();
                default -> c.findings().persisting();
            };
            for (JsonNode f : expected.path("findings").path(kind)) {
                assertTrue(got.stream().anyMatch(g -> g.rule().equals(f.get("rule").asText())
                                && g.severity().equals(f.get("severity").asText())),
                        pair + ": expected " + kind + " " + f + " in " + got);
            }
            if (kind.equals("new")) {
                assertTrue(got.stream().noneMatch(FindingChange::regression), pair + ": new findings " + got);
            }
        }
        int checked = 0;
        for (JsonNode m : expected.path("key metrics")) {
            Metric ours = find(c.metrics(), m.get("subject").asText(), m.get("metric").asText());
            if (ours == null) {
                assertFalse(m.get("subject").asText().endsWith(" reads"), pair + ": no figure for " + m);
                continue; // a figure we do not make (one fio job's syscalls): said in docs/compare.md
            }
            checked++;
            String what = pair + " " + m + " vs " + ours;
            if (m.has("before") && !m.get("unit").asText().equals("%")) {
                assertEquals(m.get("before").asDouble(), ours.before(), Math.abs(m.get("before").asDouble()) * 0.02, what);
                assertEquals(m.get("after").asDouble(), ours.after(), Math.abs(m.get("after").asDouble()) * 0.02, what);
            }
            if (m.has("significant")) {
                assertEquals(m.get("significant").asBoolean(), ours.significant(), what);
                if (m.path("direction").asText("").equals("worse")) {
                    assertTrue(ours.worse() && !ours.headline(), what);
                }
            }
        }
        assertTrue(checked >= 2, pair + ": too few key figures matched");
        for (JsonNode d : expected.path("devices")) {
            String what = pair + ": expected device pair " + d + " in " + c.devices();
            Comparison.MatchedDevice got = c.devices().stream()
                    .filter(g -> g.before().equals(d.get("before").asText())).findFirst().orElseThrow(() ->
                            new AssertionError(what));
            assertEquals(d.get("after").asText(), got.after(), what);
            assertEquals(d.get("by").asText(), got.by(), what);
            assertEquals(d.get("loose").asBoolean(), got.loose(), what);
            assertEquals(got.loose(), c.verdict().contains("Matched loosely"), c.verdict());
        }
        if (expected.get("verdict").asText().equals("no significant change")) {
            assertTrue(c.metrics().stream().noneMatch(Metric::worse), c.metrics().toString());
        }
    }

    /** Our subject for the expectation's ("sda (8,0)" / "8,0" / "loop0" / "sd0" / "loop0 reads"). */
    static Metric find(List<Metric> metrics, String subject, String metric) {
        String direction = subject.endsWith(" reads") ? " reads" : subject.endsWith(" writes") ? " writes" : "";
        subject = subject.substring(0, subject.length() - direction.length());
        if (subject.startsWith("fio ") && !metric.contains("(fio")) {
            return null; // one fio job's own syscalls: its jobs share the command fio, one subject here
        }
        String name = subject.split(" ")[0];
        String devno = subject.contains("(") ? subject.substring(subject.indexOf('(') + 1, subject.indexOf(')')) : null;
        List<Metric> hits = new ArrayList<>();
        for (Metric m : metrics) {
            if (m.subject().endsWith(" reads") || m.subject().endsWith(" writes")) {
                if (direction.isEmpty() || !m.subject().endsWith(direction)) {
                    continue;
                }
                m = new Metric(m.layer(), m.subject().substring(0, m.subject().length() - direction.length()), m.metric(),
                        m.unit(), m.before(), m.after(), m.changePct(), m.changePoints(), m.factor(), m.significant(), m.test(), m.p(),
                        m.n(), m.change(), m.headline(), m.note());
            } else if (!direction.isEmpty()) {
                continue;
            }
            boolean same = m.subject().equals(subject) || m.subject().equals(name) || m.subject().startsWith(name + " ")
                    || devno != null && (m.subject().equals(devno) || m.subject().contains("(" + devno + ")"));
            if (same && m.metric().equals(metric)) {
                hits.add(m);
            }
        }
        return hits.isEmpty() ? null : hits.get(0);
    }

    @ParameterizedTest
    @MethodSource("pairs")
    void reportJsonPairGivesTheSameOutcome(String pair) throws Exception {
        Path dir = TestData.bundle(pair);
        Path tmp = Files.createTempDirectory("ioverdict-compare-json");
        try {
            Path b = reportJson(dir.resolve("before"), tmp.resolve("before"));
            Path a = reportJson(dir.resolve("after"), tmp.resolve("after"));
            Comparison c = compare(b, a).comparison();
            JsonNode expected = JSON.readTree(dir.resolve("expected-compare.json").toFile());
            assertEquals(expected.get("verdict").asText(), c.outcome(), c.verdict());
            assertTrue(c.metrics().stream().noneMatch(m -> m.test().startsWith("mann-whitney")),
                    "no per-I/O samples in a report.json");
            assertFalse(c.metrics().isEmpty());
        } finally {
            try (Stream<Path> s = Files.walk(tmp)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static Path reportJson(Path bundle, Path out) throws Exception {
        var compiled = new dev.ioverdict.pipeline.CaseCompiler(RuleConfig.DEFAULTS).compile(CaseRequest.of(bundle));
        Files.createDirectories(out);
        Path file = out.resolve("report.json");
        Files.writeString(file, dev.ioverdict.report.JsonRenderer.writer().writeValueAsString(compiled.report()));
        assertNotNull(compiled.report());
        return file;
    }
}
