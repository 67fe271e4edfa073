package dev.ioverdict.parse.linuxki;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.host.HostFact;
import dev.ioverdict.model.syscall.SyscallSummary;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * kiinfo headers as host facts, kparse's trace events as system call totals, and the report tables
 * that say nothing about I/O (hardclock, futex, socket, container, power, run queue) counted with a
 * "no I/O data" note: the public kparse excerpts and the kiinfo outputs quoted by LinuxKI's man pages.
 */
class KiinfoTablesTest {
    private static final LinuxKiFormat FORMAT = new LinuxKiFormat();

    private static Path sample(String dir, String file) {
        return TestData.external().resolve(dir).resolve(file);
    }

    private static Map<String, String> host(ParseRun run) {
        return run.all(HostFact.class).stream().collect(Collectors.toMap(HostFact::key, HostFact::value));
    }

    @Test
    void kiinfoHeaderGivesHostKernelAndCaptureStart() {
        ParseRun run = ParseRun.of(FORMAT, sample("linuxki-misc", "manpage-kiinfo-5.3-kifile-rhel6.txt"));
        assertEquals(Map.of("hostname", "gwr-repo1.rose.rdlabs.hpecorp.net", "kernel", "2.6.32-504.el6.x86_64",
                "os", "Linux", "arch", "x86_64", "captured", "Thu Apr 14 11:19:44 2016"), host(run));
        assertEquals(5, run.all(HostFact.class).get(0).line());
    }

    @Test
    void kparseTraceEventsGiveSystemCallTotalsOfTheProcess() {
        ParseRun run = ParseRun.of(FORMAT, sample("linuxki-kparse",
                "oracle_polling-kparse-1.3.3-trace-events-top-processes.txt"));
        List<SyscallSummary> calls = run.all(SyscallSummary.class);
        assertEquals(List.of("poll", "read", "write", "mmap"), calls.stream().map(SyscallSummary::name).toList());
        SyscallSummary read = calls.get(1);
        assertEquals(103552, read.pid());
        assertEquals("oracleTPCC", read.comm());
        assertEquals(11345, read.count());
        assertEquals(3.043, read.total(), 1e-9);
        assertEquals(0.000268, read.avg(), 1e-12);
        assertEquals(0.0049, read.max(), 1e-12);
        assertEquals(8, run.summary().records()); // and sys_enter, sched_switch, hardclock, sched_wakeup counted
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
    }

    @Test
    void tablesWithoutIoAreCountedWithANote() {
        record Expect(String dir, String file, long rows, String section) { }
        for (Expect e : List.of(
                new Expect("linuxki-kparse", "SemaphoreScaling-kparse-1.4.4-hardclock-stacks.txt", 9,
                        "1.4.4 Report of non-idle kernel stack traces at each clock tick"),
                new Expect("linuxki-kparse", "pcc_cpufreq-kparse-1.1.3-power-savings.txt", 4, "1.1.3 Power Savings Report"),
                new Expect("linuxki-kparse", "runq_delays-kparse-2.2.2-threads-waiting-on-cpu.txt", 10,
                        "2.2.2 Top Threads Waiting on CPU (in secs)"),
                new Expect("linuxki-misc", "manpage-kiinfo-2.1-kifutex-sles11.txt", 24, "GLOBAL FUTEX REPORT"),
                new Expect("linuxki-misc", "manpage-kiinfo-5.3-kisock.txt", 59, "NETWORK SOCKET ACTIVITY REPORT"))) {
            ParseRun run = ParseRun.of(FORMAT, sample(e.dir(), e.file()));
            assertTrue(run.summary().records() >= e.rows(), e.file() + ": " + run.summary().records());
            // a note, not a warning: a valid file without I/O is not a damaged input (exit status 0)
            assertTrue(run.summary().warnings().isEmpty(), e.file() + ": " + run.summary().warnings());
            String note = run.summary().notes().get(run.summary().notes().size() - 1);
            assertTrue(note.startsWith("holds no I/O: " + e.rows() + " rows") && note.contains(e.section()),
                    e.file() + ": " + note);
        }
    }
}
