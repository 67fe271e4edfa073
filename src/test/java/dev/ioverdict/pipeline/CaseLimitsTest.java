package dev.ioverdict.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.ioverdict.report.model.CaseStatus;

import dev.ioverdict.report.model.BatchSummary.CaseResult;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** A case that never ends and one that runs out of heap: both failed with the reason, neither fatal. */
class CaseLimitsTest {
    @Test
    void aCaseThatNeverEndsFailsAtItsTimeLimit() {
        CountDownLatch never = new CountDownLatch(1);
        CaseResult r = new CaseLimits(Duration.ofSeconds(1)).run("stuck", "/cases/stuck", () -> {
            never.await();
            return null;
        });
        assertEquals(CaseStatus.FAILED, r.status());
        assertEquals("exceeded 1 s (--case-timeout)", r.message());
        assertEquals("stuck", r.caseId());
    }

    @Test
    void aCaseThatRunsOutOfHeapFailsWithTheReason() {
        CaseResult r = new CaseLimits(null).run("big", "/cases/big", () -> {
            throw new OutOfMemoryError("Java heap space");
        });
        assertEquals(CaseStatus.FAILED, r.status());
        assertEquals("out of memory (raise -Xmx through JAVA_OPTS, or split the case)", r.message());
    }
}
