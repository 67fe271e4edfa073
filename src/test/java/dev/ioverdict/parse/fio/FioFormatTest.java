package dev.ioverdict.parse.fio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.model.Facts;
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
}
