package dev.ioverdict.rules.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.ioverdict.pipeline.CaseRequest;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import org.junit.jupiter.api.Test;

class SettingVariantsTest {
    @Test
    void theSettingTokenIsTheLastLettersAndDigitsOfTheName() {
        var t = SettingVariants.token("iostat-x-cp-maxcontig128.txt").orElseThrow();
        assertEquals("maxcontig", t.setting());
        assertEquals(128, t.value());
        assertEquals(t.pattern(), SettingVariants.token("iostat-x-cp-maxcontig6.txt").orElseThrow().pattern());
        assertFalse(SettingVariants.token("iostat-x-t.txt").isPresent());
    }

    @Test
    void seed003sAdviceKeepsTheMaxcontigItsOtherCaptureShowsAndSaysWhatTheChangeDid() throws Exception {
        var report = new CaseCompiler(RuleConfig.DEFAULTS).compile(CaseRequest.of(
                TestData.bundle("iostat-solaris-seed003").resolve("bundle")).withCaseId("seed003")).report();
        var sd0 = report.findings().stream().filter(f -> f.title().startsWith("sd0")).findFirst().orElseThrow();
        // the 1.25 s are from the maxcontig 6 capture: the step is to keep the 128 the other capture shows
        assertTrue(sd0.recommendation().startsWith("Keep UFS maxcontig at 128 on the filesystem of sd0"),
                sd0.recommendation());
        assertTrue(sd0.recommendation().contains("this figure is from the capture at maxcontig 6"), sd0.recommendation());
        assertTrue(sd0.summary().contains("with maxcontig 128 too (iostat-x-mkfile-maxcontig128.txt): there sd0 "
                + "answered in 354 ms"), sd0.summary());
        assertFalse(sd0.summary().contains("Also seen"), "the other file's figures are said once: " + sd0.summary());
    }
}
