package dev.ioverdict.pipeline;

import dev.ioverdict.model.AppliedWindow;
import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.TimeWindow;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.bpf.BioIo;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.model.perf.PerfEvent;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.parse.InputFormats;
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
            case BioIo io -> io.time();
            default -> null;
        };
    }

    AppliedWindow.Input summary(String format) {
        return new AppliedWindow.Input(path, format, clock(format), Double.isNaN(origin) ? null : origin, kept, dropped,
                untimed, Double.isNaN(last) ? null : last);
    }

    /** Which clock the input's times are on (as its format declares) and what is known of their time zone. */
    private String clock(String format) {
        if (Double.isNaN(origin)) {
            return "no per-record time: kept whole";
        }
        InputClock.Reading r = InputFormats.clockOf(format).reading(InputClock.stamps(origin));
        return r.counts() + "; time zone: " + r.zone();
    }
}
