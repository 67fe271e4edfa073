package dev.ioverdict.parse.btt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.ParseRun;
import org.junit.jupiter.api.Test;

/**
 * btt over a trace that holds no request prints its headings only: a valid file without I/O,
 * listed with a note, not a damaged one (CONTRACT: exit 0), while a row cut short still is.
 */
class BttWithoutIoTest {
    private static final String HEADINGS = """
            ==================== All Devices ====================

                        ALL           MIN           AVG           MAX           N
            --------------- ------------- ------------- ------------- -----------

            """;

    @Test
    void headingsOnlyIsANoteNotDamage() {
        ParseRun run = ParseRun.of(new BttFormat(), "btt.txt", HEADINGS);
        assertFalse(run.summary().damaged(), run.summary().warnings().toString());
        assertEquals("holds no I/O: no btt table rows", run.summary().notes().get(0));
    }

    @Test
    void aCutRowIsStillDamage() {
        ParseRun run = ParseRun.of(new BttFormat(), "btt.txt", HEADINGS.replace("-----------\n\n",
                "-----------\n\nQ2Q               0.000001149   0.0500\nD2C               0.000151619   0.009729193   "
                        + "0.024307440         106\n"));
        assertTrue(run.summary().damaged(), "a row cut short is a line that could not be read");
    }
}
