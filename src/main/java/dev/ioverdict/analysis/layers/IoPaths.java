package dev.ioverdict.analysis.layers;

import dev.ioverdict.analysis.syscall.SlowestWaits;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.block.BlockIo;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.layers.IoPath;
import dev.ioverdict.model.syscall.SyscallCall;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Ties the application's longest waits to the traced I/O each waited for. When the syscall and
 * block traces share a clock (perf recorded both, or their time ranges overlap), the I/O is the
 * one of the same process that completed inside the wait: for io_getevents the completion nearest
 * the call's return, which woke it; for a synchronous call the slowest it issued. When the clocks
 * differ (strace's time of day against blkparse's seconds since the trace began), the process and
 * the transfer size are all that can tie them, and the report says so.
 */
final class IoPaths {
    /** Completion events and syscall exits of one clock are recorded microseconds apart. */
    private static final double SLACK = 0.001;
    /** Shorter calls did not wait for a device: nothing to follow down. */
    private static final double MIN_WAIT = 0.001;
    /** Waits followed down in the report. */
    private static final int KEEP = 10;
    private static final Set<String> REAPERS = Set.of("io_getevents", "io_pgetevents");

    record Result(List<IoPath> paths, String note) {
    }

    private IoPaths() {
    }

    static Optional<Result> of(SlowestWaits waits, BlockTrace trace) {
        if (waits == null || trace == null) {
            return Optional.empty();
        }
        List<BlockIo> ios = Stream.concat(trace.slowest().stream(), trace.slowestByProcess().stream()).distinct().toList();
        if (ios.isEmpty()) {
            return Optional.empty();
        }
        double first = ios.stream().mapToDouble(BlockIo::queuedAt).min().orElse(0);
        double last = ios.stream().mapToDouble(IoPaths::completedAt).max().orElse(0);
        // a trace on the block trace's clock ties waits exactly; the others then only repeat them less exactly
        List<SlowestWaits.Trace> shared = waits.traces().stream()
                .filter(t -> first <= t.lastTime() && t.firstTime() <= last).toList();
        boolean oneClock = !shared.isEmpty();
        List<SyscallCall> calls = (oneClock ? shared : waits.traces()).stream().flatMap(t -> t.calls().stream())
                .filter(c -> c.duration() >= MIN_WAIT)
                .sorted(Comparator.comparingDouble(SyscallCall::duration).reversed()).limit(KEEP).toList();
        List<IoPath> paths = new ArrayList<>();
        for (SyscallCall c : calls) {
            Evidence call = new Evidence(c.input(), c.line(), c.text());
            Optional<BlockIo> io = oneClock ? completedInside(c, ios) : sameProcessAndSize(c, ios);
            String match = io.isEmpty() ? (oneClock ? "no traced I/O of pid " + c.pid() + " completed during this wait "
                    + "among the slowest kept per process" : "no traced I/O of pid " + c.pid() + " of the size it moved")
                    : oneClock ? (REAPERS.contains(c.name()) ? "the I/O of pid " + c.pid() + " whose completion ended "
                    + "this wait (one clock)" : "the slowest I/O pid " + c.pid() + " issued during this call (one clock)")
                    : "same process and size (" + Figures.bytes(io.get().sectors() * 512.0) + "); the traces' clocks "
                    + "differ, so it is that process's slowest traced I/O of this size, not proven to be this one";
            paths.add(new IoPath(c.name(), c.pid(), c.comm(), c.duration(), call, io.orElse(null), match,
                    io.isPresent() && oneClock));
        }
        String note = oneClock ? "The syscall trace" + (shared.size() > 1 ? "s " : " ") + String.join(", ",
                shared.stream().map(SlowestWaits.Trace::input).toList()) + " and the block trace share one clock: each "
                + "wait is tied to the I/O of the same process that completed inside it."
                : "The syscall and block traces run on different clocks (their time ranges do not overlap): waits are "
                + "tied to I/Os by process and size only. Recording both with perf (syscall and block tracepoints in "
                + "one perf record) ties them exactly.";
        return paths.isEmpty() ? Optional.empty() : Optional.of(new Result(paths, note));
    }

    private static Optional<BlockIo> completedInside(SyscallCall c, List<BlockIo> ios) {
        double start = c.start();
        double end = start + c.duration();
        List<BlockIo> inside = ios.stream().filter(io -> io.pid() == c.pid() || io.pid() == c.tid())
                .filter(io -> completedAt(io) >= start - SLACK && completedAt(io) <= end + SLACK)
                .toList();
        if (REAPERS.contains(c.name())) {
            return inside.stream().min(Comparator.comparingDouble(io -> Math.abs(end - completedAt(io))));
        }
        return inside.stream().filter(io -> io.queuedAt() >= start - SLACK)
                .max(Comparator.comparingDouble(IoPaths::latency));
    }

    private static Optional<BlockIo> sameProcessAndSize(SyscallCall c, List<BlockIo> ios) {
        Set<Long> sizes = Stream.concat(c.eventRes().stream(), c.io().stream().map(r -> r.nbytes()))
                .filter(n -> n != null && n > 0).collect(Collectors.toSet());
        return ios.stream().filter(io -> io.pid() == c.pid() || io.pid() == c.tid())
                .filter(io -> sizes.isEmpty() || sizes.contains(io.sectors() * 512L))
                .max(Comparator.comparingDouble(IoPaths::latency));
    }

    /** End to end as traced: Q2C where the I/O was queued in the trace, else remap or issue to completion. */
    private static double latency(BlockIo io) {
        Double q2c = io.phases().get(Phase.Q2C);
        if (q2c != null) {
            return q2c;
        }
        return io.phases().getOrDefault(Phase.A2D, 0.0) + io.phases().getOrDefault(Phase.D2C, 0.0);
    }

    private static double completedAt(BlockIo io) {
        return io.queuedAt() + latency(io);
    }
}
