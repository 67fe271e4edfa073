package dev.ioverdict.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.parse.blkparse.BlkparseFormat;
import dev.ioverdict.parse.iostat.IostatFormat;
import dev.ioverdict.parse.strace.StraceFormat;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
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

    @Test
    void iostatTimeRunningBackwardsIsAWarningAndTheRowsAreKept() throws Exception {
        String text = Files.readString(TestData.bundle("iostat-linux-saturated").resolve("bundle/iostat-x-t.txt"));
        int second = text.indexOf("11/21/26 08:34:00");
        int third = text.indexOf("11/21/26 08:34:01");
        String report = text.substring(second, third);
        String twice = text.substring(0, third) + report.replace("08:34:00", "08:33:58");
        ParseRun once = ParseRun.of(new IostatFormat(), "iostat.txt", text.substring(0, third));
        ParseRun run = ParseRun.of(new IostatFormat(), "iostat.txt", twice);
        assertTrue(run.summary().warnings().stream().anyMatch(w -> w.message().contains("time runs backwards")
                && w.line() > 0), run.summary().warnings().toString());
        assertTrue(run.summary().records() > once.summary().records(), "rows kept");
    }

    @Test
    void aSectorInTheTopHalfOfTheU64RangeIsWrittenUnsigned() throws Exception {
        var io = new dev.ioverdict.model.block.BlockIo("8,0", "8,0", "R", -8L, 8, "dd", 1, 0.0, java.util.Map.of(),
                java.util.List.of());
        String json = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(io);
        assertTrue(json.contains("\"sector\":18446744073709551608"), json);
    }
}
