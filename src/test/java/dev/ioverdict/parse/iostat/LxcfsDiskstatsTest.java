package dev.ioverdict.parse.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.parse.text.Tokens;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** /proc/diskstats as a container reads it through lxcfs (testdata/odd-layouts, SOURCES.md there). */
class LxcfsDiskstatsTest {
    private static Path odd(String file) {
        return TestData.root().resolve("testdata/odd-layouts").resolve(file);
    }

    @Test
    void lxcfsFourteenCountersWithoutPadding() {
        // lxcfs 4.0.11 in a docker container: "8       0 sda 18 0 1808 0 0 0 0 0 0 0 0 0 0 0"
        assertEquals(14, DiskstatsFormat.counters(Tokens.split("8       0 sda 18 0 1808 0 0 0 0 0 0 0 0 0 0 0")));
        Path file = odd("diskstats-lxcfs4.0.11-docker-container-14-counters.txt");
        assertTrue(ParseRun.recognise(new DiskstatsFormat(), file).score() >= 70);
        ParseRun run = ParseRun.of(new DiskstatsFormat(), file);
        assertEquals(2, run.summary().records()); // sda and dm-0
        assertEquals(0, run.summary().skipped()); // the shell prompt line naming diskstats is not a damaged line
    }

    @Test
    void kernelsOwnFileThroughLxcfs() {
        // lxcfs 5.0.3 on this kernel (no blkio.io_serviced_recursive) hands the kernel's 17-counter lines through
        Path file = odd("diskstats-lxcfs5.0.3-passthrough-kernel6.txt");
        ParseRun run = ParseRun.of(new DiskstatsFormat(), file);
        assertEquals(10, run.summary().records());
        assertEquals(0, run.summary().skipped());
        assertEquals(17, DiskstatsFormat.counters(Tokens.split(
                " 254       0 vda 1321029 57944 35474512 1817258 2975202 1245661 153093816 2303076 0 1239836 5305737 "
                        + "1346423 749 116231952 820538 747444 364863")));
    }
}
