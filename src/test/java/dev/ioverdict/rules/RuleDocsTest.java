package dev.ioverdict.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The catalogue and docs/rules/ must not drift: every rule has a page naming its id, severity and thresholds. */
class RuleDocsTest {
    private static final Set<String> CONTRACT_IDS = Set.of("unaligned-dio-xfs", "device-latency", "scheduler-latency",
            "disk-saturation", "queue-wait", "sync-io-submit", "name-cache");

    @TestFactory
    Stream<DynamicTest> everyRuleHasItsPage() {
        return RuleCatalogue.all().stream().map(Rule::info).map(info -> DynamicTest.dynamicTest(info.id(), () -> {
            Path doc = TestData.root().resolve(info.docPath());
            assertTrue(Files.exists(doc), "missing " + info.docPath());
            String text = Files.readString(doc);
            assertTrue(text.startsWith("# " + info.id() + "\n") || text.startsWith("# " + info.id() + " "),
                    info.docPath() + " must start with '# " + info.id() + "'");
            assertTrue(text.contains("**Severity:** " + info.severity().id()), info.docPath() + " must state the severity");
            for (Threshold t : info.thresholds()) {
                String row = "| `" + t.key() + "` | " + plain(t.defaultValue());
                assertTrue(text.contains(row), info.docPath() + " must list threshold row starting '" + row + "'");
            }
        }));
    }

    @Test
    void idsAreUniqueAndInTheCatalogueStyle() {
        List<String> ids = RuleCatalogue.all().stream().map(r -> r.info().id()).toList();
        assertTrue(ids.size() == Set.copyOf(ids).size(), "duplicate rule ids: " + ids);
        ids.forEach(id -> assertTrue(id.matches("[a-z0-9]+(-[a-z0-9]+)*"), id));
    }

    @Test
    void noStrayPages() throws Exception {
        Set<String> ids = RuleCatalogue.all().stream().map(r -> r.info().id()).collect(Collectors.toSet());
        try (Stream<Path> s = Files.list(TestData.root().resolve("docs/rules"))) {
            s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".md") && !n.equals("README.md"))
                    .forEach(n -> assertTrue(ids.contains(n.substring(0, n.length() - 3)), "page without rule: " + n));
        }
    }

    static String plain(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    @Test
    void catalogueHoldsEveryRuleIdOfTheContract() {
        Set<String> ids = RuleCatalogue.all().stream().map(r -> r.info().id()).collect(Collectors.toSet());
        for (String id : CONTRACT_IDS) {
            assertTrue(ids.contains(id), "CONTRACT.md rule id missing from the catalogue: " + id);
        }
    }
}
