package dev.ioverdict.parse.blkparse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** One line of each kind, as blkparse 1.2.0 printed it (testdata/blkgen-selftest, testdata/external/blkparse). */
class BlkparseLineParserTest {
    private final BlkparseLineParser parser = new BlkparseLineParser();

    private BlockEvent parse(String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        return parser.read(b, 0, b.length) ? parser.event("t", 1, line) : null;
    }

    @Test
    void queueWithExtentAndProcess() {
        BlockEvent e = parse("  8,0    0        1     0.000000000  1234  Q   R 2048 + 8 [fio]");
        assertNotNull(e);
        assertEquals(8, e.major());
        assertEquals(0, e.minor());
        assertEquals(0, e.cpu());
        assertEquals(0L, e.timeNs());
        assertEquals(1234, e.pid());
        assertEquals(BlockAction.QUEUE, e.action());
        assertEquals("R", e.rwbs());
        assertEquals(2048, e.sector());
        assertEquals(8, e.sectors());
        assertEquals(4096, e.bytes());
        assertEquals("fio", e.comm());
        assertEquals(-1, e.fromMajor());
    }

    @Test
    void everyActionLetter() {
        String[][] lines = {
            {"  8,0    0        2     0.000000500  1234  G   R 2048 + 8 [fio]", "GETRQ"},
            {"  8,0    2        6     0.000011200  4321  S FWFSM 700 + 16 [ora_lgwr_PROD1]", "SLEEPRQ"},
            {"  8,0    0        9     0.000002200  1234  I   R 2040 + 24 [fio]", "INSERT"},
            {"  8,0    0        5     0.000001200  1234  M   R 2056 + 8 [fio]", "BACKMERGE"},
            {"  8,0    0        7     0.000001700  1234  F   R 2040 + 8 [fio]", "FRONTMERGE"},
            {"  8,0    0       10     0.000003000  1234  D   R 2040 + 24 [fio]", "ISSUE"},
            {"  8,0    1        1     0.000150000     0  C   R 2040 + 24 [0]", "COMPLETE"},
            {"  8,0    2       10     0.000013000  4321  R FWFSM 700 + 16 [0]", "REQUEUE"},
            {"  8,16   1        1     0.000031000  4321  A  WS 3048 + 16 <- (253,0) 1000", "REMAP"},
            {"  8,0    3        2     0.000015500   777  X  RA 5000 / 5128 [kworker/3:1H]", "SPLIT"},
            {"  8,0    3        3     0.000016000   777  B  RA 5000 + 128 [kworker/3:1H]", "BOUNCE"},
            {"  8,0    0        3     0.000000700  1234  P   N [fio]", "PLUG"},
            {"  8,0    0        8     0.000002000  1234  U   N [fio] 1", "UNPLUG"},
            {"  8,0    3        6     0.000018000   777 UT   N [kworker/3:1H] 3", "UNPLUG_TIMER"},
            {"  8,0    3        6     0.000018000   777  T   N [kworker/3:1H] 3", "UNPLUG_TIMER"},
            {"  8,0    0        0     0.000000000     0  m   N cfq schedule dispatch", "MESSAGE"},
            {"  8,0    1        0     0.000215010     0 1,0  m   N cfq1 alloced", "MESSAGE"},
        };
        for (String[] l : lines) {
            BlockEvent e = parse(l[0]);
            assertNotNull(e, l[0] + ": " + parser.problem);
            assertEquals(BlockAction.valueOf(l[1]), e.action(), l[0]);
        }
    }

    @Test
    void rwbsCombinations() {
        for (String rwbs : new String[] {"R", "W", "D", "N", "FWS", "WFS", "FN", "RA", "WM", "FWFSM", "DS", "RM", "WSM"}) {
            BlockEvent e = parse("  8,0    2        5     0.000011000  4321  Q " + rwbs + " 700 + 16 [p]");
            assertNotNull(e, rwbs);
            assertEquals(rwbs, e.rwbs());
        }
    }

    @Test
    void completionCarriesItsError() {
        BlockEvent e = parse("  8,0    0       11     0.000300000     0  C  WS 99 + 1 [65531]");
        assertEquals(65531, e.error());
        assertEquals("", e.comm());
        assertEquals(1, e.sectors());
    }

