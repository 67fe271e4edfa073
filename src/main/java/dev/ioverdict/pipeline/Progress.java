package dev.ioverdict.pipeline;

/**
 * What a long run tells whoever shows its progress (a status line on a terminal): the phase, the
 * bytes read of the inputs, the cases of a batch done. Called from any thread; {@link #NONE}
 * ignores everything, and nothing is counted for it.
 */
public interface Progress {
    Progress NONE = new Progress() {
    };

    /** Phases of one case, in order. */
    enum Phase {
        READING("reading"), ANALYSING("analysing"), RULES("rules"), RENDERING("rendering");

        private final String label;

        Phase(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    default void phase(Phase phase) {
    }

    /** Reading is about to start on inputs of {@code totalBytes} together. */
    default void inputs(long totalBytes) {
    }

    /** Reading moves on to {@code path} ({@code size} bytes). */
    default void input(String path, long size) {
    }

    /** {@code bytes} more of the current input were read. */
    default void read(long bytes) {
    }

    /** A batch of {@code total} cases starts. */
    default void cases(int total) {
    }

    default void caseDone(boolean failed) {
    }
}
