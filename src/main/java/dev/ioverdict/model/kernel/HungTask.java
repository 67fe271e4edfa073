package dev.ioverdict.model.kernel;

import java.util.List;

/**
 * One hung-task report ({@code INFO: task NAME:PID blocked for more than N seconds.}) with the
 * call trace printed under it: {@code frames} are function names innermost first, {@code stackLines}
 * the line numbers of the trace (for evidence), {@code stackText} those lines verbatim.
 */
public record HungTask(String input, long line, String text, String task, int pid, int blockedSeconds,
                       Double uptime, String timeText, List<String> frames, List<Long> stackLines,
                       List<String> stackText) implements KernelFact {
    public HungTask {
        frames = List.copyOf(frames);
        stackLines = List.copyOf(stackLines);
        stackText = List.copyOf(stackText);
    }
}
