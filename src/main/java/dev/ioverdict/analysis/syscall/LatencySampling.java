package dev.ioverdict.analysis.syscall;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Capped;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.syscall.LatencySamples;
import dev.ioverdict.model.syscall.SyscallCall;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Keeps I/O syscall latencies for significance tests in bounded memory: a reservoir per (source,
 * command, syscall) and per (source, all processes, syscall) (Vitter's algorithm R, seeded per
 * key, so the same trace always keeps the same samples). Waits for time or events (nanosleep,
 * poll, futex ...) are the application idling, not its I/O, and are left out.
 */
public final class LatencySampling implements Analysis {
    public static final int RESERVOIR = 10_000;
    static final long SEED = 0x104E2D1C7L;
    public static final List<String> IO_CALLS = List.of("io_submit", "io_getevents", "io_pgetevents",
            "io_uring_enter", "read", "write", "pread64", "pwrite64", "readv", "writev", "preadv", "pwritev",
            "preadv2", "pwritev2", "fsync", "fdatasync", "sync_file_range", "msync", "kaio");

    private static final java.util.Set<String> IO_CALL_SET = java.util.Set.copyOf(IO_CALLS);

    /**
     * The reservoirs by command, or by pid when it has none; at most {@link #GROUPS} of them with the
     * most time are kept (a full one holds 80 KB; an input of a million pids keeps a few hundred).
     */
    static final int GROUPS = 500;
    private final Capped<Group, Reservoir> byGroup = new Capped<>(GROUPS, r -> r.sum);
    private long compactions;

    private record Group(String source, String comm, int pid, String call) {
        @Override
        public int hashCode() {
            return ((Objects.hashCode(source) * 31 + Objects.hashCode(comm)) * 31 + pid) * 31 + Objects.hashCode(call);
        }
    }

    private static final class Reservoir {
        final String source;
        final String process;
        final String call;
        double[] kept = new double[8];
        final SplittableRandom random;
        long seen;
        double sum;

        final String key;

        Reservoir(String source, String process, String call, String key) {
            this.key = key;
            this.source = source;
            this.process = process;
            this.call = call;
            random = new SplittableRandom(SEED ^ key.hashCode());
        }

        void add(double v) {
            sum += v;
            if (seen < RESERVOIR) {
                if (seen == kept.length) {
                    kept = Arrays.copyOf(kept, Math.min(RESERVOIR, kept.length * 2));
                }
                kept[(int) seen] = v;
            } else {
                long r = random.nextLong(seen + 1);
                if (r < RESERVOIR) {
                    kept[(int) r] = v;
                }
            }
            seen++;
        }
    }

    @Override
    public void attach(Facts facts) {
        facts.stream(SyscallCall.class, this::add);
    }

    /** A (source, command, pid, call) seen lately and the two reservoirs its calls go to (none for a call that is no I/O). */
    private record Recent(String source, String comm, int pid, String call, Reservoir own, Reservoir all) {
        boolean of(SyscallCall c) {
            return pid == c.pid() && call.equals(c.name()) && Objects.equals(comm, c.comm()) && Objects.equals(source, c.source());
        }
    }

    /** Each call finds its reservoirs here without a set or map lookup: a trace repeats a few processes and calls. */
    private final Recent[] recent = new Recent[256];

    private void add(SyscallCall c) {
        if (c.duration() == null) {
            return;
        }
        int slot = (c.pid() * 31 + c.name().hashCode()) & (recent.length - 1);
        Recent r = recent[slot];
        if (r == null || !r.of(c)) {
            r = recent(c);
            recent[slot] = r;
        }
        if (r.own != null) {
            double d = c.duration();
            r.own.add(d);
            r.all.add(d);
        }
    }

    private Recent recent(SyscallCall c) {
        if (!IO_CALL_SET.contains(c.name())) {
            return new Recent(c.source(), c.comm(), c.pid(), c.name(), null, null);
        }
        boolean named = c.comm() != null && !c.comm().isBlank();
        Reservoir own = reservoir(new Group(c.source(), named ? c.comm() : null, named ? 0 : c.pid(), c.name()));
        Reservoir all = reservoir(new Group(c.source(), LatencySamples.ALL_PROCESSES, 0, c.name()));
        return new Recent(c.source(), c.comm(), c.pid(), c.name(), own, all);
    }

    private Reservoir reservoir(Group g) {
        Reservoir r = byGroup.computeIfAbsent(g, k -> {
            String process = k.comm() != null ? k.comm() : "pid " + k.pid();
            return new Reservoir(k.source(), process, k.call(), k.source() + "|" + process + "|" + k.call());
        });
        if (byGroup.compactions() != compactions) {
            // the cached reservoirs may be dropped ones
            compactions = byGroup.compactions();
            Arrays.fill(recent, null);
        }
        return r;
    }

    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(LatencySamples.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        if (byGroup.isEmpty()) {
            return;
        }
        byGroup.trim();
        Map<String, Reservoir> reservoirs = new TreeMap<>();
        byGroup.kept().values().forEach(r -> reservoirs.put(r.key, r));
        List<LatencySamples.Group> groups = new ArrayList<>();
        for (Reservoir r : reservoirs.values()) {
            groups.add(new LatencySamples.Group(r.source, r.process, r.call, r.seen, r.sum / r.seen,
                    Arrays.copyOf(r.kept, (int) Math.min(r.seen, RESERVOIR)), r.seen <= RESERVOIR));
        }
        results.put(LatencySamples.class, new LatencySamples(RESERVOIR, groups));
    }
}
