package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.diagnosis.Diagnosed;
import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Invariants;
import dev.ioverdict.model.Measurement;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.Unit;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The last gate before a report is written: in a user's run a finding whose figures cannot be true
 * is withheld with a note naming the invariant and its inputs; under the test suite it fails.
 */
class InvariantGateTest {
    /** The finding of the recording that started it, as the rule made it before it checked its inputs. */
    private static Finding starvation() {
        return new Finding("request-starvation", Severity.WARNING, Confidence.HIGH, List.of(), List.of(),
                Subject.device("loop0", "loop0 (7,0)"), "I/Os wait for a free request on loop0 (7,0): Q2G + G2I is 29600% of Q2C",
                "Bios on loop0 spend 29600% of their queue-to-complete time waiting to get a request: about 170 s "
                        + "of the 575 ms an I/O takes, over 26 I/Os.", "raise nr_requests",
                List.of(Measurement.number("q2gG2iSharePct", "Q2G + G2I share of Q2C", Unit.PERCENT, 29600)),
                List.of(new Evidence("perf-script.txt", 1234, "fio 28869 [001] 1178.615127: block:block_getrq: 7,0 WS 0 () 8 + 8 [fio]")),
                Impact.measured(170 * 26, "Q2G + G2I share x Q2C average x I/Os"), List.of("block trace"), List.of());
    }

    @Test
    void aUsersRunWithholdsTheFindingAndSaysWhy() {
        String was = System.clearProperty(Invariants.STRICT);
        try {
            Diagnosed d = InvariantGate.findings(new Diagnosed(List.of(starvation()), List.of(), List.of(), List.of()));
            assertEquals(List.of(), d.causes());
            assertEquals(1, d.consistency().size());
            String note = d.consistency().get(0).text();
            assertTrue(note.startsWith("ioverdict withheld the finding request-starvation about loop0: ")
                    && note.contains("q2gG2iSharePct 29600.0 breaks \u201ca share between 0 and 100 %\u201d at metrics.q2gG2iSharePct")
                    && note.contains("\u201ca share above 100 %\u201d at title")
                    && note.contains("from perf-script.txt"), note);
            assertEquals(List.of(), Invariants.checkText("note", note), "the note does not repeat the impossible share");
            assertEquals("perf-script.txt", d.consistency().get(0).evidence().get(0).input());
        } finally {
            if (was != null) {
                System.setProperty(Invariants.STRICT, was);
            }
        }
    }

    @Test
    void underTheTestSuiteItFails() {
        String was = System.setProperty(Invariants.STRICT, "true");
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> InvariantGate.findings(
                    new Diagnosed(List.of(starvation()), List.of(), List.of(), List.of())));
            assertTrue(e.getMessage().contains("broken invariants in the finding request-starvation about loop0"), e.getMessage());
        } finally {
            if (was == null) {
                System.clearProperty(Invariants.STRICT);
            } else {
                System.setProperty(Invariants.STRICT, was);
            }
        }
    }

    @Test
    void theVisibleTextLeavesCapturedLinesAndCodeOut() {
        String html = "<p>Q2G + G2I is 66.7% of Q2C</p><pre>sdb 250% of nothing</pre><code>x 300% of y</code>"
                + "<script>var a = '900% of';</script><td>29600&nbsp;% of Q2C</td>";
        String text = InvariantGate.visibleText(html);
        assertEquals(1, Invariants.checkText("report.html", text).size(), text);
    }
}
