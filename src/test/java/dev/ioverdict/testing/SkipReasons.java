package dev.ioverdict.testing;

import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Says at the end of a run which tests did not run and why (a tool not installed, a known gap):
 * the build's own summary only counts them. Registered for every run through
 * META-INF/services/org.junit.platform.launcher.TestExecutionListener.
 */
public final class SkipReasons implements TestExecutionListener {
    private final List<String> skipped = new ArrayList<>();
    private TestPlan plan;

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
    }

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        record(test, reason);
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
            record(test, result.getThrowable().map(Throwable::getMessage).orElse("aborted"));
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        if (!skipped.isEmpty()) {
            StringBuilder s = new StringBuilder("Not run: " + skipped.size() + " test(s)\n");
            skipped.forEach(line -> s.append("  ").append(line).append('\n'));
            System.out.print(s);
            System.out.flush();
        }
    }

    private void record(TestIdentifier test, String reason) {
        String where = test.getSource().filter(MethodSource.class::isInstance).map(MethodSource.class::cast)
                .map(m -> m.getClassName().substring(m.getClassName().lastIndexOf('.') + 1) + "." + m.getMethodName())
                .orElseGet(() -> plan == null ? test.getDisplayName() : name(test));
        skipped.add(where + ": " + (reason == null ? "no reason given" : reason.lines().findFirst().orElse("")));
    }

    private String name(TestIdentifier test) {
        List<String> names = new ArrayList<>();
        for (TestIdentifier t = test; t != null; t = plan.getParent(t).orElse(null)) {
            if (t.getParentId().isPresent()) {
                names.add(0, t.getDisplayName());
            }
        }
        return String.join(" > ", names);
    }
}
