package dev.ioverdict.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.parse.blkparse.BlkparseFormat;
import dev.ioverdict.parse.strace.StraceFormat;
import dev.ioverdict.testing.ParseRun;
import org.junit.jupiter.api.Test;

/** Numbers outside their field's range are warnings with their line, and taken as documented, never wrapped. */
class OutOfRangeValuesTest {
    @Test
    void aSectorAboveTwoToTheSixtyFourIsSkippedWithItsLineAndTheTopOfTheU64RangeIsKept() {
        String text = """
                  8,0    1        1     0.000000000  2101  Q   R 116047264 + 32 [postgres]
                  8,0    1        2     0.000000436  2101  Q   R 100000000000000000000000 + 32 [postgres]
                  8,0    1        3     0.000000500  2101  Q   R 18446744073709551608 + 8 [postgres]
                  8,0    1        4     0.000001176  2101  Q   R 116047300 + 32 [postgres]
                """;
        ParseRun run = ParseRun.of(new BlkparseFormat(), "blkparse.txt", text);
        assertEquals(1, run.summary().skipped(), run.summary().warnings().toString());
        assertEquals(2, run.summary().warnings().get(0).line());
        var sectors = run.facts().all(BlockEvent.class).stream().map(BlockEvent::sector).toList();
        assertTrue(sectors.contains(-8L), "2^64-8 kept as the u64 it is: " + sectors);
        assertEquals(3, sectors.size());
    }

    @Test
    void aNegativeAioNbytesIsAWarningAndTheSizeIsUnknown() {
        String text = "27449 00:52:35.345656 io_submit(0x7f1189c9a000, 1, [{aio_data=0, aio_lio_opcode=IOCB_CMD_PREAD, "
                + "aio_fildes=8, aio_buf=0x557dc6900000, aio_nbytes=-8192, aio_offset=186073088}]) = 1 <0.000021>\n";
        ParseRun run = ParseRun.of(new StraceFormat(), "strace.txt", text);
        assertEquals(1, run.summary().warnings().size(), run.summary().warnings().toString());
        assertEquals(1, run.summary().warnings().get(0).line());
        assertTrue(run.summary().warnings().get(0).message().contains("-8192"));
        SyscallCall call = run.facts().all(SyscallCall.class).get(0);
        assertEquals(-1, call.io().get(0).nbytes());
    }
}
