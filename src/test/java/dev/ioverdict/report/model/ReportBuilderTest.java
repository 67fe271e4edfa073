package dev.ioverdict.report.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.pipeline.CaseRequest;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import java.lang.reflect.RecordComponent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A component added to Report without its builder setter would be dropped by every withX and by
 * InvariantGate, silently: the builder must name every component and carry each through.
 */
class ReportBuilderTest {
    @Test
    void theBuilderHasASetterForEveryComponent() throws Exception {
        for (RecordComponent c : Report.class.getRecordComponents()) {
            var setter = Report.Builder.class.getMethod(c.getName(), c.getType());
            assertEquals(Report.Builder.class, setter.getReturnType(), c.getName());
        }
    }

    @Test
    void aRealReportComesBackWhole() throws Exception {
        Report real = new CaseCompiler(RuleConfig.DEFAULTS).compile(
                CaseRequest.of(TestData.bundle("unaligned-on-slow-device").resolve("bundle"))).report();
        assertTrue(real.findings().size() >= 2, "the case has findings to carry");
        assertNotNull(real.timeModel());
        Report copy = real.toBuilder().build();
        assertEquals(real, copy);
    }

    @Test
    void aNewReportHasTheSchemaAndEmptyLists() {
        Report empty = Report.builder().findings(List.of()).build();
        assertEquals(Report.SCHEMA, empty.schema());
        assertEquals(List.of(), empty.marks());
        assertEquals(List.of(), empty.devices());
        assertEquals(List.of(), empty.analysisFailures());
    }
}
