package dev.ioverdict.diagnosis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
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

/** One stack, one cause: the recorded loop-on-loop capture, and where the upper device is slow by itself. */
class StackedDevicesTest {

    private static CaseData loopOnLoop() {
        return RuleHarness.data(TestData.file("stacked-loop-on-loop", "losetup.txt"),
                TestData.file("stacked-loop-on-loop", "mounts.txt"), TestData.file("stacked-loop-on-loop", "lsblk.txt"));
    }

    private static Finding finding(String rule, String device, double seconds) {
        return new Finding(rule, Severity.CRITICAL, Confidence.HIGH, List.of(), List.of(), Subject.device(device, device),
                "slow " + device, "Slow " + device + ".", "Escalate.", List.of(),
                List.of(new Evidence("iostat.txt", device.length(), device)), Impact.measured(seconds, "test"),
                List.of("iostat"), List.of());
    }

    @Test
    void theRecordedLoopOnLoopIsOneCauseOnTheLowerDevice() throws IOException {
        Path[] bundle;
        try (Stream<Path> files = Files.list(TestData.bundle("stacked-loop-on-loop").resolve("bundle"))) {
            bundle = files.sorted().toArray(Path[]::new);
        }
        CaseData data = RuleHarness.data(bundle);
        Diagnosed d = Diagnosis.diagnose(new RuleEngine(RuleCatalogue.all(), RuleConfig.of(Map.of()), true).evaluate(data),
                data);
        List<Finding> latency = d.causes().stream().filter(f -> f.rule().equals("device-latency")).toList();
        assertEquals(1, latency.size(), d.causes().toString());
        Finding cause = latency.get(0);
        assertEquals("loop0", cause.subject().id());
        // btt on the same capture: D2C avg 30.384862 ms on loop0 (7,0), 30.456015 ms on loop1 (7,1)
        assertEquals(0.030384862, cause.measurement("d2cAvg").orElseThrow().value(), 1e-9);
        Finding upper = cause.symptoms().stream().filter(s -> s.rule().equals("device-latency")).findFirst().orElseThrow();
        assertEquals("loop1", upper.subject().id());
        assertEquals(0.030456015, upper.measurement("d2cAvg").orElseThrow().value(), 1e-9);
        assertTrue(upper.summary().startsWith("Part of the cause on loop0 (7,0, /mnt/cap-stack): loop1's backing file "
                + "/mnt/cap-stack/upper.img is on the xfs mounted from loop0 at /mnt/cap-stack"), upper.summary());
        assertEquals("loop1", cause.text("stackedAbove").orElseThrow());
        // decided on btt's figures: loop0's D2C 30.384862 ms x 1,300 against loop1's Q2C 30.463326 ms x 1,300
        assertTrue(cause.summary().endsWith(" loop0 holds 99.7% of the time of the device above (D2C below 39.5 s "
                + "against Q2C above 39.6 s in the block trace)."), cause.summary());
        List<String> at = cause.evidence().stream().map(Evidence::location).toList();
        assertTrue(at.contains("losetup.txt:2") && at.contains("mounts.txt:22"), at.toString());
        assertTrue(cause.symptoms().stream().anyMatch(s -> s.rule().equals("aio-completion-wait")));
        // the time once: fio's two processes wait 19.56 s in io_getevents (strace); the causes hold no more
        double held = d.causes().stream().mapToDouble(Finding::weight).sum();
        assertTrue(held > 19 && held < 19.6, "causes hold " + held + " s");
    }

    @Test
    void anUpperDeviceSlowByItselfKeepsItsCauseLessTheTimeBelow() {
        List<Finding> out = StackedDevices.fold(List.of(finding("device-latency", "loop1", 40),
                finding("device-latency", "loop0", 6)), loopOnLoop());
        assertEquals(List.of("loop1", "loop0"), out.stream().map(f -> f.subject().id()).toList());
        assertEquals(34, out.get(0).weight(), 1e-9);
        assertTrue(out.get(0).summary().endsWith("It sits on loop0, which holds only 15% of its time (6.00 s below "
                + "against 40.0 s above, as each finding measured it; a cause of its own): the rest is held in loop1 "
                + "itself."), out.get(0).summary());
        assertEquals(6, out.get(1).weight(), 1e-9);
    }

    @Test
    void whenTheLowerDeviceHoldsTheTimeTheUpperOneFoldsUnderIt() {
        List<Finding> out = StackedDevices.fold(List.of(finding("queue-wait", "loop1", 40),
                finding("queue-wait", "loop0", 21), finding("io-errors", "loop1", 0)), loopOnLoop());
        assertEquals(List.of("queue-wait loop0", "io-errors loop1"),
                out.stream().map(f -> f.rule() + " " + f.subject().id()).toList());
        assertEquals(21, out.get(0).weight(), 1e-9, "the time held below, once");
        assertEquals(List.of("loop1"), out.get(0).symptoms().stream().map(s -> s.subject().id()).toList());
    }

    @Test
    void aVolumeOnAnArrayThatHoldsTheTimeIsOneCauseOnTheArrayWhenTheDisksAreFine() {
        // rhel-root on md126 on vda2 and vdb2 on vda and vdb (lsblk's tree)
        CaseData md = RuleHarness.data(TestData.external("lsblk/insights-md-raid1-ascii-tree.txt"));
        List<Finding> out = StackedDevices.fold(List.of(finding("device-latency", "rhel-root", 40),
                finding("device-latency", "md126", 38), finding("device-latency", "vda", 3)), md);
        assertEquals(List.of("md126", "vda"), out.stream().map(f -> f.subject().id()).toList());
        // vda holds 3 of 40 s: md126 keeps 92.5 % of its 38 s, and rhel-root's time is md126's
        assertEquals(38 * 0.925, out.get(0).weight(), 1e-9);
        assertEquals(List.of("rhel-root"), out.get(0).symptoms().stream().map(s -> s.subject().id()).toList());
        assertEquals(3, out.get(1).weight(), 1e-9);
    }

    @Test
    void aSchedulersWaitAboveIsNotTheTimeBelow() {
        List<Finding> in = List.of(finding("scheduler-latency", "loop1", 40), finding("scheduler-latency", "loop0", 30));
        assertEquals(in, StackedDevices.fold(in, loopOnLoop()));
    }

    @Test
    void pathsSideBySideHoldTheTimeTogether() {
        CaseData mpath = RuleHarness.data(TestData.file("blkgen-mpath-rq-lgwr", "blkparse.txt"));
        List<Finding> out = StackedDevices.fold(List.of(finding("device-latency", "252,169", 12),
                finding("device-latency", "135,576", 7), finding("device-latency", "70,592", 5)), mpath);
        assertEquals(1, out.size());
        Finding cause = out.get(0);
        assertEquals("135,576", cause.subject().id(), "the path holding most");
        assertEquals(12, cause.weight(), 1e-9, "both paths' time added up");
        assertEquals("252,169", cause.text("stackedAbove").orElseThrow());
        assertEquals("70,592", cause.text("stackedBeside").orElseThrow());
    }
}
