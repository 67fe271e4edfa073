package dev.ioverdict.diagnosis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.Finding;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.rules.RuleEngine;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** A symptom goes under the cause it is about: with two devices, each process's wait under its own device's cause. */
class SymptomPlacementTest {

    private static Diagnosed diagnosed(String testCase) throws IOException {
        Path[] bundle;
        try (Stream<Path> files = Files.list(TestData.bundle(testCase).resolve("bundle"))) {
            bundle = files.sorted().toArray(Path[]::new);
        }
        CaseData data = RuleHarness.data(bundle);
        return Diagnosis.diagnose(new RuleEngine(RuleCatalogue.all(), RuleConfig.of(Map.of()), true).evaluate(data), data);
    }

    private static List<String> completionWaits(Finding cause) {
        return cause.symptoms().stream().filter(s -> s.rule().equals("aio-completion-wait"))
                .map(s -> s.subject().id()).toList();
    }

    @Test
    void eachProcessWaitsUnderTheCauseOfTheDeviceItsRequestsWentTo() throws IOException {
        // the reader (pid 3660) on the 20 ms loop0, the writer (pid 3661) queueing 32 deep on the one-slot loop1
        Diagnosed d = diagnosed("grid/two-devs-read-20ms-and-sat-2ms");
        Finding slow = d.causes().stream().filter(f -> f.rule().equals("device-latency")).findFirst().orElseThrow();
        Finding saturated = d.causes().stream().filter(f -> f.rule().equals("disk-saturation")).findFirst().orElseThrow();
        assertEquals("loop0", slow.subject().id());
        assertEquals("loop1", saturated.subject().id());
        assertEquals(List.of("3660"), completionWaits(slow), slow.symptoms().toString());
        assertEquals(List.of("3661"), completionWaits(saturated), saturated.symptoms().toString());
        Finding reader = slow.symptoms().stream().filter(s -> s.rule().equals("aio-completion-wait")).findFirst().orElseThrow();
        assertEquals("loop0 (7,0)", reader.text("waitsOn").orElseThrow());
    }

    @Test
    void aProcessOnAStackedDeviceWaitsOnTheDeviceBelowToo() throws IOException {
        Diagnosed d = diagnosed("grid/stacked-loop-on-8ms");
        Finding cause = d.causes().stream().filter(f -> f.rule().equals("device-latency")).findFirst().orElseThrow();
        assertEquals("loop0", cause.subject().id());
        assertTrue(!completionWaits(cause).isEmpty(), cause.symptoms().toString());
        Finding wait = cause.symptoms().stream().filter(s -> s.rule().equals("aio-completion-wait")).findFirst().orElseThrow();
        assertEquals("loop1 (7,1); loop0 (7,0)", wait.text("waitsOn").orElseThrow());
    }
}
