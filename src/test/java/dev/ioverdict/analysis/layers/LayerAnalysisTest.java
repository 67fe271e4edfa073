package dev.ioverdict.analysis.layers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.ioverdict.pipeline.CaseRequest;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.layers.LayerTimes;
import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import org.junit.jupiter.api.Test;

class LayerAnalysisTest {
    private static LayerTimes layers(String testCase) throws Exception {
        return new CaseCompiler(RuleConfig.DEFAULTS).compile(CaseRequest.of(TestData.bundle(testCase).resolve("bundle")))
                .report().layers();
    }

    @Test
    void seed000TheApplicationWaitsInIoGetevents() throws Exception {
        LayerTimes l = layers("seed-000-strace");
        var getevents = l.rows().stream().filter(r -> r.what().equals("io_getevents")).findFirst().orElseThrow();
        assertEquals("strace", getevents.source());
        assertEquals(0.995326, getevents.avg(), 1e-9);
        assertTrue(l.summary().startsWith("The application waits 995 ms on average in io_getevents"), l.summary());
    }

    @Test
    void seed001SubmitIsSlowerThanTheDevice() throws Exception {
        LayerTimes l = layers("seed-001-linuxki");
        var submit = l.rows().stream().filter(r -> r.what().equals("io_submit")).findFirst().orElseThrow();
        assertEquals(0.002526, submit.avg(), 1e-9);
        var device = l.rows().stream().filter(r -> r.layer().equals("device")).findFirst().orElseThrow();
        assertEquals("LinuxKI avserv", device.what());
        assertTrue(device.avg() < 0.001, "physical I/O under 1 ms as the seed says");
    }

    @Test
    void btt002RowsComeFromBttsAllDevicesTable() throws Exception {
        LayerTimes l = layers("seed-002-btt-scheduler");
        var q2c = l.rows().stream().filter(r -> r.what().startsWith("Q2C")).findFirst().orElseThrow();
        assertEquals(106, q2c.n());
        assertEquals(0.009945783, q2c.avg(), 1e-12);
        assertEquals("max", q2c.worstIs());
    }
}
