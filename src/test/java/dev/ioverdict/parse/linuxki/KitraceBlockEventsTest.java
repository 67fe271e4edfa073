package dev.ioverdict.parse.linuxki;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** kitrace block_rq_* records become the same block events as perf's block tracepoints. */
class KitraceBlockEventsTest {
    private static List<BlockEvent> events(String file) {
        return ParseRun.of(new LinuxKiFormat(), TestData.external("linuxki-kitrace").resolve(file))
                .facts().all(BlockEvent.class);
    }

    @Test
    void flushInsertIssueComplete() {
        List<BlockEvent> e = events("BarrierWritesOracleASM-kitrace-barrier-flush-insert-issue-complete.txt");
        assertEquals(List.of(BlockAction.INSERT, BlockAction.ISSUE, BlockAction.COMPLETE),
                e.stream().map(BlockEvent::action).toList());
        assertEquals("65,48", e.get(0).device()); // dev_t 0x04100030: major 0x41, minor 0x30
        assertEquals("FNS", e.get(0).rwbs()); // a flush without data, SYNC
        assertEquals(-1, e.get(1).sector()); // 0xffffffffffffffff
        assertEquals(18_949_000L, e.get(1).timeNs());
        assertEquals(9999, e.get(1).pid());
    }

    @Test
    void insertsWithLengthInBytes() {
        List<BlockEvent> e = events("cache_bypass-kitrace-block_rq_insert.txt");
        assertEquals(6, e.size());
        BlockEvent second = e.get(1);
        assertEquals("8,0", second.device());
        assertEquals(0x10f8, second.sector());
        assertEquals(2224128, second.bytes());
        assertEquals(2224128 / 512, second.sectors());
        assertEquals("FWS", second.rwbs()); // preflush + write + sync
    }
}
