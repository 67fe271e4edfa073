package dev.ioverdict.pipeline;

import dev.ioverdict.model.AppliedWindow;
import dev.ioverdict.model.TimeWindow;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.model.perf.PerfEvent;
import dev.ioverdict.model.syscall.SyscallCall;
import java.util.function.Predicate;

/**
 * The time window over one input's records, before any analysis sees them: so every figure,
 * chart and rule of the report is of the window. A record's time is measured from the first
 * timed record of its own input; records that carry no time (configuration, summaries, iostat
 * without -t) are kept and counted.
 */
final class WindowFilter implements Predicate<Object> {
    private final TimeWindow window;
    private final String path;
    private double origin = Double.NaN;
    private long kept;
    private long dropped;
    private long untimed;
    private double last = Double.NaN;

    WindowFilter(TimeWindow window, String path) {
        this.window = window;
        this.path = path;
    }

    @Override
    public boolean test(Object fact) {
        Double t = timeOf(fact);
        if (t == null) {
            untimed++;
            return true;
        }
        if (Double.isNaN(origin)) {
            origin = t;
        }
        if (Double.isNaN(last) || t - origin > last) {
            last = t - origin;
        }
        if (window.admits(t - origin)) {
            kept++;
            return true;
        }
        dropped++;
        return false;
    }

    static Double timeOf(Object fact) {
        return switch (fact) {
            case BlockEvent e -> e.timeNs() / 1e9;
            case PerfEvent e -> e.timeSeconds();
            case SyscallCall c -> c.start();
            case IostatSample s -> s.time();
            default -> null;
        };
    }

    AppliedWindow.Input summary(String format) {
        return new AppliedWindow.Input(path, format, clock(format), Double.isNaN(origin) ? null : origin, kept, dropped,
                untimed, Double.isNaN(last) ? null : last);
    }

    /** Which clock an input's times are on, and what the window assumes of its time zone. */
    static String clock(String format) {
        return switch (format) {
            case "blkparse" -> "seconds since the trace started (blktrace's clock); no time zone involved";
            case "perf-script" -> "seconds of the kernel's monotonic clock as perf prints it; no time zone involved";
            case "strace" -> "wall-clock time of day as strace -tt prints it, local time of the traced host (zone unknown, "
                    + "only differences are used)";
            case "linuxki" -> "seconds since the kitrace started";
            case "iostat" -> "the report timestamps as iostat -t printed them, local time of the host (zone unknown, "
                    + "only differences are used); reports without a timestamp are kept whole";
            default -> "no per-record time: kept whole";
        };
    }
}
