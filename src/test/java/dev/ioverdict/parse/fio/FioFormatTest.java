package dev.ioverdict.parse.fio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.fio.FioDiskStats;
import dev.ioverdict.model.fio.FioGroupStatus;
import dev.ioverdict.model.fio.FioJob;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class FioFormatTest {
    private static List<FioJob> parse(String testCase, ParseContext[] ctxOut) throws Exception {
        Path p = TestData.bundle(testCase).resolve("bundle/fio.out");
        Facts facts = new Facts();
        ParseContext ctx = new ParseContext("fio.out", facts);
        new FioFormat().parse(new BundleFile("fio.out", p, Files.size(p), false), ctx);
        ctxOut[0] = ctx;
        return facts.all(FioJob.class);
    }

    @Test
    void bothWritersOfTheUnalignedCaptureWithTheirUnits() throws Exception {
        ParseContext[] ctx = new ParseContext[1];
        List<FioJob> jobs = parse("xfs-unaligned-512b", ctx);
        assertEquals(List.of(), ctx[0].summary("fio", "").warnings());
        assertEquals(2, jobs.size());
        FioJob small = jobs.get(0);
        assertEquals("writer-512", small.job());
        assertEquals(19467, small.pid());
        assertEquals("write", small.direction());
        assertEquals(632, small.iops(), 0);
        assertEquals(316 * 1024, small.bandwidth(), 0, "BW=316KiB/s");
        assertEquals(1268L, small.issued());
        assertEquals(0.00136226, small.slat().avg(), 1e-12);
        assertEquals(0.0048703, small.clat().avg(), 1e-12);
        assertEquals(0.019792, small.clatPercentiles().get("99.00"), 1e-12);
        FioJob big = jobs.get(1);
        assertEquals(356L, big.issued());
        assertEquals(23.8 * 1024 * 1024, big.bandwidth(), 1, "BW=23.8MiB/s");
        assertEquals(0.02222, big.lat().avg(), 1e-12, "lat printed in msec");
        assertEquals(0.041, big.clatPercentiles().get("99.00"), 1e-12, "percentiles printed in msec");
    }

    @Test
    void everyRecordedFioOutputParsesWithoutWarnings() throws Exception {
        for (String c : List.of("perf-device-latency", "perf-healthy", "perf-request-starvation",
                "perf-scheduler-latency", "xfs-aligned-4k")) {
            ParseContext[] ctx = new ParseContext[1];
            List<FioJob> jobs = parse(c, ctx);
            assertTrue(!jobs.isEmpty(), c);
            assertEquals(List.of(), ctx[0].summary("fio", "").warnings(), c);
            jobs.forEach(j -> assertTrue(j.clat() != null && j.issued() != null, c + " " + j.job()));
        }
    }

    /** Every fio.out recorded for testdata, the grid's included: fio pads its figures ("avg= 5.24"). */
    @Test
    void everyFioOutputInTestdataParsesWithoutWarnings() throws Exception {
        List<Path> files;
        try (var walk = Files.walk(TestData.root().resolve("testdata"))) {
            files = walk.filter(f -> f.getFileName().toString().equals("fio.out")).sorted().toList();
        }
        assertTrue(files.size() >= 30, "the grid and the single captures: " + files.size());
        for (Path p : files) {
            Facts facts = new Facts();
            ParseContext ctx = new ParseContext("fio.out", facts);
            new FioFormat().parse(new BundleFile("fio.out", p, Files.size(p), false), ctx);
            assertEquals(List.of(), ctx.summary("fio", "").warnings(), p.toString());
            assertTrue(!facts.all(FioJob.class).isEmpty(), p.toString());
        }
        Path padded = TestData.bundle("grid").resolve("read-4ms-s8-hdd/bundle/fio.out");
        Facts facts = new Facts();
        new FioFormat().parse(new BundleFile("fio.out", padded, Files.size(padded), false), new ParseContext("fio.out", facts));
        FioJob reader = facts.all(FioJob.class).get(0);
        assertEquals(0.00524, reader.lat().avg(), 1e-12, "lat (msec): min=3, max=108, avg= 5.24");
        assertEquals(0.108, reader.lat().max(), 1e-12);
    }

    @Test
    void groupSummaryAndDiskStatisticsAsFioPrintedThem() throws Exception {
        Path p = TestData.file("reads-starved-behind-writes", "fio.out");
        Facts facts = new Facts();
        ParseContext ctx = new ParseContext("fio.out", facts);
        new FioFormat().parse(new BundleFile("fio.out", p, Files.size(p), false), ctx);
        assertEquals(List.of(), ctx.summary("fio", "").warnings());
        List<FioGroupStatus> groups = facts.all(FioGroupStatus.class);
        assertEquals(2, groups.size());
        FioGroupStatus read = groups.get(0);
        assertEquals("read", read.direction());
        assertEquals(0, read.group());
        assertEquals(69.4 * 1024, read.bandwidth(), 1e-9, "READ: bw=69.4KiB/s");
        assertEquals(704 * 1024, read.io(), 0, "io=704KiB");
        assertEquals(10.151, read.runMin(), 1e-12, "run=10151-10151msec");
        FioGroupStatus write = groups.get(1);
        assertEquals(66.1 * 1024 * 1024, write.bandwidth(), 1e-6, "WRITE: bw=66.1MiB/s");
        assertEquals(672.0 * 1024 * 1024, write.io(), 0, "io=672MiB");
        assertEquals(10.163, write.runMax(), 1e-12);
        FioDiskStats disk = facts.all(FioDiskStats.class).getFirst();
        // loop0: ios=87/1612, merge=0/9130, ticks=9368/30049, in_queue=39417, util=97.84%
        assertEquals(List.of(87L, 1612L, 0L, 9130L, 9368L, 30049L, 39417L), List.of(disk.readIos(), disk.writeIos(),
                disk.readMerges(), disk.writeMerges(), disk.readTicks(), disk.writeTicks(), disk.inQueue()));
        assertEquals(97.84, disk.util(), 0);
        assertEquals("loop0", disk.device());
        FioJob writer = facts.all(FioJob.class).get(1);
        assertEquals(10.163, writer.runtime(), 1e-12, "(672MiB/10163msec)");
        assertEquals("write", writer.options().get("rw"));
        assertEquals("64.0KiB", writer.options().get("bs"));
        assertEquals("32", writer.options().get("iodepth"));
        assertEquals(0, writer.group());
        assertEquals(1, writer.jobs());
    }

    @Test
    void theSummaryAloneAndADmDevicesSlaves() throws Exception {
        String text = """
                Run status group 0 (all jobs):
                  WRITE: bw=1024KiB/s (1049kB/s), 1024KiB/s-1024KiB/s (1049kB/s-1049kB/s), io=10.0MiB (10.5MB), run=10000-10000msec

                Disk stats (read/write):
                  dm-0: ios=0/2560, merge=0/0, ticks=0/5000, in_queue=5000, util=49.00%, aggrios=0/2560, aggrmerge=0/0, aggrticks=0/4900, aggrin_queue=4900, aggrutil=48.50%
                    sda: ios=0/2560, merge=0/0, ticks=0/4900, in_queue=4900, util=48.50%
                """;
        Path p = Files.createTempFile("fio-tail", ".txt");
        try {
            Files.writeString(p, text);
            assertEquals("fio", new dev.ioverdict.bundle.FormatDetector(dev.ioverdict.parse.InputFormats.all())
                    .detect(new BundleFile("tail.txt", p, Files.size(p), false)).format().orElseThrow().id());
            Facts facts = new Facts();
            ParseContext ctx = new ParseContext("tail.txt", facts);
            new FioFormat().parse(new BundleFile("tail.txt", p, Files.size(p), false), ctx);
            assertEquals(List.of(), ctx.summary("fio", "").warnings());
            assertEquals(1, facts.all(FioGroupStatus.class).size());
            List<FioDiskStats> disks = facts.all(FioDiskStats.class);
            assertEquals(List.of("dm-0", "sda"), disks.stream().map(FioDiskStats::device).toList());
            assertEquals(49.0, disks.get(0).util(), 0, "util, not aggrutil");
            assertEquals("dm-0", disks.get(1).under(), "sda indented under dm-0");
            assertEquals(null, disks.get(0).under());
        } finally {
            Files.delete(p);
        }
    }
}
