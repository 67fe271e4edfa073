package dev.ioverdict.parse.fio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.bundle.FormatDetector;
import dev.ioverdict.model.Diagnostic;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.fio.FioDiskStats;
import dev.ioverdict.model.fio.FioGroupStatus;
import dev.ioverdict.model.fio.FioJob;
import dev.ioverdict.parse.InputFile;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.testing.TestData;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * fio's JSON against the normal output fio printed for the same run (testdata/fio-randrw-loop:
 * {@code --output-format=normal,json} writes both into one file): ioverdict reads the same IOPS,
 * bandwidth, clat and percentiles from either, and json+'s histogram gives fio's own percentiles.
 */
class FioJsonFormatTest {
    static Facts read(String fixture, dev.ioverdict.parse.InputFormat format, ParseContext[] ctx) throws Exception {
        Path p = TestData.bundle("fio-randrw-loop").resolve(fixture);
        Facts facts = new Facts();
        ctx[0] = new ParseContext(p.getFileName().toString(), facts);
        format.parse(new BundleFile(p.getFileName().toString(), p, Files.size(p), false), ctx[0]);
        return facts;
    }

    private static FioJob job(List<FioJob> jobs, String name, String direction) {
        return jobs.stream().filter(j -> j.job().equals(name) && j.direction().equals(direction)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " " + direction + " in " + jobs));
    }

    @Test
    void theJsonOfOneRunAgreesWithTheTextFioPrintedBesideIt() throws Exception {
        ParseContext[] ctx = new ParseContext[1];
        Facts json = read("fixtures/fio-randrw-normal-json.txt", new FioJsonFormat(), ctx);
        assertEquals(List.of(), ctx[0].summary("fio-json", "").warnings());
        Facts text = read("fixtures/fio-randrw-normal-json.txt", new FioFormat(), ctx);
        assertEquals(List.of(), ctx[0].summary("fio", "").warnings());
        List<FioJob> fromJson = json.all(FioJob.class);
        List<FioJob> fromText = text.all(FioJob.class);
        assertEquals(3, fromJson.size(), "reader read, mixer read and write");
        assertEquals(3, fromText.size());
        for (FioJob t : fromText) {
            FioJob j = job(fromJson, t.job(), t.direction());
            String what = t.job() + " " + t.direction();
            assertEquals(t.issued(), j.issued(), what + " issued");
            assertTrue(Math.abs(t.iops() - j.iops()) < 1, what + " IOPS " + t.iops() + " / " + j.iops());
            // BW=4073KiB/s, 29.8MiB/s: three or four significant figures
            assertEquals(j.bandwidth(), t.bandwidth(), j.bandwidth() * 0.005, what + " bandwidth");
            assertEquals(j.runtime(), t.runtime(), 1e-9, what + " run time");
            // clat avg=962830.51 (nsec) or avg=1427.57 (usec): to the printed hundredth
            double unit = t.clat().max() > 1e-3 && t.text().contains("IOPS") && t.clat().avg() > 1e-3 ? 1e-6 : 1e-9;
            assertEquals(j.clat().avg(), t.clat().avg(), 0.005 * unit + 1e-12, what + " clat avg");
            assertEquals(t.clatPercentiles().keySet(), j.clatPercentiles().keySet(), what + " percentiles");
            // fio's text prints each percentile in usec rounded up: 6062080 ns is [ 6063]
            for (Map.Entry<String, Double> p : t.clatPercentiles().entrySet()) {
                double us = j.clatPercentiles().get(p.getKey()) * 1e6;
                assertEquals(Math.ceil(us - 1e-6) * 1e-6, p.getValue(), 1e-12, what + " clat p" + p.getKey());
            }
            assertEquals(Map.of("rw", t.job().equals("reader") ? "randread" : "randrw", "bs",
                    t.job().equals("reader") ? "4096B" : "16.0KiB", "ioengine", "libaio", "iodepth",
                    t.job().equals("reader") ? "1" : "4"), t.options(), what + " options from fio's job line");
        }
        FioJob reader = job(fromJson, "reader", "read");
        assertEquals(1018.321119, reader.iops(), 1e-9);
        assertEquals(4171043, reader.bandwidth(), 0);
        assertEquals(0.006062080, reader.clatPercentiles().get("99.00"), 1e-15);
        assertEquals(0.013565952, reader.clatPercentiles().get("99.90"), 1e-15);
        assertEquals("1", reader.options().get("direct"), "global options under the job's");
        assertEquals("libaio", reader.options().get("ioengine"));
        assertEquals("randread", reader.options().get("rw"));
        assertEquals(0, reader.group());
        assertEquals(1, reader.jobs());
        assertTrue(reader.clatBins().isEmpty(), "plain json has no bins");
        FioJob text1 = job(fromText, "reader", "read");
        assertEquals(1018, text1.iops(), 0, "IOPS=1018");
        assertEquals(4073 * 1024, text1.bandwidth(), 0, "BW=4073KiB/s");
        assertEquals(0.006063, text1.clatPercentiles().get("99.00"), 1e-12, "99.00th=[ 6063]");

        FioDiskStats diskJson = json.all(FioDiskStats.class).getFirst();
        FioDiskStats diskText = text.all(FioDiskStats.class).getFirst();
        assertEquals("loop0", diskText.device());
        assertEquals(82.08, diskText.util(), 0, "util=82.08%");
        assertEquals(82.078614, diskJson.util(), 0);
        assertEquals(diskText.util(), diskJson.util(), 0.005);
        assertEquals(List.of(8558L, 3804L, 1221L, 4625L, 5846L), List.of(diskText.readIos(), diskText.writeIos(),
                diskText.readTicks(), diskText.writeTicks(), diskText.inQueue()), "ios=8558/3804, ticks=1221/4625, in_queue=5846");
        assertEquals(List.of(diskText.readIos(), diskText.writeIos(), diskText.readTicks(), diskText.writeTicks(),
                diskText.inQueue()), List.of(diskJson.readIos(), diskJson.writeIos(), diskJson.readTicks(),
                diskJson.writeTicks(), diskJson.inQueue()));
        assertEquals(1, json.all(FioDiskStats.class).size(), "disks from the JSON only, not twice");

        // the group summary is the text's: fio's JSON has none
        List<FioGroupStatus> groups = json.all(FioGroupStatus.class);
        assertEquals(2, groups.size());
        FioGroupStatus read = groups.get(0);
        assertEquals("read", read.direction());
        assertEquals(33.8 * 1024 * 1024, read.bandwidth(), 1, "READ: bw=33.8MiB/s");
        assertEquals(4073 * 1024, read.bandwidthMin(), 0, "4073KiB/s-29.8MiB/s");
        assertEquals(29.8 * 1024 * 1024, read.bandwidthMax(), 1);
        assertEquals(101 * 1024 * 1024, read.io(), 0, "io=101MiB");
        assertEquals(3.001, read.runMin(), 1e-12);
        assertEquals(3.002, read.runMax(), 1e-12);
        // and agrees with the jobs: the group's bandwidth is the sum of its jobs'
        assertEquals(reader.bandwidth() + job(fromJson, "mixer", "read").bandwidth(), read.bandwidth(),
                read.bandwidth() * 0.005);
        assertEquals(61.2 * 1024 * 1024, groups.get(1).io(), 1, "WRITE: io=61.2MiB");
    }

    @Test
    void jsonPlusHistogramGivesFiosOwnPercentilesAndGroupReportingCountsTheProcesses() throws Exception {
        ParseContext[] ctx = new ParseContext[1];
        Facts json = read("fixtures/fio-group-jsonplus.txt", new FioJsonFormat(), ctx);
        assertEquals(List.of(), ctx[0].summary("fio-json", "").warnings());
        List<FioJob> jobs = json.all(FioJob.class);
        assertEquals(2, jobs.size(), "one entry for 3 processes, read and write");
        FioJob read = job(jobs, "grouped", "read");
        assertEquals(3, read.jobs(), "numjobs=3 with group_reporting: (groupid=0, jobs=3)");
        assertEquals(10982, read.issued());
        assertEquals(3659.446851, read.iops(), 1e-9);
        assertEquals(580, read.clatBins().size());
        for (FioJob j : jobs) {
            assertEquals(j.issued(), j.clatBins().values().stream().mapToLong(Long::longValue).sum(), "every completion binned");
            for (Map.Entry<String, Double> p : j.clatPercentiles().entrySet()) {
                assertEquals(p.getValue(), j.clatPercentileFromBins(Double.parseDouble(p.getKey())), 1e-15,
                        j.direction() + " p" + p.getKey());
            }
        }
        assertEquals(0.006062080, read.clatPercentiles().get("99.00"), 1e-15);
        // the text fio printed for the same run
        Facts text = read("fixtures/fio-group-jsonplus.txt", new FioFormat(), ctx);
        FioJob t = job(text.all(FioJob.class), "grouped", "read");
        assertEquals(3, t.jobs(), "(groupid=0, jobs=3)");
        assertEquals(3659, t.iops(), 0, "IOPS=3659");
        assertEquals(read.issued(), t.issued());
        assertEquals(0.006063, t.clatPercentiles().get("99.00"), 1e-12);
        FioDiskStats disk = json.all(FioDiskStats.class).getFirst();
        assertEquals(92.43081, disk.util(), 0);
        assertEquals(92.43, text.all(FioDiskStats.class).getFirst().util(), 0, "util=92.43%");
    }

    @Test
    void jsonAloneWithFiosStrayJobLineBeforeIt() throws Exception {
        ParseContext[] ctx = new ParseContext[1];
        Facts json = read("fixtures/fio-randrw.json", new FioJsonFormat(), ctx);
        assertEquals(List.of(), ctx[0].summary("fio-json", "").warnings());
        assertEquals(3, json.all(FioJob.class).size());
        FioJob reader = job(json.all(FioJob.class), "reader", "read");
        assertEquals(15, reader.line(), "the line of the job's {, counted from the stray header line on");
        assertEquals(List.of(), json.all(FioGroupStatus.class), "no text, no group summary");
        assertTrue(ctx[0].summary("fio-json", "").lines() > 500);
    }

    @Test
    void recognisedByContentWhateverTheName() throws Exception {
        for (String f : List.of("fio-randrw.json", "fio-randrw-normal-json.txt", "fio-group-jsonplus.txt")) {
            Path p = TestData.bundle("fio-randrw-loop").resolve("fixtures").resolve(f);
            assertEquals("fio-json", new FormatDetector(dev.ioverdict.parse.InputFormats.all()).detect(new BundleFile("x.txt", p, Files.size(p), false))
                    .format().orElseThrow().id(), f);
        }
        Path p = TestData.bundle("fio-randrw-loop").resolve("fixtures/fio-randrw-normal.txt");
        assertEquals("fio", new FormatDetector(dev.ioverdict.parse.InputFormats.all()).detect(new BundleFile("x.json", p, Files.size(p), false))
                .format().orElseThrow().id());
    }

    @Test
    void anAbsurdSizeIsRefusedNamingTheFile() throws Exception {
        InputFile huge = new InputFile() {
            @Override
            public String path() {
                return "results/fio.json";
            }

            @Override
            public long size() {
                return 5L << 30;
            }

            @Override
            public InputStream open() {
                return new ByteArrayInputStream(new byte[0]);
            }
        };
        Facts facts = new Facts();
        ParseContext ctx = new ParseContext("results/fio.json", facts);
        new FioJsonFormat().parse(huge, ctx);
        List<Diagnostic> w = ctx.summary("fio-json", "").warnings();
        assertEquals(1, w.size());
        assertTrue(w.getFirst().message().startsWith("results/fio.json: 5120 MiB is more than the 64 MiB"), w.toString());
        assertTrue(facts.all(FioJob.class).isEmpty());
    }

    @Test
    void aCutJsonKeepsTheJobsBeforeTheCut() throws Exception {
        Path p = TestData.bundle("fio-randrw-loop").resolve("fixtures/fio-randrw.json");
        String all = Files.readString(p);
        byte[] cut = all.substring(0, all.indexOf("\"jobname\" : \"mixer\"")).getBytes();
        InputFile file = new InputFile() {
            @Override
            public String path() {
                return "cut.json";
            }

            @Override
            public long size() {
                return cut.length;
            }

            @Override
            public InputStream open() {
                return new ByteArrayInputStream(cut);
            }
        };
        Facts facts = new Facts();
        ParseContext ctx = new ParseContext("cut.json", facts);
        new FioJsonFormat().parse(file, ctx);
        assertEquals(List.of("reader"), facts.all(FioJob.class).stream().map(FioJob::job).toList());
        assertEquals(1, ctx.summary("fio-json", "").skipped());
        assertNotNull(ctx.summary("fio-json", "").warnings().getFirst().message());
    }
}