    @Test
    void zeroByteRequestsPrintNoExtent() {
        BlockEvent q = parse("  8,0    3        8     0.000020000   777  Q   W [kworker/3:1H]");
        assertEquals(-1, q.sector());
        assertEquals(0, q.sectors());
        assertEquals("kworker/3:1H", q.comm());
        BlockEvent d = parse("  8,0    3        5     0.000017500   777  D  FN [kworker/3:1H]");
        assertEquals("FN", d.rwbs());
        assertEquals(0, d.bytes());
        BlockEvent c = parse("  8,0    0       12     0.000301000     0  C  FN 0 [0]");
        assertEquals(0, c.sector());
        assertEquals(0, c.sectors());
    }

    @Test
    void remapWithAndWithoutSpaceAfterArrow() {
        BlockEvent a = parse("70,592      69       11 1266874873.591919042 17203      A        W 190748350 + 1 <- (252,169) 190748350  ");
        assertEquals(70, a.major());
        assertEquals(592, a.minor());
        assertEquals(1266874873_591919042L, a.timeNs());
        assertEquals(252, a.fromMajor());
        assertEquals(169, a.fromMinor());
        assertEquals(190748350, a.fromSector());
        BlockEvent tight = parse(" 67,720       69      9    4.451300687    17203    A      W 190715679 + 1 <-(252,154) 190715679");
        assertEquals(154, tight.fromMinor());
        assertEquals(4_451300687L, tight.timeNs());
    }

    @Test
    void trailingMarksAfterTheBracketAreTolerated() {
        BlockEvent c = parse(" 67,720       71      5    5.722159729    26194    C      WS 190715679 + 1 [0]  <<<");
        assertNotNull(c);
        assertEquals(0, c.error());
    }

    @Test
    void trackIosElapsedAndScsiPassthrough() {
        BlockEvent d = parse("  8,0    1       15     0.000024062   697  D   W 223490 + 56 (   12345) [kjournald]");
        assertEquals(56, d.sectors());
        assertEquals("kjournald", d.comm());
        BlockEvent pc = parse("  3,0    0       26     0.004890361 13528  I   R 56 (12 00 00 00 38 ..) [inquiry]");
        assertEquals(-1, pc.sector());
        assertEquals(56, pc.bytes());
        assertEquals("inquiry", pc.comm());
        BlockEvent pcDone = parse("  3,0    0       29     0.005344910     0  C   R (12 00 00 00 38 ..) [0]");
        assertEquals(-1, pcDone.sector());
        assertEquals(0, pcDone.error());
    }

    @Test
    void processNamesWithSpacesAndBrackets() {
        assertEquals("Web Content", parse("  8,0    1        1     1.000000000  42  Q   R 8 + 8 [Web Content]").comm());
        assertEquals("a]b", parse("  8,0    1        1     1.000000000  42  Q   R 8 + 8 [a]b]").comm());
    }

    @Test
    void byteOrderMarkBeforeTheFirstLine() {
        assertEquals(8, parse("\uFEFF  8,0    0        1     0.000000000  1234  Q   R 2048 + 8 [fio]").sectors());
    }

    @Test
    void shortFractionsScaleToNanoseconds() {
        assertEquals(4_451300000L, parse("8,0 0 1 4.4513 1 Q R 8 + 8 [p]").timeNs());
    }

    @Test
    void notEventLines() {
        for (String line : new String[] {"CPU0 (sda):", " Reads Queued:           3,       12KiB\t Writes Queued: 0, 0KiB",
                                         "[ Device ] [CPU ID] [Sqc] [ timestamp ]     [ PID ] [ Action ] [ RWBS ]",
                                         "Input file sda.blktrace.0 added", "", "......"}) {
            assertNull(parse(line), line);
            assertNull(parser.problem, line);
        }
    }

    @Test
    void brokenTrailersAreReportedWithAReason() {
        assertNull(parse("  8,0    0        1     0.000000000  1234  Q   R 2048 + 8 [fio"));
        assertTrue(parser.problem.contains("unclosed"), parser.problem);
        assertNull(parse("  8,0    0        1     0.000000000  1234  C   R 2048 + 8 [x]"));
        assertFalse(parser.problem.isEmpty());
        assertNull(parse("  8,0    0        1     0.000000000  1234  A   R 2048 + 8 <- 253,0 7"));
        assertNotNull(parser.problem);
    }
}
