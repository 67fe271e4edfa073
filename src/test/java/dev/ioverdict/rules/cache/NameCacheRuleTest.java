package dev.ioverdict.rules.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.ioverdict.pipeline.CaseRequest;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NameCacheRuleTest {
    @Test
    void solarisHitRateBelowNinetyIsAFinding() throws Exception {
        var compiled = new CaseCompiler(RuleConfig.DEFAULTS).compile(CaseRequest.of(TestData.bundle("solaris-dnlc-low").resolve("bundle")));
        List<Finding> fs = compiled.report().findings().stream().filter(f -> f.rule().equals("name-cache")).toList();
        assertEquals(1, fs.size());
        Finding f = fs.get(0);
        assertEquals(86.0, f.metrics().get("hitPct"));
        assertEquals("86%", f.measurement("hitPct").orElseThrow().display());
        assertEquals(126424L, f.metrics().get("lookups"));
        assertEquals("vmstat-s.txt:7", f.evidence().get(0).location());
    }

    @Test
    void manySnapshotsOfOneHostAreOneFindingOnTheLowest(@TempDir Path tmp) throws Exception {
        String snapshot = Files.readString(TestData.bundle("solaris-dnlc-low").resolve("bundle/vmstat-s.txt"));
        for (int i = 0; i < 30; i++) {
            Files.writeString(tmp.resolve("vmstat-s-" + i + ".txt"), i == 17 ? snapshot.replace("cache hits 86%",
                    "cache hits 71%") : snapshot);
        }
        var compiled = new CaseCompiler(RuleConfig.DEFAULTS).compile(CaseRequest.of(tmp));
        List<Finding> fs = compiled.report().findings().stream().filter(f -> f.rule().equals("name-cache")).toList();
        assertEquals(1, fs.size(), "one host, one cache: one finding");
        Finding f = fs.get(0);
        assertEquals(71.0, f.metrics().get("hitPct"));
        assertEquals(30L, f.metrics().get("lowSnapshots"));
        assertEquals("vmstat-s-17.txt:7", f.evidence().get(0).location());
        assertEquals(NameCacheRule.QUOTED, f.evidence().size());
        assertTrue(f.summary().contains("30 snapshots"), f.summary());
    }

    @Test
    void thresholdCanBeLoweredByConfig(@TempDir Path tmp) throws Exception {
        Path cfg = tmp.resolve("cfg.properties");
        Files.writeString(cfg, "name-cache.min_hit_pct = 80\n");
        var compiled = new CaseCompiler(RuleConfig.load(cfg)).compile(CaseRequest.of(TestData.bundle("solaris-dnlc-low").resolve("bundle")));
        assertTrue(compiled.report().findings().stream().noneMatch(f -> f.rule().equals("name-cache")));
    }

    @Test
    void linuxProcpsHasNoNameLookupsSoTheRuleIsNotEvaluated() throws Exception {
        var compiled = new CaseCompiler(RuleConfig.DEFAULTS).compile(CaseRequest.of(TestData.external("vmstat-s")));
        assertEquals("vmstat-s", compiled.report().inputs().get(0).format());
        assertTrue(compiled.report().notEvaluated().stream().anyMatch(n -> n.rule().equals("name-cache")));
    }
}
