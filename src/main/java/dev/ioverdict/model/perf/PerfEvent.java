package dev.ioverdict.model.perf;

import java.util.List;

/**
 * One {@code perf script} sample: {@code comm pid/tid [cpu] secs.frac: [period] event: payload},
 * with the call chain's symbols (innermost first) when recorded with -g.
 * {@code cpu} is -1 and {@code pid} equals {@code tid} when perf did not print them.
 * {@code text} is the header line as captured (evidence).
 */
public record PerfEvent(String input, long line, String comm, int pid, int tid, int cpu, long timeNs,
                        String event, String payload, List<String> stack, String text) {

    public PerfEvent(String input, long line, String comm, int pid, int tid, int cpu, long timeNs,
                     String event, String payload, List<String> stack) {
        this(input, line, comm, pid, tid, cpu, timeNs, event, payload, stack, null);
    }

    public double timeSeconds() {
        return timeNs / 1e9;
    }

    /** The subsystem of a tracepoint, e.g. {@code block} of {@code block:block_rq_issue}. */
    public String subsystem() {
        int c = event.indexOf(':');
        return c < 0 ? "" : event.substring(0, c);
    }

    /** The tracepoint name, e.g. {@code block_rq_issue}. */
    public String name() {
        int c = event.indexOf(':');
        return c < 0 ? event : event.substring(c + 1);
    }
}
