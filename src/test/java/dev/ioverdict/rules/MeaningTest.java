package dev.ioverdict.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.Unit;
import dev.ioverdict.rules.aio.SyncIoSubmitRule;
import dev.ioverdict.rules.aio.UnalignedDioXfsRule;
import dev.ioverdict.rules.block.RequestStarvationRule;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** What the rules declare about their findings holds together: the diagnosis and the report rely on it. */
class MeaningTest {
    private static final Set<String> IDS = RuleCatalogue.all().stream().map(r -> r.info().id())
            .collect(Collectors.toSet());

    @Test
    void everyRuleSaysWhereItsCauseSitsAndWhatShowsIt() {
        for (Rule r : RuleCatalogue.all()) {
            assertNotEquals(Meaning.Layer.UNKNOWN, r.meaning().layer(), r.info().id());
            assertFalse(r.meaning().evidence().isEmpty(), r.info().id() + " declares no kind of evidence");
        }
    }

    @Test
    void aRuleExplainsOnlyOtherRulesOfTheCatalogue() {
        for (Rule r : RuleCatalogue.all()) {
            for (Meaning.Explains e : r.meaning().explains()) {
                assertTrue(IDS.contains(e.symptom()), r.info().id() + " explains unknown " + e.symptom());
                assertNotEquals(r.info().id(), e.symptom());
                assertFalse(e.condition().isBlank());
            }
        }
    }

    @Test
    void iostatsOutsideViewIsRestatedByTheCausesThatExplainIt() {
        for (Rule r : RuleCatalogue.all()) {
            for (Meaning.Explains e : r.meaning().explains()) {
                boolean outside = RuleCatalogue.meaning(e.symptom()).outsideView();
                boolean blockMeasured = r.meaning().evidence().contains(EvidenceKind.BLOCK_TRACE);
                if (outside && blockMeasured) {
                    assertTrue(r.meaning().insideView() != null, r.info().id() + " explains " + e.symptom()
                            + " but does not say how it restates iostat");
                }
            }
        }
    }

    @Test
    void ioSubmitBlockingIsExplainedByWhereItSleeps() {
        Finding drain = submit("inode_dio_wait");
        Finding tag = submit("blk_mq_get_tag");
        Finding unaligned = finding(UnalignedDioXfsRule.ID, Subject.file("/u01/redo01.log"),
                UnalignedDioXfsRule.WRITERS.of("4242"));
        Finding starved = finding(RequestStarvationRule.ID, Subject.device("sdb", "sdb"));
        Meaning byUnaligned = RuleCatalogue.meaning(UnalignedDioXfsRule.ID);
        Meaning byStarvation = RuleCatalogue.meaning(RequestStarvationRule.ID);
        assertTrue(byUnaligned.explains(unaligned, drain));
        assertTrue(byUnaligned.explains(unaligned, tag), "pid 4242 writes the unaligned file");
        assertTrue(byStarvation.explains(starved, tag));
        assertFalse(byStarvation.explains(starved, drain));
    }

    /** A measurement key means one thing: every constant declaring it gives the same unit. */
    @Test
    void aKeyHasOneUnitAcrossTheRules() throws Exception {
        Map<String, Set<Unit>> units = new TreeMap<>();
        var classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.ioverdict.rules");
        for (JavaClass c : classes) {
            for (Field f : c.reflect().getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == Metric.class) {
                    f.setAccessible(true);
                    Metric m = (Metric) f.get(null);
                    units.computeIfAbsent(m.key(), k -> new java.util.TreeSet<>()).add(m.unit());
                }
            }
        }
        assertTrue(units.size() > 50, "found only " + units.keySet());
        units.forEach((key, u) -> assertEquals(1, u.size(), key + " is declared with units " + u));
    }

    private static Finding submit(String sleepsIn) {
        return finding(SyncIoSubmitRule.ID, Subject.process(4242, "ora_lgwr"), SyncIoSubmitRule.SLEEPS_IN.of(sleepsIn));
    }

    private static Finding finding(String rule, Subject subject, dev.ioverdict.model.Measurement... figures) {
        return new Finding(rule, Severity.CRITICAL, Confidence.HIGH, List.of(), List.of(), subject, "t", "s", "r",
                List.of(figures), List.of(), null, List.of(), List.of());
    }
}
