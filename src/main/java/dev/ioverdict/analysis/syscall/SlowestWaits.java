package dev.ioverdict.analysis.syscall;

import dev.ioverdict.model.syscall.SyscallCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The application's longest waits for I/O in each syscall trace (io_getevents, synchronous reads
 * and writes, fsync, a blocking io_submit), with their times, for the per-I/O view from the
 * application's wait down to the device. Each trace keeps its own clock: {@code firstTime} and
 * {@code lastTime} are the first and last time it saw, to tell whether a block trace shares it.
 */
public record SlowestWaits(List<Trace> traces) {
    static final int KEEP = 10;
    static final Set<String> WAITS = Set.of("io_getevents", "io_pgetevents", "io_submit", "pread64", "pwrite64",
            "preadv", "pwritev", "preadv2", "pwritev2", "read", "write", "fsync", "fdatasync");

    public SlowestWaits {
        traces = List.copyOf(traces);
    }

    /** One syscall input's slowest waits, slowest first, and the span of its clock. */
    public record Trace(String input, String source, List<SyscallCall> calls, double firstTime, double lastTime) {
        public Trace {
            calls = List.copyOf(calls);
        }
    }

    /**
     * Puts a timed call into {@code kept} (slowest first, at most {@code limit}) where a stable sort
     * would: after every call at least as slow, so among equal durations the first seen stays first.
     */
    static void insertSlowest(List<SyscallCall> kept, SyscallCall c, int limit) {
        double d = c.duration();
        int at = kept.size();
        while (at > 0 && kept.get(at - 1).duration() < d) {
            at--;
        }
        if (at >= limit) {
            return;
        }
        kept.add(at, c);
        if (kept.size() > limit) {
            kept.remove(limit);
        }
    }

    /** Collects the slowest waits of each input while the calls stream by. */
    static final class Keeper {
        private final Map<String, Kept> byInput = new LinkedHashMap<>();

        private static final class Kept {
            final String source;
            final List<SyscallCall> calls = new ArrayList<>();
            double first = Double.POSITIVE_INFINITY;
            double last = Double.NEGATIVE_INFINITY;
            /** The duration a wait must pass to enter {@link #calls} once it is full. */
            double floor = Double.NEGATIVE_INFINITY;

            Kept(String source) {
                this.source = source;
            }
        }

        private String lastInput;
        private Kept last;

        void add(SyscallCall c) {
            add(c, WAITS.contains(c.name()));
        }

        /** Adds a call whose name the caller already looked up in {@link #WAITS}. */
        void add(SyscallCall c, boolean wait) {
            if (c.start() == null || c.duration() == null) {
                return;
            }
            Kept k = last;
            if (k == null || !java.util.Objects.equals(c.input(), lastInput)) {
                k = byInput.computeIfAbsent(c.input(), i -> new Kept(c.source()));
                lastInput = c.input();
                last = k;
            }
            k.first = Math.min(k.first, c.start());
            k.last = Math.max(k.last, c.start() + c.duration());
            List<SyscallCall> kept = k.calls;
            if (!wait || c.failed() || c.duration() <= k.floor) {
                return;
            }
            insertSlowest(kept, c, KEEP);
            if (kept.size() == KEEP) {
                k.floor = kept.get(KEEP - 1).duration();
            }
        }

        SlowestWaits result() {
            List<Trace> traces = new ArrayList<>();
            byInput.forEach((input, k) -> {
                if (!k.calls.isEmpty()) {
                    traces.add(new Trace(input, k.source, k.calls, k.first, k.last));
                }
            });
            return traces.isEmpty() ? null : new SlowestWaits(traces);
        }
    }
}
