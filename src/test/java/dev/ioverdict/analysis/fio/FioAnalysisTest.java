package dev.ioverdict.analysis.fio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.bundle.BundleReader;
import dev.ioverdict.model.fio.FioSection;
import dev.ioverdict.pipeline.CaseReader;
import dev.ioverdict.pipeline.Progress;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workload section of testdata/fio-randrw-loop: fio's figures beside the perf block trace of the same loop device. */
class FioAnalysisTest {
    private static FioSection section(Path bundle) throws Exception {
        try (var b = BundleReader.open(bundle)) {
            CaseData data = CaseReader.read(b, null, Progress.NONE);
            return data.results().get(FioSection.class).orElseThrow();
        }
    }

    @Test
    void eachJobAndDirectionOnceWithTheTracesD2cOfTheSameDeviceAndDirection() throws Exception {
        FioSection fio = section(TestData.bundle("fio-randrw-loop").resolve("bundle"));
        assertEquals(List.of("reader read", "mixer read", "mixer write"),
                fio.jobs().stream().map(j -> j.job() + " " + j.direction()).toList(),
                "the normal,json file's jobs once, not once per output");
        FioSection.Row reader = fio.jobs().get(0);
        assertEquals("randread", reader.rw());
        assertEquals("4k", reader.bs());
        assertEquals(1, reader.iodepth());
        assertEquals(Boolean.TRUE, reader.direct());
        assertEquals("libaio", reader.ioengine());
        // "read: IOPS=149, BW=600KiB/s (614kB/s)(1800KiB/3004msec)" and the JSON's exact figures
        assertEquals(149.800266, reader.iops(), 1e-9);
        assertEquals(613581, reader.bandwidth(), 0);
        assertEquals(3.004, reader.runtime(), 1e-12);
        assertEquals(450L, reader.ios());
        assertEquals(0.006782976, reader.clat().p99(), 1e-15, "\"99.000000\" : 6782976");
        assertEquals(0.008978432, reader.clat().p999(), 1e-15);
        assertEquals("loop0", reader.device());
        FioSection.Trace trace = reader.trace();
        assertNotNull(trace);
        assertEquals("loop0 (7,0)", trace.label());
        assertEquals("reads", trace.direction());
        assertEquals(750, trace.n(), "the device's reads: reader's 450 and mixer's 300");
        assertTrue(trace.p99() < reader.clat().p99(), "the device's D2C p99 below fio's clat p99");
        FioSection.Row write = fio.jobs().get(2);
        assertEquals("writes", write.trace().direction());
        assertEquals(180, write.trace().n(), "mixer's 180 writes");
        assertEquals(1, fio.disks().size());
        assertEquals(List.of("read", "write"), fio.groups().stream().map(g -> g.direction()).toList());
        assertNull(reader.whereTheTimeWent(), "fio's median within twice the block layer's: nothing to say");
    }

    /**
     * iodepth 32 under strace at 3,400 reads a second: fio reports clat 9.2 ms where the device answers in 1.8 ms
     * (iostat r_await 1.77) and the block layer in about as much. The rest passed outside the block layer; the
     * report says where it can have gone under the table (here: fio, stopped by strace at each call, collecting late).
     */
    @Test
    void fiosCompletionTimeFarAboveTheBlockLayersIsSaidToBeSpentAfterTheKernelCompletedIt() throws Exception {
        FioSection fio = section(TestData.bundle("grid/read-qd32-2ms-s8-ssd").resolve("bundle"));
        FioSection.Row qd32 = fio.jobs().get(0);
        assertNotNull(qd32.trace().q2cP50());
        assertTrue(qd32.trace().q2cP50() < 0.0025, qd32.trace().toString());
        String said = qd32.whereTheTimeWent();
        assertNotNull(said);
        assertTrue(said.startsWith("qd32 read: fio's median completion time is 9.11 ms, the device's ")
                && said.contains("of each I/O passed outside the block layer: before its request was queued")
                && said.contains("or after it completed, before fio collected it (fio busy on the CPU"), said);
    }

    /**
     * io_uring with sqthread_poll: fio reports a mean clat of 4.21 s at 149 IOPS and iodepth 4, which would keep 628
     * requests in flight (Little's law); the block trace times each read at 11.4 ms. fio misreports clat there
     * (axboe/fio#1484): said as such, not as 4.2 s spent outside the block layer.
     */
    @Test
    void aClatNoRequestCanHaveHadIsSaidToBeFiosNotALatency() throws Exception {
        FioSection.Row sqpoll = section(TestData.bundle("grid/uring-sqpoll-read-12ms-ssd").resolve("bundle")).jobs().get(0);
        String said = sqpoll.whereTheTimeWent();
        assertEquals("reader read: fio's mean completion time, 4.21 s, is no request's latency: at 149 IOPS it would keep "
                + "628 requests in flight, and the job keeps at most 4, its iodepth, (Little's law); fio misreports clat "
                + "with io_uring's sqthread_poll (fio issue #1484); the block trace times its reads at 11.4 ms (Q2C p50)", said);
    }

    @Test
    void aRunKeptAsTextAndAsJsonCountsOnce(@TempDir Path tmp) throws Exception {
        Path fixtures = TestData.bundle("fio-randrw-loop").resolve("fixtures");
        Files.copy(fixtures.resolve("fio-group-jsonplus.txt"), tmp.resolve("run.json"));
        Files.writeString(tmp.resolve("run.txt"), Files.readString(fixtures.resolve("fio-group-jsonplus.txt"))
                .substring(Files.readString(fixtures.resolve("fio-group-jsonplus.txt")).indexOf("\n}\n") + 3));
        FioSection fio = section(tmp);
        assertEquals(2, fio.jobs().size(), "read and write of one group-reported job, from the JSON");
        assertEquals("run.json", fio.jobs().get(0).input());
        assertEquals(3, fio.jobs().get(0).processes());
        assertNull(fio.jobs().get(0).trace(), "no block trace in this bundle");
        assertEquals(1, fio.disks().size(), "loop0 in both, once");
        assertEquals(0, fio.notShown());
    }

    @Test
    void theReportShowsTenJobDirectionsAndCountsTheRest() throws Exception {
        FioSection.Row row = section(TestData.bundle("fio-randrw-loop").resolve("bundle")).jobs().get(0);
        FioSection many = new FioSection(java.util.Collections.nCopies(12, row), List.of(), List.of());
        assertEquals(10, many.shown().size());
        assertEquals(2, many.notShown());
        assertTrue(many.anyTrace());
    }

    @Test
    void theReportHasTheWorkloadTableWithFiosAndTheTracesFigures(@TempDir Path out) throws Exception {
        var cli = dev.ioverdict.testing.Cli.run("report", TestData.bundle("fio-randrw-loop").resolve("bundle").toString(),
                "-o", out.toString(), "--format", "html");
        assertEquals(0, cli.exitCode(), cli.err());
        String html = Files.readString(out.resolve("report.html"));
        int at = html.indexOf("id=\"fio\"");
        assertTrue(at > 0, "the fio section");
        String section = html.substring(at, html.indexOf("</section>", at));
        assertTrue(section.contains("Workload the bundle ran (fio)"));
        assertTrue(section.contains("randread, 4k, 1, direct, libaio"), section);
        assertTrue(section.contains("6.78\u00a0ms") || section.contains("6.78&#xa0;ms"), "reader's clat p99");
        assertTrue(section.contains("1.89\u00a0ms (750 reads)") || section.contains("1.89&#xa0;ms (750 reads)"),
                "the trace's D2C p99 of loop0's reads");
    }
}
