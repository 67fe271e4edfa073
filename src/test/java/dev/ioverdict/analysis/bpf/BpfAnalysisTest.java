package dev.ioverdict.analysis.bpf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.Results;
import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.bpf.BpfSection;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.bpf.BiolatencyFormat;
import dev.ioverdict.parse.bpf.BiosnoopFormat;
import dev.ioverdict.parse.bpf.BiotopFormat;
import dev.ioverdict.parse.bpf.FsDistFormat;
import dev.ioverdict.parse.bpf.FsSlowerFormat;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The figures of report.json's {@code bpf} against the sums the tools printed (awk over the same files). */
class BpfAnalysisTest {
    private static BpfSection analyse(InputFormat format, Path... files) throws Exception {
        Facts facts = new Facts();
        BpfAnalysis analysis = new BpfAnalysis();
        analysis.attach(facts);
        for (Path p : files) {
            String name = p.getFileName().toString();
            format.parse(new BundleFile(name, p, Files.size(p), false), new ParseContext(name, facts));
        }
        Results results = new Results();
        analysis.finish(facts, results);
        return results.get(BpfSection.class).orElseThrow();
    }

    private static BpfSection.DeviceLatency device(BpfSection s, String input, String device, String direction) {
        return s.devices().stream().filter(d -> d.input().equals(input) && d.device().equals(device)
                && java.util.Objects.equals(d.direction(), direction)).findFirst().orElseThrow();
    }

    @Test
    void biosnoopPerDeviceAndDirectionMeansAreThePrintedSums() throws Exception {
        BpfSection s = analyse(new BiosnoopFormat(), TestData.file("bpf-xfs-loop", "biosnoop-Q.txt"));
        // awk: LAT(ms) and QUE(ms) summed per disk and direction, divided by the I/Os
        BpfSection.DeviceLatency reads = device(s, "biosnoop-Q.txt", "loop0", "read");
        assertEquals(609, reads.latency().n());
        assertEquals(111.09e-3 / 609, reads.latency().avg(), 1e-9);
        assertEquals(2.77e-3, reads.latency().max(), 1e-12);
        assertTrue(!reads.latency().estimated());
        assertEquals(2499584L, reads.bytes());
        BpfSection.DeviceLatency writes = device(s, "biosnoop-Q.txt", "loop0", "write");
        assertEquals(387, writes.latency().n());
        assertEquals(568.36e-3 / 387, writes.latency().avg(), 1e-9);
        assertEquals(50.63e-3 / 387, writes.queued().avg(), 1e-9);
        assertEquals("issue to completion (D2C)", writes.measures());
        BpfSection.DeviceLatency dd = device(s, "biosnoop-Q.txt", "loop1", "write");
        assertEquals(300, dd.latency().n());
        assertEquals(31.97e-3 / 300, dd.latency().avg(), 1e-9);
        // percentiles from the per-I/O log histogram: within 0.1 % of a printed value, never above the max
        assertTrue(writes.latency().p99() <= writes.latency().max());
        assertTrue(writes.latency().p50() <= writes.latency().p95() && writes.latency().p95() <= writes.latency().p99());
        BpfSection.ProcessIo fioReads = s.processes().stream().filter(p -> p.pid() == 5059).findFirst().orElseThrow();
        assertEquals("fio", fioReads.command());
        assertEquals(600, fioReads.ios());
        assertEquals(600 * 4096L, fioReads.bytes(), "fio.txt: 2400 KiB read");
        BpfSection.ProcessIo first = s.processes().get(0);
        assertTrue(s.processes().stream().allMatch(p -> p.total() <= first.total()), "the largest total first");
    }

