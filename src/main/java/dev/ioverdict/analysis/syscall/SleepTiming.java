package dev.ioverdict.analysis.syscall;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.syscall.Sleep;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.syscall.SyscallCall;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Times the sleeps of sched_switch recordings and folds them into {@link SleepStack}s per
 * recording, process and stack. A sleep lasts until that thread's next event in any input: where
 * the recording holds the thread's switch-ins, its switch-in (exact, as LinuxKI times it); where it
 * holds its switch-outs only (perf's usual {@code --filter 'prev_comm == "fio"'}), the earliest of its next
 * event in that recording (its next switch-out, any other sample of it), the end of its next call
 * in a perf syscall trace on the same clock (perf sessions of one boot share it: their times
 * overlap), and in strace, whose time of day is put on perf's clock by matching the same calls
 * ({@link ClockAlignment}). A sleep nothing ends is not guessed: it is counted open.
 *
 * <p>A thread's next switch-out in the recording is its next switch-out only where the recording
 * holds all of them: a filter on {@code next_comm} also catches other tasks going out, but only
 * when they hand the CPU to the application. Which threads a recording follows is not in it; the
 * bundle's syscall traces name the application's threads, so only threads that one of them traced
 * are timed to their next event (all threads, where the bundle holds no syscall trace); another
 * thread's sleep without its switch-in stays open.
 *
 * <p>Sleeps ended by a switch-in are added up as they stream by; the others are kept, 20 bytes
 * each, until every input is read, with the ends of the calls of their threads, 8 bytes each. A
 * syscall trace read before any recording keeps the ends of every thread's calls, up to
 * {@link #KEPT_BEFORE_RECORDINGS} of them, since which threads will sleep is not known yet.
 */
public final class SleepTiming implements Analysis {
    /** Call ends kept before any recording says which threads sleep: 32 MB. */
    static final long KEPT_BEFORE_RECORDINGS = 4_000_000;

    /** Threads with a sleep not ended by a switch-in, in any recording read so far. */
    private final ThreadEvents.Tids sleepers = new ThreadEvents.Tids();
    private final Map<String, Recording> recordings = new LinkedHashMap<>();
    private final Map<String, ThreadEvents> traces = new LinkedHashMap<>();
    /** Made once, not once per call. */
    private final java.util.function.IntPredicate keeps = this::keep;
    private Recording lastRecording;
    private ThreadEvents lastTrace;

    /** One process's folded stack in one recording: its frames are shared, so hashing them is cheap. */
    private record StackKey(int pid, List<String> frames) {
    }

    private static final class Agg {
        final int pid;
        final String comm;
        final List<String> frames;
        long line;
        String text;
        long count;
        long timed;
        long open;
        /** Some of its sleeps were timed to their thread's next event: the stack says how. */
        boolean byNextEvent;
        double total;
        double max;

        Agg(Sleep s) {
            this.pid = s.pid();
            this.comm = s.comm();
            this.frames = s.frames();
            this.line = s.line();
            this.text = s.text();
        }

        void time(double d) {
            timed++;
            total += d;
            max = Math.max(max, d);
        }
    }

    /** The sleeps of one recording: stacks, and the sleeps not ended by a switch-in, kept compactly. */
    private static final class Recording {
        final String source;
        final String input;
        final Map<StackKey, Agg> stacks = new HashMap<>();
        final List<Agg> order = new ArrayList<>();
        /** Threads with a sleep ended by their next event, not a switch-in: the recording lacks their switch-ins. */
        final java.util.Set<Integer> switchOutsOnly = new java.util.HashSet<>();
        double first = Double.POSITIVE_INFINITY;
        double last = Double.NEGATIVE_INFINITY;
        int n;
        int[] tid = new int[64];
        double[] start = new double[64];
        double[] end = new double[64];
        final List<Agg> aggOf = new ArrayList<>();

        Recording(String source, String input) {
            this.source = source;
            this.input = input;
        }

        Agg agg(Sleep s) {
            StackKey key = new StackKey(s.pid(), s.frames());
            Agg a = stacks.get(key);
            if (a == null) {
                a = new Agg(s);
                stacks.put(key, a);
                order.add(a);
            } else if (s.line() < a.line) {
                a.line = s.line(); // the stack's first switch-out speaks for it, as the recording reads
                a.text = s.text();
            }
            return a;
        }

        void pend(Sleep s, Agg a) {
            if (n == tid.length) {
                tid = Arrays.copyOf(tid, n * 2);
                start = Arrays.copyOf(start, n * 2);
                end = Arrays.copyOf(end, n * 2);
            }
            tid[n] = s.tid();
            start[n] = s.start();
            end[n] = s.end() == null ? Double.NaN : s.end();
            aggOf.add(a);
            n++;
        }
    }

    @Override
    public void attach(Facts facts) {
        facts.stream(Sleep.class, this::sleep);
        facts.stream(SyscallCall.class, this::call);
    }

    private void sleep(Sleep s) {
        Recording r = lastRecording;
        if (r == null || !Objects.equals(r.input, s.input()) || !Objects.equals(r.source, s.source())) {
            r = recordings.computeIfAbsent(s.source() + "\u0000" + s.input(), k -> new Recording(s.source(), s.input()));
            lastRecording = r;
        }
        Agg a = r.agg(s);
        a.count++;
        r.first = Math.min(r.first, s.start());
        r.last = Math.max(r.last, s.end() == null ? s.start() : s.end());
        if (s.endedBy() == Sleep.End.SWITCH_IN) {
            a.time(s.end() - s.start());
        } else {
            sleepers.add(s.tid());
            if (s.endedBy() == Sleep.End.NEXT_EVENT) {
                r.switchOutsOnly.add(s.tid());
            }
            r.pend(s, a);
        }
    }

    private void call(SyscallCall c) {
        if (c.start() == null || c.duration() == null) {
            return;
        }
        ThreadEvents t = lastTrace;
        if (t == null || !Objects.equals(t.input, c.input()) || !Objects.equals(t.source, c.source())) {
            t = traces.computeIfAbsent(c.source() + "\u0000" + c.input(), k -> new ThreadEvents(c.source(), c.input()));
            lastTrace = t;
        }
        t.add(c, keeps);
    }

    /** Whether the ends of thread {@code tid}'s calls may end a sleep and are kept. */
    private boolean keep(int tid) {
        if (sleepers.contains(tid)) {
            return true;
        }
        if (!recordings.isEmpty()) {
            return false;
        }
        // asked whenever a trace's thread changes, on most lines of a strace -f: a loop, not a stream
        long kept = 0;
        for (ThreadEvents t : traces.values()) {
            kept += t.kept;
        }
        return kept < KEPT_BEFORE_RECORDINGS;
    }

    /** A trace whose call ends may end sleeps, on the recording's clock once {@code offset} is taken off. */
    private record Ends(ThreadEvents trace, double offset) {
    }

    /** Leaves its timed sleep stacks among the facts, for the analyses and rules that read them. */
    @Override
    public Dataflow dataflow() {
        return Dataflow.addsFacts(SleepStack.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        for (Recording r : recordings.values()) {
            String timing = null;
            List<Ends> ends = new ArrayList<>();
            if (!traces.isEmpty()) {
                r.switchOutsOnly.removeIf(tid -> traces.values().stream().noneMatch(t -> t.traced(tid)));
            }
            if (!r.switchOutsOnly.isEmpty()) {
                timing = ends(r, ends);
            }
            for (int i = 0; i < r.n; i++) {
                double e = r.end[i];
                Agg a = r.aggOf.get(i);
                if (!r.switchOutsOnly.contains(r.tid[i])) {
                    a.open++; // its switch-in was not recorded, nor (by a syscall trace) its calls
                    continue;
                }
                a.byNextEvent = true;
                for (Ends x : ends) {
                    double t = x.trace.firstAfter(r.tid[i], r.start[i] + x.offset) - x.offset;
                    if (!Double.isNaN(t) && (Double.isNaN(e) || t < e)) {
                        e = t;
                    }
                }
                if (Double.isNaN(e)) {
                    a.open++;
                } else {
                    a.time(e - r.start[i]);
                }
            }
            stacks(r, timing).forEach(facts::add);
        }
    }

    /**
     * Which traces end the sleeps of a recording of switch-outs only, into {@code ends}, and the
     * sentence that says how its sleeps were timed.
     */
    private String ends(Recording r, List<Ends> ends) {
        List<String> by = new ArrayList<>();
        List<String> notAligned = new ArrayList<>();
        ThreadEvents reference = null;
        for (ThreadEvents t : traces.values()) {
            if (t.input.equals(r.input) || t.source.equals("strace") || !t.overlaps(r.first, r.last)) {
                continue;
            }
            ends.add(new Ends(t, 0));
            by.add(t.input + " (the same clock" + notKept(r, t) + ")");
            reference = reference == null ? t : reference;
        }
        for (ThreadEvents t : traces.values()) {
            if (!t.source.equals("strace")) {
                continue;
            }
            if (reference == null) {
                notAligned.add(t.input + " (time of day) cannot be put on " + r.input + "'s clock: no syscall trace on "
                        + "that clock to match its calls with");
                continue;
            }
            ClockAlignment.Offset o = ClockAlignment.of(t, reference);
            if (o.aligned()) {
                ends.add(new Ends(t, o.seconds()));
                by.add(t.input + " (time of day, put on that clock by " + Figures.count(o.matched()) + " of "
                        + Figures.count(o.compared()) + " calls matched in " + reference.input + notKept(r, t) + ")");
            } else {
                notAligned.add(t.input + " (time of day) could not be put on " + r.input + "'s clock: "
                        + Figures.count(o.matched()) + " of " + Figures.count(o.compared()) + " calls matched in "
                        + reference.input);
            }
        }
        StringBuilder s = new StringBuilder(r.input + " lacks these threads' switch-ins: each sleep lasts until "
                + "the thread's next event: its next switch-out or other sample there");
        if (!by.isEmpty()) {
            s.append(", the end of its next call in ").append(String.join(" or ", by));
        }
        s.append(", whichever comes first; a sleep nothing ends is counted open, not timed");
        if (!notAligned.isEmpty()) {
            s.append(". ").append(String.join("; ", notAligned)).append(": its calls end no sleep");
        }
        return s.toString();
    }

    /** Which of the recording's threads lost call ends to the bound on a trace read before it. */
    private static String notKept(Recording r, ThreadEvents t) {
        List<Integer> lost = r.switchOutsOnly.stream().filter(t.notKept::contains).sorted().toList();
        return lost.isEmpty() ? "" : "; read before the recording, past its first " + Figures.count(KEPT_BEFORE_RECORDINGS)
                + " calls those of thread " + String.join(", ", lost.stream().map(String::valueOf).toList())
                + " were not kept and end no sleep";
    }

    /** One record per (process, stack), most time first; {@code pct} is the share of that process's sleep. */
    private static List<SleepStack> stacks(Recording r, String timing) {
        Map<Integer, Double> perPid = new HashMap<>();
        for (Agg a : r.order) {
            perPid.merge(a.pid, a.total, Double::sum);
        }
        List<Agg> sorted = new ArrayList<>(r.order);
        // most time first, then the stack whose first switch-out came first
        sorted.sort(Comparator.comparingDouble((Agg a) -> a.timed == 0 ? -1 : a.total).reversed()
                .thenComparingLong(a -> a.line));
        List<SleepStack> out = new ArrayList<>();
        for (Agg a : sorted) {
            double all = perPid.get(a.pid);
            boolean timed = a.timed > 0;
            out.add(new SleepStack(r.source, r.input, a.line, a.text, a.pid, a.comm, a.frames, a.count,
                    timed ? a.total : null, timed ? a.total / a.timed : null, timed ? a.max : null,
                    all > 0 ? 100.0 * a.total / all : null, a.open > 0 ? a.open : null, a.byNextEvent ? timing : null));
        }
        return out;
    }
}
