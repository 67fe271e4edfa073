package dev.ioverdict.parse.bpf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.bundle.DetectedFile;
import dev.ioverdict.bundle.FormatDetector;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.bpf.BioIo;
import dev.ioverdict.model.bpf.BiotopRow;
import dev.ioverdict.model.bpf.FsOp;
import dev.ioverdict.model.bpf.LatencyHistogram;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.iostat.IostatFormat;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * bcc's tools' own examples (testdata/external/bcc-*, bcc's tools/*_example.txt) and bpftrace's
 * output recorded here (testdata/bpf-xfs-loop): each recognised by content as its tool, never as
 * iostat, with the figures the tool printed (sums taken with awk over the same files).
 */
class BpfFormatsTest {
    private static final String CASE = "bpf-xfs-loop";

    private record Parsed(Facts facts, ParseContext ctx) {
    }

    private static Parsed parse(InputFormat format, Path p) throws Exception {
        Facts facts = new Facts();
        ParseContext ctx = new ParseContext(p.getFileName().toString(), facts);
        format.parse(new BundleFile(p.getFileName().toString(), p, Files.size(p), false), ctx);
        return new Parsed(facts, ctx);
    }

    private static String detected(Path p) throws Exception {
        DetectedFile d = new FormatDetector(InputFormats.all()).detect(new BundleFile(p.getFileName().toString(), p,
                Files.size(p), false));
        return d.format().map(InputFormat::id).orElse("unknown");
    }

    @Test
    void everyLayoutIsRecognisedAsItsToolByContent() throws Exception {
        Map<String, String> expected = Map.ofEntries(
                Map.entry("bcc-biosnoop/bcc-example-biosnoop.txt", "biosnoop"),
                Map.entry("bcc-biosnoop/bcc-example-biosnoop-Q.txt", "biosnoop"),
                Map.entry("bcc-biolatency/bcc-example-biolatency.txt", "biolatency"),
                Map.entry("bcc-biolatency/bcc-example-biolatency-D.txt", "biolatency"),
                Map.entry("bcc-biolatency/bcc-example-biolatency-Fm.txt", "biolatency"),
                Map.entry("bcc-biolatency/bcc-example-biolatency-mT-1-5.txt", "biolatency"),
                Map.entry("bcc-biolatency/bcc-example-biolatency-e.txt", "biolatency"),
                Map.entry("bcc-biotop/bcc-example-biotop-C-5.txt", "biotop"),
                Map.entry("bcc-fs-slower/bcc-example-ext4slower.txt", "fs-slower"),
                Map.entry("bcc-fs-slower/bcc-example-xfsslower.txt", "fs-slower"),
                Map.entry("bcc-fs-slower/bcc-example-fileslower-1.txt", "fs-slower"),
                Map.entry("bcc-fs-dist/bcc-example-ext4dist.txt", "fs-dist"));
        for (var e : expected.entrySet()) {
            assertEquals(e.getValue(), detected(TestData.external(e.getKey())), e.getKey());
        }
        Map<String, String> recorded = Map.of("biosnoop-bt.txt", "biosnoop", "biosnoop-Q.txt", "biosnoop",
                "biolatency-bt.txt", "biolatency", "xfsdist-bt.txt", "fs-dist");
        for (var e : recorded.entrySet()) {
            assertEquals(e.getValue(), detected(TestData.file(CASE, e.getKey())), e.getKey());
        }
    }

    @Test
    void biosnoopIsNeverTakenForIostat() throws Exception {
        // its header names a DISK column; the iostat recogniser may well score it: biosnoop must win on content
        for (Path p : List.of(TestData.external("bcc-biosnoop/bcc-example-biosnoop.txt"),
                TestData.external("bcc-biosnoop/bcc-example-biosnoop-Q.txt"), TestData.file(CASE, "biosnoop-Q.txt"),
                TestData.file(CASE, "biosnoop-bt.txt"))) {
            assertEquals("biosnoop", detected(p), p.toString());
            Sample sample = new Sample(p.getFileName().toString(), Files.readAllLines(p).stream().limit(200).toList());
            int iostat = new IostatFormat().recognise(sample).score();
            int biosnoop = new BiosnoopFormat().recognise(sample).score();
            assertTrue(biosnoop >= iostat, p + ": biosnoop " + biosnoop + ", iostat " + iostat);
            assertTrue(InputFormats.all().indexOf(InputFormats.byId("biosnoop").orElseThrow())
                    < InputFormats.all().indexOf(InputFormats.byId("iostat").orElseThrow()), "ties go to the earlier");
        }
    }

    @Test
    void bccBiosnoopExampleWithItsPerDiskSums() throws Exception {
        Parsed p = parse(new BiosnoopFormat(), TestData.external("bcc-biosnoop/bcc-example-biosnoop.txt"));
        List<BioIo> ios = p.facts.all(BioIo.class);
        assertEquals(15, ios.size());
        assertEquals(List.of(), p.ctx.summary("biosnoop", "").warnings());
        Map<String, Long> perDisk = ios.stream().collect(Collectors.groupingBy(BioIo::disk, Collectors.counting()));
        assertEquals(Map.of("xvda1", 10L, "xvdb", 4L, "xvdc", 1L), perDisk);
        assertEquals(8.21e-3, sum(ios, "xvda1"), 1e-9, "awk: LAT(ms) of xvda1 sums to 8.21");
        assertEquals(1.30e-3, sum(ios, "xvdb"), 1e-9);
        BioIo first = ios.get(0);
        assertEquals("supervise", first.command());
        assertEquals(1950, first.pid());
        assertEquals('W', first.direction());
        assertEquals(13092560, first.sector());
        assertEquals(4096, first.bytes());
        assertEquals(0.74e-3, first.latency(), 1e-12);
        assertEquals(4e-6, first.time(), 1e-12);
        assertTrue(Double.isNaN(first.queued()));
        BioIo md = ios.stream().filter(i -> i.command().equals("xfsaild/md0")).findFirst().orElseThrow();
        assertEquals(456, md.pid());
    }

    @Test
    void bccBiosnoopQueuedLayout() throws Exception {
        Parsed p = parse(new BiosnoopFormat(), TestData.external("bcc-biosnoop/bcc-example-biosnoop-Q.txt"));
        List<BioIo> ios = p.facts.all(BioIo.class);
        assertEquals(6, ios.size(), "[...] is the example's own elision, not a record");
        assertEquals(List.of(), p.ctx.summary("biosnoop", "").warnings());
        assertEquals(3.57e-3, ios.stream().mapToDouble(BioIo::latency).sum(), 1e-9);
        assertEquals(0.17e-3, ios.stream().mapToDouble(BioIo::queued).sum(), 1e-9);
        assertEquals("xfsaild/nvme1n", ios.get(2).command());
        assertEquals("nvme1n1", ios.get(2).disk());
    }

    @Test
    void recordedBiosnoopInBothLayoutsCountsEveryIo() throws Exception {
        Parsed q = parse(new BiosnoopFormat(), TestData.file(CASE, "biosnoop-Q.txt"));
        List<BioIo> ios = q.facts.all(BioIo.class);
        assertEquals(List.of(), q.ctx.summary("biosnoop", "").warnings());
        assertEquals(1296, ios.size());
        // awk over the file: per disk and direction, n, LAT(ms) and QUE(ms) summed, BYTES summed
        assertFigures(ios, "loop0", 'R', 609, 111.09, 0.73, 2499584);
        assertFigures(ios, "loop0", 'W', 387, 568.36, 50.63, 68340224);
        assertFigures(ios, "loop1", 'W', 300, 31.97, 0.00, 19660800);
        assertEquals(600, ios.stream().filter(i -> i.pid() == 5059 && i.command().equals("fio")).count(),
                "fio's randread job: fio.txt says 2400 KiB in 4 KiB reads");
        assertEquals(300, ios.stream().filter(i -> i.command().equals("dd")).count(), "dd.txt: 300 records out");

        Parsed bt = parse(new BiosnoopFormat(), TestData.file(CASE, "biosnoop-bt.txt"));
        List<BioIo> btIos = bt.facts.all(BioIo.class);
        assertEquals(List.of(), bt.ctx.summary("biosnoop", "").warnings());
        assertEquals(1296, btIos.size());
        assertEquals(996, btIos.stream().filter(i -> i.disk().equals("loop0")).count());
        assertEquals(0.516, btIos.stream().filter(i -> i.disk().equals("loop0")).mapToDouble(BioIo::latency).sum(), 1e-9);
        assertEquals(0.015, btIos.stream().mapToDouble(BioIo::latency).max().orElseThrow(), 1e-12);
        assertTrue(btIos.stream().allMatch(i -> i.direction() == '?' && i.bytes() == -1 && i.wholeMilliseconds()));
        assertEquals(10.823, btIos.get(0).time(), 1e-12, "TIME(ms) 10823");
    }

    private static void assertFigures(List<BioIo> ios, String disk, char dir, int n, double latMs, double queMs, long bytes) {
        List<BioIo> these = ios.stream().filter(i -> i.disk().equals(disk) && i.direction() == dir).toList();
        assertEquals(n, these.size(), disk + " " + dir);
        assertEquals(latMs / 1000, these.stream().mapToDouble(BioIo::latency).sum(), 1e-9, disk + " " + dir + " LAT");
        assertEquals(queMs / 1000, these.stream().mapToDouble(BioIo::queued).sum(), 1e-9, disk + " " + dir + " QUE");
        assertEquals(bytes, these.stream().mapToLong(BioIo::bytes).sum(), disk + " " + dir + " BYTES");
    }

    private static double sum(List<BioIo> ios, String disk) {
        return ios.stream().filter(i -> i.disk().equals(disk)).mapToDouble(BioIo::latency).sum();
    }

    private static List<LatencyHistogram> histograms(InputFormat f, Path p) throws Exception {
        Parsed parsed = parse(f, p);
        assertEquals(List.of(), parsed.ctx.summary(f.id(), "").warnings(), p.toString());
        return parsed.facts.all(LatencyHistogram.class);
    }

    @Test
    void bccBiolatencyHistogramsHoldTheCountsPrinted() throws Exception {
        List<LatencyHistogram> one = histograms(new BiolatencyFormat(), TestData.external("bcc-biolatency/bcc-example-biolatency.txt"));
        assertEquals(1, one.size());
        assertEquals(277, one.get(0).count(), "awk: the count column sums to 277");
        assertEquals("usecs", one.get(0).unit());
        LatencyHistogram.Bucket first = one.get(0).buckets().get(0);
        assertEquals(0, first.low(), 0);
        assertEquals(2e-6, first.high(), 1e-15, "bcc's '0 -> 1' holds 0 and 1");
        LatencyHistogram.Bucket last = one.get(0).buckets().get(one.get(0).buckets().size() - 1);
        assertEquals(0.065536, last.low(), 1e-12);
        assertEquals(0.131072, last.high(), 1e-12, "65536 -> 131071 us");
        assertEquals(2, last.count());

        List<LatencyHistogram> perDisk = histograms(new BiolatencyFormat(), TestData.external("bcc-biolatency/bcc-example-biolatency-D.txt"));
        assertEquals(List.of("xvdb", "xvdc", "xvda1"), perDisk.stream().map(LatencyHistogram::key).toList());
        assertEquals(List.of(202L, 201L, 348L), perDisk.stream().map(LatencyHistogram::count).toList());
        assertTrue(perDisk.stream().allMatch(h -> "disk".equals(h.keyKind())));

        List<LatencyHistogram> flags = histograms(new BiolatencyFormat(), TestData.external("bcc-biolatency/bcc-example-biolatency-Fm.txt"));
        assertEquals(11, flags.size());
        assertEquals("Read", flags.get(0).key());
        assertEquals("flags", flags.get(0).keyKind());
        assertEquals("msecs", flags.get(0).unit());
        assertEquals(List.of(965L, 5L, 2L, 7L, 424L, 6L, 1376L, 3L, 2L, 60L, 9L),
                flags.stream().map(LatencyHistogram::count).toList(), "awk: the count column per flags section");
        assertEquals(0.512, flags.get(0).buckets().get(9).low(), 1e-12, "512 -> 1023 msecs");

        List<LatencyHistogram> intervals = histograms(new BiolatencyFormat(), TestData.external("bcc-biolatency/bcc-example-biolatency-mT-1-5.txt"));
        assertEquals(List.of("06:20:16", "06:20:17", "06:20:18", "06:20:19", "06:20:20"),
                intervals.stream().map(LatencyHistogram::interval).toList());
        assertEquals(List.of(103L, 392L, 381L, 794L, 596L), intervals.stream().map(LatencyHistogram::count).toList());

        List<LatencyHistogram> extended = histograms(new BiolatencyFormat(), TestData.external("bcc-biolatency/bcc-example-biolatency-e.txt"));
        assertEquals(1, extended.size());
        assertEquals(25L, extended.get(0).printedCount(), "avg = 663 usecs, total: 16575 usecs, count: 25");
        assertEquals(25, extended.get(0).count(), "the buckets hold the count -e printed");
        assertEquals(663e-6, extended.get(0).printedAverage(), 1e-12);
    }

    @Test
    void bpftraceHistogramsRecordedHere() throws Exception {
        List<LatencyHistogram> bio = histograms(new BiolatencyFormat(), TestData.file(CASE, "biolatency-bt.txt"));
        assertEquals(1, bio.size());
        assertEquals("bpftrace", bio.get(0).source());
        assertEquals(1296, bio.get(0).count(), "the same I/Os biosnoop.bt printed one by one");
        assertEquals(64e-6, bio.get(0).buckets().get(0).low(), 1e-15, "[64, 128)");
        assertEquals(16384e-6, bio.get(0).buckets().get(bio.get(0).buckets().size() - 1).high(), 1e-12, "[8K, 16K)");

        List<LatencyHistogram> xfs = histograms(new FsDistFormat(), TestData.file(CASE, "xfsdist-bt.txt"));
        assertEquals(List.of("open", "write", "fsync", "read"), xfs.stream().map(LatencyHistogram::key).toList());
        assertTrue(xfs.stream().allMatch(h -> h.tool().equals("xfsdist") && "operation".equals(h.keyKind())));
        // fio.txt: 600 reads (2400 KiB), 160 writes (640 KiB), an fsync after each write
        assertEquals(List.of(4L, 160L, 161L, 602L), xfs.stream().map(LatencyHistogram::count).toList());
    }

    @Test
    void bccExt4distPerOperation() throws Exception {
        List<LatencyHistogram> ext4 = histograms(new FsDistFormat(), TestData.external("bcc-fs-dist/bcc-example-ext4dist.txt"));
        assertEquals(List.of("read", "write", "open"), ext4.stream().map(LatencyHistogram::key).toList());
        assertEquals(List.of(2123L, 80L, 1324L), ext4.stream().map(LatencyHistogram::count).toList());
        assertTrue(ext4.stream().allMatch(h -> h.tool().equals("ext4dist")));
    }

    @Test
    void bccBiotopIntervals() throws Exception {
        Parsed p = parse(new BiotopFormat(), TestData.external("bcc-biotop/bcc-example-biotop-C-5.txt"));
        List<BiotopRow> rows = p.facts.all(BiotopRow.class);
        assertEquals(List.of(), p.ctx.summary("biotop", "").warnings());
        assertEquals(31, rows.size());
        assertEquals(20634, rows.stream().mapToLong(BiotopRow::ios).sum(), "awk: the I/O column");
        assertEquals(202513, rows.stream().mapToLong(BiotopRow::kbytes).sum(), "awk: the Kbytes column");
        BiotopRow dd = rows.get(0);
        assertEquals("08:09:44", dd.interval());
        assertEquals(22069, dd.pid());
        assertEquals("dd", dd.command());
        assertEquals(202, dd.major());
        assertEquals("xvda1", dd.disk());
        assertEquals(0.33e-3, dd.average(), 1e-12);
        assertEquals("08:09:49", rows.get(rows.size() - 1).interval());
        assertEquals("jbd2/xvda1-8", rows.get(1).command());
    }

    @Test
    void bccSlowerToolsPerFile() throws Exception {
        Parsed ext4 = parse(new FsSlowerFormat(), TestData.external("bcc-fs-slower/bcc-example-ext4slower.txt"));
        List<FsOp> ops = ext4.facts.all(FsOp.class);
        assertEquals(List.of(), ext4.ctx.summary("fs-slower", "").warnings());
        assertEquals(18, ops.size());
        assertEquals(0.27673, ops.stream().mapToDouble(FsOp::latency).sum(), 1e-9, "awk: LAT(ms) sums to 276.73");
        assertEquals("ext4slower", ops.get(0).tool());
        assertEquals("ext4", ops.get(0).filesystem());
        assertEquals(0.010, ops.get(0).threshold(), 1e-12);
        assertEquals("common-auth", ops.get(0).file());
        assertEquals("read", ops.get(0).operation());
        assertEquals(16464, ops.get(0).pid());

        List<FsOp> xfs = parse(new FsSlowerFormat(), TestData.external("bcc-fs-slower/bcc-example-xfsslower.txt")).facts.all(FsOp.class);
        assertEquals(8, xfs.size());
        assertEquals(0.14516, xfs.stream().mapToDouble(FsOp::latency).sum(), 1e-9);
        assertEquals(24938024, xfs.get(0).offsetKb());
        assertEquals("xfs", xfs.get(0).filesystem());

        Parsed file = parse(new FsSlowerFormat(), TestData.external("bcc-fs-slower/bcc-example-fileslower-1.txt"));
        List<FsOp> fileOps = file.facts.all(FsOp.class);
        assertEquals(List.of(), file.ctx.summary("fs-slower", "").warnings());
        assertEquals(26, fileOps.size());
        assertEquals(0.05991, fileOps.stream().mapToDouble(FsOp::latency).sum(), 1e-9);
        assertEquals("fileslower", fileOps.get(0).tool());
        assertNull(fileOps.get(0).filesystem());
        assertEquals(-1, fileOps.get(0).offsetKb());
    }
}
