package dev.ioverdict.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.TestData;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The catalogue and docs/rules/ cannot drift: each page is exactly what the rule's metadata and its
 * side-car prose generate (regenerate with {@link RuleDocs#REGENERATE}), and every threshold a rule
 * class declares is in its metadata, so none can be read without being documented and validated.
 */
class RuleDocsTest {
    private static final Set<String> CONTRACT_IDS = Set.of("unaligned-dio-xfs", "device-latency", "scheduler-latency",
            "disk-saturation", "queue-wait", "sync-io-submit", "name-cache");

    @TestFactory
    Stream<DynamicTest> committedPagesAreWhatTheRulesGenerate() {
        return RuleCatalogue.all().stream().map(rule -> DynamicTest.dynamicTest(rule.info().id(), () -> {
            Path doc = TestData.root().resolve(rule.info().docPath());
            assertTrue(Files.exists(doc), "missing " + rule.info().docPath() + "; run " + RuleDocs.REGENERATE);
            assertEquals(RuleDocs.markdown(rule), Files.readString(doc),
                    rule.info().docPath() + " differs from what the rule generates; run " + RuleDocs.REGENERATE);
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyThresholdConstantIsDeclared() {
        return RuleCatalogue.all().stream().map(rule -> DynamicTest.dynamicTest(rule.info().id(), () -> {
            for (Field f : rule.getClass().getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == Threshold.class) {
                    f.setAccessible(true);
                    Threshold t = (Threshold) f.get(null);
                    assertTrue(rule.info().thresholds().contains(t),
                            rule.info().id() + " declares " + f.getName() + " but not in its RuleInfo");
                }
            }
        }));
    }

    @Test
    void idsAreUnique() {
        List<String> ids = RuleCatalogue.all().stream().map(r -> r.info().id()).toList();
        assertEquals(ids.size(), Set.copyOf(ids).size(), "duplicate rule ids: " + ids);
    }

    @Test
    void noStrayPages() throws Exception {
        Set<String> ids = RuleCatalogue.all().stream().map(r -> r.info().id()).collect(Collectors.toSet());
        try (Stream<Path> s = Files.list(TestData.root().resolve("docs/rules"))) {
            s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".md") && !n.equals("README.md"))
                    .forEach(n -> assertTrue(ids.contains(n.substring(0, n.length() - 3)), "page without rule: " + n));
        }
    }

    @Test
    void catalogueHoldsEveryRuleIdOfTheContract() {
        Set<String> ids = RuleCatalogue.all().stream().map(r -> r.info().id()).collect(Collectors.toSet());
        for (String id : CONTRACT_IDS) {
            assertTrue(ids.contains(id), "CONTRACT.md rule id missing from the catalogue: " + id);
        }
    }
}