    @Test
    void biolatencyEstimatesAgreeWithWhatTheToolPrinted() throws Exception {
        Path e = TestData.external("bcc-biolatency/bcc-example-biolatency-e.txt");
        BpfSection s = analyse(new BiolatencyFormat(), e);
        BpfSection.DeviceLatency all = s.devices().get(0);
        assertEquals("all", all.device());
        assertEquals(25L, all.printedCount());
        assertEquals(25, all.latency().n(), "the buckets sum to the count -e printed");
        assertTrue(all.latency().estimated());
        // -e printed avg = 663 usecs (the exact mean); the buckets' middles give 645
        assertEquals(663e-6, all.printedAverage(), 1e-12);
        assertEquals(645.12e-6, all.latency().avg(), 1e-9);
        assertTrue(Math.abs(all.latency().avg() - 663e-6) / 663e-6 < 0.05);
        // rank 12.5 of 25 falls in 512 -> 1023 (10 below it): 512 + 512 x 2.5/14 us
        assertEquals((512 + 512 * 2.5 / 14) * 1e-6, all.latency().p50(), 1e-9);

        BpfSection perDisk = analyse(new BiolatencyFormat(), TestData.external("bcc-biolatency/bcc-example-biolatency-D.txt"));
        assertEquals(List.of("xvdb", "xvdc", "xvda1"), perDisk.devices().stream().map(BpfSection.DeviceLatency::device).toList());
        assertEquals(List.of(202L, 201L, 348L), perDisk.devices().stream().map(d -> d.latency().n()).toList());

        BpfSection intervals = analyse(new BiolatencyFormat(), TestData.external("bcc-biolatency/bcc-example-biolatency-mT-1-5.txt"));
        assertEquals(1, intervals.devices().size(), "five intervals of one histogram are summed");
        assertEquals(5, intervals.devices().get(0).intervals());
        assertEquals(103 + 392 + 381 + 794 + 596, intervals.devices().get(0).latency().n());

        BpfSection flags = analyse(new BiolatencyFormat(), TestData.external("bcc-biolatency/bcc-example-biolatency-Fm.txt"));
        BpfSection.DeviceLatency syncWrite = flags.devices().stream().filter(d -> "Sync-Write".equals(d.flags())).findFirst().orElseThrow();
        assertEquals("write", syncWrite.direction());
        assertNull(flags.devices().stream().filter(d -> "Flush".equals(d.flags())).findFirst().orElseThrow().direction());
    }

    @Test
    void biotopSumsEachProcessOverItsIntervals() throws Exception {
        BpfSection s = analyse(new BiotopFormat(), TestData.external("bcc-biotop/bcc-example-biotop-C-5.txt"));
        BpfSection.ProcessIo dd = s.processes().stream().filter(p -> p.pid() == 22069 && p.command().equals("dd"))
                .findFirst().orElseThrow();
        assertEquals(5993 + 13450, dd.ios());
        assertEquals((47976 + 107600) * 1024L, dd.bytes());
        assertEquals((5993 * 0.33 + 13450 * 0.35) / 1000, dd.total(), 1e-9);
        assertNull(dd.max(), "biotop prints averages only");
        assertTrue(s.processes().size() <= BpfAnalysis.MAX_PROCESSES);
    }

    @Test
    void slowOperationsPerFileAndFsDistPerOperation() throws Exception {
        BpfSection s = analyse(new FsSlowerFormat(), TestData.external("bcc-fs-slower/bcc-example-ext4slower.txt"));
        BpfSection.FileLatency pam = s.files().stream().filter(f -> f.file().equals("pam_env.conf")).findFirst().orElseThrow();
        assertEquals(3, pam.n());
        assertEquals((18.52 + 18.51 + 18.49) / 1000, pam.total(), 1e-9);
        assertEquals("read", pam.operation());
        assertEquals("ext4", pam.filesystem());
        assertEquals(0.010, pam.threshold(), 1e-12);
        assertEquals(pam, s.files().get(0), "the largest total first");

        BpfSection xfs = analyse(new FsDistFormat(), TestData.file("bpf-xfs-loop", "xfsdist-bt.txt"));
        BpfSection.OperationLatency fsync = xfs.operations().stream().filter(o -> o.operation().equals("fsync")).findFirst().orElseThrow();
        assertEquals("xfs", fsync.filesystem());
        assertEquals(161, fsync.latency().n());
        assertTrue(fsync.latency().estimated());
        // [512, 1K) holds 124 of 161: the median is in it
        assertTrue(fsync.latency().p50() >= 512e-6 && fsync.latency().p50() < 1024e-6);
    }
}
