package dev.ioverdict.pipeline;

import java.time.Duration;

/**
 * How a batch treats its cases beyond compiling them: {@code resume} skips a case whose stamp
 * says nothing it depends on changed ({@link CaseStamp}); {@code caseTimeout} (null: none) bounds
 * one case ({@link CaseLimits}); {@code caseMemory} (null: none) bounds one case's heap by running
 * it in a JVM of its own ({@link CaseProcess}); {@code options} names everything besides the bundle
 * that the reports depend on (version, formats, rule configuration), for the stamp's hash.
 */
public record BatchSettings(boolean resume, Duration caseTimeout, Long caseMemory, String options) {
    public static final BatchSettings PLAIN = new BatchSettings(false, null, null, "");

    public BatchSettings(boolean resume, Duration caseTimeout, String options) {
        this(resume, caseTimeout, null, options);
    }
}
