package dev.ioverdict.parse.iostat;

import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.iostat.IostatColumns;
import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineSink;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Regressions;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.SinkFormat;
import dev.ioverdict.parse.text.Excerpt;
import dev.ioverdict.parse.text.Numbers;
import dev.ioverdict.parse.text.Tokens;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /proc/diskstats} snapshots: {@code major minor name} and 11 counters (2.6.25+), 15 (4.18+,
 * discards), 17 (5.5+, flushes), or the 4 of a partition on 2.6.0-2.6.24; lxcfs, which a container
 * reads instead, prints 14 from its cgroup's blkio figures with the major unpadded
 * ({@code 8       0 sda 18 0 1808 ...}), and only the first 11 mean what the kernel's do. A snapshot ends where a
 * device repeats; a line between snapshots holding a time ({@code date}, {@code date +%s}, ISO)
 * dates the next one. Two dated snapshots give what iostat -x computes from the same counters
 * (Documentation/admin-guide/iostats.rst): r/s, rkB/s, rrqm/s, r_await, the same for writes,
 * aqu-sz (weighted ms / interval) and %util (ms doing I/O / interval), emitted as
 * {@link IostatSample}s of the later snapshot so the iostat series and rules apply. Undated
 * snapshots are counted as records with a warning: counters since boot give no rate.
 */
public final class DiskstatsFormat extends SinkFormat {
    private static final List<String> DERIVED = List.of("r/s", "rkB/s", "rrqm/s", "r_await", "w/s", "wkB/s", "wrqm/s",
            "w_await", "aqu-sz", "%util");

    public DiskstatsFormat() {
        super("diskstats", InputClock.UNSTATED,
                "`/proc/diskstats` (11, 15, 17 and 4 counters; lxcfs's 14 in containers): two dated snapshots give iostat -x figures",
                Recogniser.of(
                        Signature.certain("{0} 'major minor name counters...' lines of /proc/diskstats",
                                Clue.lines(l -> counters(Tokens.split(l)) > 0).atLeast(2).share(50))),
                Reader::new);
    }

    /** Number of counters of a diskstats line (4, 11, 14, 15, 17), or 0 when it is not one. */
    static int counters(List<String> t) {
        int c = t.size() - 3;
        if (c != 4 && c != 11 && c != 14 && c != 15 && c != 17) {
            return 0;
        }
        if (!Numbers.isDigits(t.get(0)) || !Numbers.isDigits(t.get(1)) || Numbers.isDigits(t.get(2))) {
            return 0;
        }
        for (int i = 3; i < t.size(); i++) {
            if (!Numbers.isDigits(t.get(i))) {
                return 0;
            }
        }
        return c;
    }

    private static final class Reader implements LineSink {
        private record Snap(double[] c, double time) {
        }

        private final ParseContext ctx;
        private final IostatClock clock = new IostatClock();
        private final Map<String, Snap> previous = new HashMap<>();
        private final Map<String, Snap> current = new HashMap<>();
        private double pendingTime = Double.NaN;
        private String pendingText;
        private long pendingLine;
        private double time = Double.NaN;
        private IostatColumns columns;
        private long headerLine;
        private int snapshot;
        private boolean undatedWarned;
        private final Regressions decreasing = new Regressions("a device's counter decreased between two snapshots",
                "that interval gives no rates and its row is dropped (a reboot between the snapshots, or a 32-bit "
                        + "counter of an old kernel that wrapped)");
        private final Regressions backwards = new Regressions("time runs backwards between two snapshots",
                "that interval gives no rates and its rows are dropped (two captures glued together, or the clock "
                        + "was set back)");

        Reader(ParseContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public void line(String line, long n) {
            List<String> t = Tokens.split(line);
            int c = counters(t);
            if (c == 0) {
                double s = clock.stamp(line);
                if (!Double.isNaN(s)) {
                    pendingTime = s;
                    pendingText = line.strip();
                    pendingLine = n;
                } else if (!line.contains("diskstats")) {
                    ctx.skip(n, "not a /proc/diskstats line: " + Excerpt.of(line));
                }
                return;
            }
            String dev = t.get(2);
            if (snapshot == 0 || current.containsKey(dev) || !Double.isNaN(pendingTime)) {
                startSnapshot(n, line);
            }
            ctx.record();
            double[] v = new double[c];
            for (int i = 0; i < c; i++) {
                v[i] = SysstatNumbers.number(t.get(3 + i));
            }
            Snap now = new Snap(v, time);
            current.put(dev, now);
            Snap before = previous.get(dev);
            if (c >= 11 && before != null && before.c().length == c) {
                derive(n, line, dev, before, now);
            }
        }

        @Override
        public void end() {
            decreasing.report(ctx);
            backwards.report(ctx);
        }

        private void startSnapshot(long n, String line) {
            if (snapshot > 0) {
                previous.clear();
                previous.putAll(current);
                current.clear();
            }
            snapshot++;
            time = pendingTime;
            if (!Double.isNaN(time)) {
                ctx.time(time);
                columns = new IostatColumns(IostatDialect.SYSSTAT_NEW, pendingText, DERIVED);
                headerLine = pendingLine;
            } else if (snapshot > 1 && !undatedWarned) {
                undatedWarned = true;
                // nothing is damaged, the capture just lacks the interval: a note, not a warning
                ctx.note("snapshot " + snapshot + " of /proc/diskstats (line " + n + ") has no time before it (add "
                        + "'date +%s' between snapshots): counters without the interval give no rates");
            }
            pendingTime = Double.NaN;
        }

        /** iostat's formulas over two snapshots of one device; counters are per kernel docs' field order. */
        private void derive(long n, String line, String dev, Snap a, Snap b) {
            double dt = b.time() - a.time();
            if (Double.isNaN(dt) || dt <= 0) {
                if (dt < 0) {
                    backwards.at(n, dev + " at " + b.time() + " s after " + a.time() + " s");
                }
                return;
            }
            for (int i = 0; i < 11; i++) {
                // field 9 (I/Os in flight) is a level, the others count up from boot
                if (i != 8 && b.c()[i] < a.c()[i]) {
                    decreasing.at(n, dev + "'s field " + (i + 1) + " (kernel numbering) went from "
                            + (long) a.c()[i] + " to " + (long) b.c()[i]);
                    return;
                }
            }
            double reads = d(a, b, 0);
            double writes = d(a, b, 4);
            double[] v = {
                reads / dt, d(a, b, 2) / 2 / dt, d(a, b, 1) / dt, reads == 0 ? 0 : d(a, b, 3) / reads,
                writes / dt, d(a, b, 6) / 2 / dt, d(a, b, 5) / dt, writes == 0 ? 0 : d(a, b, 7) / writes,
                d(a, b, 10) / (dt * 1000), Math.min(100, d(a, b, 9) / (dt * 10))};
            ctx.emit(new IostatSample(ctx.input(), n, line, headerLine, columns, dev, snapshot, false, b.time(),
                    columns.header(), null, v));
        }

        /** Counter delta (never negative: an interval with a decreasing counter is dropped before). */
        private static double d(Snap a, Snap b, int i) {
            return b.c()[i] - a.c()[i];
        }
    }
}
