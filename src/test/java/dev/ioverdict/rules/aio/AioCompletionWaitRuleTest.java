package dev.ioverdict.rules.aio;

import static dev.ioverdict.testing.CaseFixture.file;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.testing.CaseFixture;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AioCompletionWaitRuleTest {
    @Test
    void seed000TheWaitIsInIoGetevents() {
        var data = CaseFixture.read(List.of(file("seed-000-strace", "strace-lgwr.txt")), List.of());
        List<Finding> found = CaseFixture.findings(new AioCompletionWaitRule(), data, Map.of());
        assertEquals(1, found.size());
        assertEquals(Severity.INFO, found.get(0).severity());
        assertEquals(995.326, (double) found.get(0).metrics().get("geteventsAvgMs"), 1e-9);
        assertEquals(List.of("strace-lgwr.txt:8", "strace-lgwr.txt:1"),
                found.get(0).evidence().stream().map(e -> e.location()).toList());
    }

    @Test
    void seed001SubmitTakesTheWait() {
        var data = CaseFixture.read(List.of(file("seed-001-linuxki", "kipid-lgwr.txt")), List.of());
        assertEquals(List.of(), CaseFixture.findings(new AioCompletionWaitRule(), data, Map.of()));
    }
}
