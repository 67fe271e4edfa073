package dev.ioverdict.pipeline;

import dev.ioverdict.report.model.BatchSummary.CaseResult;
import dev.ioverdict.report.model.CaseStatus;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Bounds one case: past its time limit the case is marked failed with the reason and the batch
 * goes on (the case's thread is interrupted and left to die as a daemon); a case that exhausts the
 * heap is marked failed the same way instead of ending the batch.
 */
final class CaseLimits {
    private final Duration timeLimit;

    CaseLimits(Duration timeLimit) {
        this.timeLimit = timeLimit;
    }

    CaseResult run(String caseId, String source, Callable<CaseResult> work) {
        FutureTask<CaseResult> task = new FutureTask<>(() -> {
            try {
                return work.call();
            } catch (OutOfMemoryError e) {
                return failed(caseId, source, "out of memory (raise -Xmx through JAVA_OPTS, or split the case)");
            }
        });
        Thread t = new Thread(task, "case-" + caseId);
        t.setDaemon(true);
        t.start();
        try {
            return timeLimit == null ? task.get() : task.get(timeLimit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            task.cancel(true);
            return failed(caseId, source, "exceeded " + timeLimit.toSeconds() + " s (--case-timeout)");
        } catch (InterruptedException e) {
            task.cancel(true);
            Thread.currentThread().interrupt();
            return failed(caseId, source, "interrupted");
        } catch (ExecutionException e) {
            return failed(caseId, source, String.valueOf(e.getCause()));
        }
    }

    static CaseResult failed(String caseId, String source, String reason) {
        return new CaseResult(caseId, source, CaseStatus.FAILED, reason, 0, 0, 0, List.of(), null);
    }
}
