package dev.ioverdict.rules.block;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.rules.Threshold;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each block rule is in the catalogue and its page names every threshold with its default. */
class BlockRuleDocsTest {
    @Test
    void pagesMatchTheMetadata() throws Exception {
        for (String id : List.of("device-latency", "scheduler-latency", "request-starvation")) {
            Rule rule = RuleCatalogue.byId(id).orElseThrow();
            Path page = TestData.root().resolve(rule.info().docPath());
            assertTrue(Files.exists(page), page.toString());
            String text = Files.readString(page);
            for (Threshold t : rule.info().thresholds()) {
                String dflt = t.defaultValue() == Math.rint(t.defaultValue())
                        ? Long.toString((long) t.defaultValue()) : Double.toString(t.defaultValue());
                assertTrue(text.contains("| `" + t.key() + "` | " + dflt), id + " page lacks " + t.key() + " = " + dflt);
            }
        }
    }
}
