package dev.ioverdict.parse.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.perf.PerfEvent;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlockTracepointHandlerTest {

    /** One perf script line through the real framing and the handler. */
    static BlockEvent event(String line) {
        var h = PerfScriptFormat.Header.parse(line);
        PerfEvent e = new PerfEvent("perf.txt", 7, h.comm, h.pid, h.tid, h.cpu, h.timeNs, h.event, h.payload,
                List.of(), line);
        Facts facts = new Facts();
        ParseContext ctx = new ParseContext("perf.txt", facts);
        new BlockTracepointHandler().handle(e, ctx);
        List<BlockEvent> out = facts.all(BlockEvent.class);
        return out.isEmpty() ? null : out.get(0);
    }

    @Test
    void issueOfKernel618WithIoprio() {
        String line = "             fio 16662 [001]   833.875752:       block:block_rq_issue: 7,0 WS 8192 () 33584 + 16 0x2,0,4 [fio]";
        BlockEvent e = event(line);
        assertEquals(BlockAction.ISSUE, e.action());
        assertEquals(7, e.major());
        assertEquals(0, e.minor());
        assertEquals("WS", e.rwbs());
        assertEquals(33584, e.sector());
        assertEquals(16, e.sectors());
        assertEquals(8192, e.bytes());
        assertEquals("fio", e.comm());
        assertEquals(16662, e.pid());
        assertEquals(1, e.cpu());
        assertEquals(833_875752000L, e.timeNs());
        assertEquals(line, e.text());
        assertEquals(7, e.line());
    }

    @Test
    void completeCarriesTheErrorAndTheCompletingTask() {
        BlockEvent e = event("     ksoftirqd/1    22 [001]   833.976481:    block:block_rq_complete: 7,0 WS () 33584 + 16 0x2,0,4 [0]");
        assertEquals(BlockAction.COMPLETE, e.action());
        assertEquals(0, e.error());
        assertEquals("ksoftirqd/1", e.comm());
        assertEquals(16 * 512, e.bytes());
        BlockEvent failed = event("swapper 0 [006] 205791.409875: block:block_rq_complete: 8,16 RM () 390439208 + 8 [-5]");
        assertEquals(-5, failed.error());
        assertEquals(390439208, failed.sector());
    }

    @Test
    void olderLayoutsAndTheNoneIoprio() {
        BlockEvent old = event("swapper 0 [006] 205791.409875: block:block_rq_complete: 8,16 RM () 390439208 + 8 [0]");
        assertEquals(16, old.minor());
        assertEquals("RM", old.rwbs());
        BlockEvent none = event("xfs_io 4242 [002] 100.000001: block:block_rq_issue: 8,48 WS 16384 () 1024 + 32 none,0,0 [xfs_io]");
        assertEquals(16384, none.bytes());
        assertEquals(1024, none.sector());
        assertEquals(32, none.sectors());
    }

    @Test
    void flushWithAllOnesSectorAndNoData() {
        BlockEvent e = event("swapper 0 [006] 205791.409875: block:block_rq_complete: 8,16 FF () 18446744073709551615 + 0 [0]");
        assertEquals(BlockAction.COMPLETE, e.action());
        assertEquals(-1L, e.sector()); // 2^64-1 as the same 64 bits
        assertEquals(0, e.sectors());
        assertEquals(0, e.bytes());
    }

    @Test
    void bioEventsRemapSplitPlugAndUnplug() {
        BlockEvent m = event("             fio 22722 [001]  1012.768666:  block:block_bio_backmerge: 7,0 WS 189120 + 512 [fio]");
        assertEquals(BlockAction.BACKMERGE, m.action());
        assertEquals(512 * 512, m.bytes());
        BlockEvent a = event("dd 300 [000] 10.000001: block:block_bio_remap: 8,16 R 2048 + 8 <- (253,0) 1000");
        assertEquals(BlockAction.REMAP, a.action());
        assertEquals(253, a.fromMajor());
        assertEquals(0, a.fromMinor());
        assertEquals(1000, a.fromSector());
        BlockEvent rq = event("dd 300 [000] 10.000002: block:block_rq_remap: 8,16 W 2048 + 8 <- (253,1) 1000 1");
        assertEquals(1, rq.fromMinor());
        assertEquals(1000, rq.fromSector());
        BlockEvent x = event(" kworker/u8:0-wr    12 [000]   750.900991:                        block:block_split: 254,0 WS 48320512 / 48322648 [kworker/u8:0]");
        assertEquals(BlockAction.SPLIT, x.action());
        assertEquals(48320512, x.sector());
        assertEquals(BlockAction.UNPLUG, event("            java 16594 [001]   833.064003:         block:block_unplug: [java] 1").action());
        assertEquals(BlockAction.PLUG, event("fio 1 [000] 1.000001: block:block_plug: [fio]").action());
        assertEquals(BlockAction.REQUEUE, event("             fio 16653 [001]   833.397625:     block:block_rq_requeue: 254,0 RA () 47622256 + 512 0x2,0,4 [0]").action());
    }

    @Test
    void aKernelThreadPerfStillCallsKthreaddIsNamedByTheTracepoint() {
        // testdata/grid/stacked-loop-on-20ms-ssd, perf-block.txt: loop1's worker queues on loop0; perf names it after
        // kthreadd, which forked it; the tracepoint's own [comm] says what it was when the event fired
        BlockEvent q = event("        kthreadd 25178 [001] 63289.739399:      block:block_bio_queue: 7,0 WS 235536 + 16 "
                + "[kworker/u8:2]");
        assertEquals("kworker/u8:2", q.comm());
        BlockEvent d = event("        kthreadd 25178 [001] 63289.739407:       block:block_rq_issue: 7,0 WS 8192 () "
                + "235536 + 16 0x2,0,0 [kworker/u8:2]");
        assertEquals("kworker/u8:2", d.comm());
        // a completion's [..] is its error, not a name; another process keeps perf's name
        assertEquals("kthreadd", event("        kthreadd 25178 [001] 63289.759399:    block:block_rq_complete: 7,0 WS () "
                + "235536 + 16 0x2,0,0 [0]").comm());
        assertEquals("fio", event("             fio 22722 [001]  1012.768666:  block:block_bio_queue: 7,0 WS 189120 "
                + "+ 512 [kworker/1:1]").comm());
    }

    @Test
    void tracepointsOutsideTheLifecycleAreDroppedQuietly() {
        assertNull(event("perf 14389 [001]   750.863887: block:block_dirty_buffer: 254,0 sector=18446744073709486080 size=4096"));
        assertNull(event("perf-exec 14390 [000]   750.864047: block:block_io_start: 254,0 RA 4096 () 10487808 + 8 0x2,0,4 [perf-exec]"));
        assertNull(event("perf 1 [000] 1.000001: block:block_bio_complete: 7,0 WS 33584 + 16 [0]"));
    }

    @Test
    void damagedPayloadIsAWarningWithItsLine() {
        var h = PerfScriptFormat.Header.parse("fio 1 [000] 1.000001: block:block_rq_issue: 7,0 WS 8192 () 33584 +");
        PerfEvent e = new PerfEvent("perf.txt", 42, h.comm, h.pid, h.tid, h.cpu, h.timeNs, h.event, h.payload, List.of());
        ParseContext ctx = new ParseContext("perf.txt", new Facts());
        new BlockTracepointHandler().handle(e, ctx);
        var s = ctx.summary("perf-script", "test");
        assertEquals(1, s.skipped());
        assertEquals(42, s.warnings().get(0).line());
    }

    @Test
    void recordedCaptureOfASlowLoopDevice() throws Exception {
        Path file = TestData.bundle("perf-device-latency").resolve("bundle/perf-script.txt");
        Facts facts = new Facts();
        ParseContext ctx = new ParseContext("perf-script.txt", facts);
        new PerfScriptFormat().parse(new BundleFile("perf-script.txt", file, Files.size(file), false), ctx);
        var s = ctx.summary("perf-script", "test");
        assertTrue(s.warnings().isEmpty(), s.warnings().toString());
        List<BlockEvent> loop = facts.all(BlockEvent.class).stream().filter(e -> e.device().equals("7,0")).toList();
        // counted with grep on the capture: 800 queued, issued and completed 8 KiB I/Os on loop0
        assertEquals(800, loop.stream().filter(e -> e.action() == BlockAction.QUEUE).count());
        assertEquals(800, loop.stream().filter(e -> e.action() == BlockAction.ISSUE).count());
        assertEquals(800, loop.stream().filter(e -> e.action() == BlockAction.COMPLETE).count());
        assertTrue(loop.stream().allMatch(e -> e.sectors() == 16));
    }
}
