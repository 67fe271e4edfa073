package dev.ioverdict.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.model.AppliedWindow;
import dev.ioverdict.model.TimeWindow;
import dev.ioverdict.model.bpf.BioIo;
import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import org.junit.jupiter.api.Test;

/** The window says of each input the clock its format declares, as the report's list of inputs does. */
class WindowFilterTest {
    private static BlockEvent queued(long ns) {
        return new BlockEvent("t", 1, "", 8, 0, 0, ns, 1, BlockAction.QUEUE, "W", 0, 8, 4096, "p", 0, -1, -1, -1);
    }

    @Test
    void keepsTheRecordsOfTheWindowAndNamesTheFormatsClock() {
        WindowFilter f = new WindowFilter(TimeWindow.parse("1..2"), "trace.txt");
        for (long s = 0; s < 4; s++) {
            f.test(queued(10_000_000_000L + s * 1_000_000_000L));
        }
        AppliedWindow.Input in = f.summary("blkparse");
        assertEquals(1, in.kept(), "1..2 s after the first record: the one at 1 s");
        assertEquals(3, in.dropped());
        assertEquals("seconds since the block trace started; time zone: none: counts from the start of the capture, "
                + "not a time of day", in.clock());
    }

    @Test
    void biosnoopsIosAreTimedFromTheToolsStart() {
        WindowFilter f = new WindowFilter(TimeWindow.parse("1..2"), "biosnoop.txt");
        for (int s = 0; s < 4; s++) {
            f.test(new BioIo("biosnoop.txt", s + 2, "bcc", 0.5 + s, "dd", 1, "sda", 'W', 0, 4096, Double.NaN, 1e-3, false));
        }
        AppliedWindow.Input in = f.summary("biosnoop");
        assertEquals(1, in.kept());
        assertEquals(3, in.dropped());
        assertEquals(0, in.untimed());
    }

    @Test
    void anInputWithoutTimedRecordsIsKeptWhole() {
        WindowFilter f = new WindowFilter(TimeWindow.parse("1..2"), "iostat.txt");
        f.test("a record without a time");
        assertEquals("no per-record time: kept whole", f.summary("iostat").clock());
    }
}
