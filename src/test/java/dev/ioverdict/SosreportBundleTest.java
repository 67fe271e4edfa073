package dev.ioverdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.ioverdict.pipeline.CaseRequest;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.host.HostInfo;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.config.DeviceConfig;
import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.report.model.Report;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 12's "done when" for a sosreport: a folder laid out as sos lays it out gives the host, the
 * kernel, the storage configuration and the findings, with the device named by what sos collected.
 */
class SosreportBundleTest {
    private static final String LOOP0 = "loop0 (7,0)";

    @Test
    void hostKernelConfigurationAndFindings() throws Exception {
        Report r = new CaseCompiler(RuleConfig.DEFAULTS)
                .compile(CaseRequest.of(TestData.bundle("sosreport-sar-saturated").resolve("bundle"))).report();
        HostInfo host = r.caseInfo().host();
        assertEquals("vm", host.hostname());
        assertEquals("6.18.44-fc-v657", host.kernel());
        assertEquals("Debian GNU/Linux 12 (bookworm)", host.os());
        assertEquals("x86_64", host.arch());
        assertTrue(host.sources().contains("kernel: sosreport-vm-2026-11-24-qkzvbnr/sos_commands/kernel/uname_-a:1"),
                host.sources().toString());

        DeviceConfig loop0 = r.config().devices().stream().filter(d -> d.device().equals("loop0")).findFirst().orElseThrow();
        assertEquals(LOOP0, loop0.label());
        assertEquals("/", r.config().devices().stream().filter(d -> d.device().equals("vda")).findFirst().orElseThrow()
                .mount());

        // report.json's iostat entries (sar -d here) carry the same name as findings and the USE table
        assertEquals(LOOP0, r.iostat().stream().filter(d -> d.device().equals("loop0")).findFirst().orElseThrow().label());

        // loop0 answers slowly even at queue depth 1 (fio's light phase), and fills under the 64-deep phase:
        // one cause, the slow device, with the saturation and the queue said under it
        Finding slow = r.findings().stream().filter(f -> f.rule().equals("device-latency")).findFirst().orElseThrow();
        assertEquals(LOOP0, slow.subject().label());
        Finding saturation = slow.symptoms().stream().filter(f -> f.rule().equals("disk-saturation")).findFirst().orElseThrow();
        assertEquals(Severity.CRITICAL, saturation.severity());
        assertEquals("loop0", saturation.subject().id());
        assertEquals(LOOP0, saturation.subject().label());
        assertTrue(saturation.title().startsWith(LOOP0 + " saturated"), saturation.title());
        Finding queue = slow.symptoms().stream().filter(f -> f.rule().equals("queue-wait")).findFirst().orElseThrow();
        assertEquals(LOOP0, queue.subject().label());

        // the kernel log was read and the kernel-log rules ran on it (a clean dmesg: nothing to report)
        assertTrue(r.inputs().stream().anyMatch(i -> i.format().equals("kernel-log")));
        List<String> notEvaluated = r.notEvaluated().stream().map(n -> n.rule()).toList();
        assertTrue(!notEvaluated.contains("io-errors") && !notEvaluated.contains("hung-task-io"), notEvaluated.toString());
        assertTrue(r.findings().stream().noneMatch(f -> f.rule().equals("io-errors") || f.rule().equals("hung-task-io")));
    }
}
