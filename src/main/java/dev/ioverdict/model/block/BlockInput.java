package dev.ioverdict.model.block;

import java.util.List;

/**
 * Announces which tool wrote the block events of one input, so the block analysis can keep
 * traces of different origin apart and say where its figures come from. Inputs that announce
 * nothing count as {@code perf-script}. One trace often comes in several forms in one bundle
 * (blktrace's per-CPU files, the {@code blkparse -d} dump of them, blkparse's text of them):
 * each form is its own origin, so that no event is counted twice.
 */
public record BlockInput(String input, String source) implements BlockFact {
    /** blkparse's text. */
    public static final String BLKPARSE = "blkparse";
    /** blktrace's per-CPU binary files ({@code DEV.blktrace.N}). */
    public static final String BLKTRACE = "blktrace";
    /** The one sorted binary file of {@code blkparse -d}. */
    public static final String BLKPARSE_DUMP = "blkparse-dump";
    public static final String PERF_SCRIPT = "perf-script";

    /** The forms of a blktrace trace, the one whose figures the report shows first (of those that hold its devices). */
    public static final List<String> FORMS = List.of(BLKTRACE, BLKPARSE_DUMP, BLKPARSE);

    /** The name report.json gives figures of {@code source}: blkparse's for every form of a blktrace trace. */
    public static String label(String source) {
        return source.equals(PERF_SCRIPT) ? PERF_SCRIPT : BLKPARSE;
    }

    /** What a reader calls the form of {@code source}. */
    public static String form(String source) {
        return switch (source) {
            case BLKTRACE -> "blktrace's per-CPU files";
            case BLKPARSE_DUMP -> "the blkparse -d dump";
            case BLKPARSE -> "blkparse's text";
            default -> "perf script's block events";
        };
    }
}
