package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import org.junit.jupiter.api.Test;

/** inspect prints each input's span as the report's case facts do: ISO 8601 instants, not raw epoch seconds. */
class InspectCommandTest {
    private static String row(Cli r, String file) {
        return r.out().lines().filter(l -> l.startsWith(file + " ")).findFirst().orElseThrow(() -> new AssertionError(r.out()));
    }

    @Test
    void stampsAreIsoInstantsAndTraceClocksTheirOwnSeconds() {
        Cli r = Cli.run("inspect", TestData.bundle("xfs-unaligned-512b").resolve("bundle").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().lines().findFirst().orElseThrow().contains(" SPAN "), r.out());
        // iostat -t stamps without a zone, read as UTC as the report reads them (1795250716 s since the epoch)
        assertTrue(row(r, "iostat-x.txt").contains(" 2026-11-21T"), row(r, "iostat-x.txt"));
        assertTrue(!r.out().contains("1795250716"), r.out());
        // perf's clock counts since boot: seconds, as the report's case facts print them
        assertTrue(row(r, "perf-block.txt").contains(" 1541.1"), row(r, "perf-block.txt"));
        // strace -tt: a time of day
        assertTrue(row(r, "strace-fio.txt").matches(".* \\d\\d:\\d\\d:\\d\\d\\.\\d{6} \\.\\. \\d\\d:\\d\\d:\\d\\d\\.\\d{6} .*"),
                row(r, "strace-fio.txt"));
    }
}
