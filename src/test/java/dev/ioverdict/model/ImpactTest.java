package dev.ioverdict.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ImpactTest {
    private static final String OF = "the application's I/O wait (2.62 s of pid 15677, pid 15675, pid 15676 and 2 more)";

    @Test
    void theVictimsViewIsAProcessThatLosesClearlyMoreAndHoldsAMaterialPartOfTheCause() {
        // pgbench-commit-3ms-ssd: four backends lose ~70 % of their wait to WAL flushes; the WAL writer waited 0.03 s,
        // 77 % of it on the same flushes. Its share is higher, but it holds 1 % of the cause: not the victim's view
        List<Impact.ProcessShare> backendsAndWalWriter = List.of(
                new Impact.ProcessShare("pid 15677", List.of(15677), 0.498, 70.6),
                new Impact.ProcessShare("pid 15675", List.of(15675), 0.448, 69.4),
                new Impact.ProcessShare("pid 15626", List.of(15626), 0.0188, 76.7));
        assertEquals("1.84 s, 70.1% of " + OF,
                new Impact(1.84, 70.1, OF, false, "estimated", backendsAndWalWriter).text());
        // a process that holds a material part of the cause and loses clearly more than the whole is quoted
        List<Impact.ProcessShare> oneHitHarder = List.of(
                new Impact.ProcessShare("fio", List.of(13129), 1.2, 92.0),
                new Impact.ProcessShare("restore", List.of(13130), 0.64, 48.0));
        assertEquals("1.84 s, 70.1% of " + OF + "; 92% of fio pid 13129's I/O wait",
                new Impact(1.84, 70.1, OF, false, "estimated", oneHitHarder).text());
    }

    @Test
    void howItWasFoundDoesNotSayEstimatedAgain() {
        // xfs-unaligned-512b's first cause read "(estimated: time model: inode lock / direct-I/O drain; estimated: the
        // composition of io_submit's sleep stacks ...)": the page says measured or estimated beside the seconds
        Impact inodeLock = new Impact(1.98, 58.7, OF, false, "time model: inode lock / direct-I/O drain; estimated: "
                + "the composition of io_submit's sleep stacks applied to its 1.52 s");
        assertEquals("time model: inode lock / direct-I/O drain; the composition of io_submit's sleep stacks applied "
                + "to its 1.52 s", inodeLock.how());
        assertEquals("no block trace; its read waits", new Impact(1, 10.0, OF, false,
                "estimated: no block trace; its read waits").how());
        // a measured part keeps its words: they say how it was measured
        assertEquals("time model: device; measured per I/O: each instant of its waits", new Impact(1, 10.0, OF, true,
                "time model: device; measured per I/O: each instant of its waits").how());
    }
}
