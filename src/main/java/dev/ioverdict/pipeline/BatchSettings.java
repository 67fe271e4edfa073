package dev.ioverdict.pipeline;

import java.time.Duration;

/**
 * How a batch treats its cases beyond compiling them: {@code resume} skips a case whose stamp
 * says nothing it depends on changed ({@link CaseStamp}); {@code caseTimeout} (null: none) bounds
 * one case ({@link CaseLimits}); {@code options} names everything besides the bundle that the
 * reports depend on (version, formats, rule configuration), for the stamp's hash.
 */
public record BatchSettings(boolean resume, Duration caseTimeout, String options) {
    public static final BatchSettings PLAIN = new BatchSettings(false, null, "");
}
