package dev.ioverdict.rules.aio;

import static dev.ioverdict.testing.TestData.file;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.testing.RuleHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

class AioCompletionWaitRuleTest {
    private final AioCompletionWaitRule rule = new AioCompletionWaitRule();

    @Test
    void seed000TheWaitIsInIoGetevents() {
        List<Finding> found = RuleHarness.files(rule, file("seed-000-strace", "strace-lgwr.txt"));
        assertEquals(1, found.size());
        assertEquals(Severity.INFO, found.get(0).severity());
        assertEquals(0.995326, (double) found.get(0).metrics().get("geteventsAvg"), 1e-12);
        assertEquals("995 ms", found.get(0).measurement("geteventsAvg").orElseThrow().display());
        assertEquals(List.of("strace-lgwr.txt:8", "strace-lgwr.txt:1"),
                found.get(0).evidence().stream().map(e -> e.location()).toList());
    }

    @Test
    void seed001SubmitTakesTheWait() {
        assertEquals(List.of(), RuleHarness.files(rule, file("seed-001-linuxki", "kipid-lgwr.txt")));
    }
}
