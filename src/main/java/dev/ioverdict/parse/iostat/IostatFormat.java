package dev.ioverdict.parse.iostat;

import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.LineSink;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Regressions;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.parse.text.Excerpt;
import dev.ioverdict.parse.text.Interner;
import dev.ioverdict.parse.text.Tokens;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code iostat -x} of sysstat (every layout since 9.x, with or without {@code -t}) and of
 * Solaris/illumos ({@code -x}, {@code -xn}, {@code -tc}, {@code -T d|u}). Each report is a stamp,
 * optional CPU lines, a column header and one row per device; rows are read through the layout of
 * the header above them. The first report of a run (the file's start or a new Linux banner) is
 * iostat's average since boot and is marked so ({@code iostat -y} omits it, which the output does
 * not show: its first interval report is marked too).
 */
public final class IostatFormat extends TextFormat {
    public IostatFormat() {
        super("iostat", InputClock.IOSTAT, "`iostat -x` (sysstat old and new layouts, Solaris / illumos)",
                IostatFormat::recognition);
    }

    private static Recognition recognition(Sample sample) {
        boolean banner = false;
        boolean solarisTitle = false;
        IostatLayout layout = null;
        int rows = 0;
        for (String line : sample.lines()) {
            if (line.isBlank()) {
                continue;
            }
            banner |= isBanner(line);
            solarisTitle |= isSolarisTitle(line);
            List<String> tokens = Tokens.split(line);
            IostatLayout l = IostatLayout.of(line, tokens);
            if (l != null) {
                layout = layout == null ? l : layout;
            } else if (layout != null && layout.fits(tokens.size()) && numericRow(layout, tokens)) {
                rows++;
            }
        }
        if (layout == null) {
            return Recognition.NO;
        }
        String what = "iostat -x column header (" + layout.columns().dialect().id() + ")";
        if ((banner && layout.columns().dialect() != IostatDialect.SOLARIS) || (solarisTitle && rows > 0)) {
            return Recognition.certain(what
                    + (banner ? " after a sysstat banner" : " under 'extended device statistics'"));
        }
        return rows > 0 ? Recognition.likely(what + " with " + rows + " device rows") : Recognition.possible(what);
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        in.feed(new Reader(ctx));
    }

    /** The per-file state machine: where we are in a report and what the next header belongs to. */
    private static final class Reader implements LineSink {
        private final ParseContext ctx;
        private final IostatClock clock = new IostatClock();
        private final Map<String, IostatLayout> layouts = new HashMap<>();
        private final Tokens spans = new Tokens();
        /** Device names, one String each, not one per row. */
        private final Interner devices = new Interner(8);
        private IostatLayout layout;
        private long headerLine;
        private boolean inRows;
        private boolean cpuValuesNext;
        private int report;
        private boolean sinceBoot;
        private final List<Run> runs = new ArrayList<>();
        private Run run;
        private long bannerLine = -1;
        private String bannerDate;
        private double pendingTime = Double.NaN;
        private String pendingTimeText;
        private double time = Double.NaN;
        private String timeText;
        private boolean pretty;
        private boolean interleaved;
        private final Regressions backwards = new Regressions("time runs backwards within one iostat run",
                "the reports are kept with the time they carry (the clock was set back, or a run's output was "
                        + "reordered)");

        Reader(ParseContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public void line(String line, long n) {
            if (inRows && row(n, line)) {
                return;
            }
            // a header seen before, or the values under avg-cpu: every report repeats them, read without a String per field
            IostatLayout known = layouts.get(line);
            if (known != null) {
                pretty = false;
                header(n, known);
                return;
            }
            if (cpuValuesNext && !pretty && cpuValuesInPlace(line)) {
                cpuValuesNext = false;
                return;
            }
            List<String> tokens = Tokens.split(line);
            if (inRows && layout.fits(tokens.size()) && row(n, line, tokens)) {
                return;
            }
            if (skipPretty(n, line, tokens)) {
                return;
            }
            if (!structural(n, line, tokens)) {
                if (inRows) {
                    badRow(n, line, tokens);
                } else {
                    ctx.skip(n, "not iostat output: " + Excerpt.of(line));
                }
            }
        }

        @Override
        public void blank(long n) {
            inRows = false;
            cpuValuesNext = false;
        }

        @Override
        public void end() {
            backwards.report(ctx);
        }

        /**
         * Skips sysstat's --pretty tables up to the next banner or ordinary header, with one warning
         * that says why: their rows name the device last and carry unit suffixes.
         */
        private boolean skipPretty(long n, String line, List<String> tokens) {
            if (IostatLayout.isPretty(tokens)) {
                if (!pretty) {
                    ctx.skip(n, "iostat --pretty / -h layout (one table per request type, device last, values like "
                            + "'1.5M') is not read: record with 'iostat -x -t 1' without -h");
                }
                pretty = true;
                inRows = false;
                return true;
            }
            if (pretty && !isBanner(line) && IostatLayout.of(line, tokens) == null) {
                return true;
            }
            pretty = false;
            return false;
        }

        /** Banner, CPU lines, report titles, stamps and headers; false when the line is none of them. */
        private boolean structural(long n, String line, List<String> tokens) {
            String first = tokens.get(0);
            if (isBanner(line)) {
                inRows = false;
                bannerLine = n;
                bannerDate = bannerDate(line);
                return true;
            }
            if (first.equals("avg-cpu:") || isCpuHeader(tokens)) {
                inRows = false;
                cpuValuesNext = true;
                return true;
            }
            if (cpuValuesNext && cpuValues(tokens)) {
                cpuValuesNext = false;
                return true;
            }
            if (isSolarisTitle(line) || isCommandEcho(tokens) || isStateChange(line)) {
                inRows = false;
                return true;
            }
            IostatLayout l = layouts.get(line);
            if (l == null) {
                l = IostatLayout.of(line, tokens);
                if (l != null) {
                    layouts.put(line, l);
                }
            }
            if (l != null) {
                header(n, l);
                return true;
            }
            double t = clock.stamp(line);
            if (!Double.isNaN(t)) {
                inRows = false;
                pendingTime = t;
                pendingTimeText = line.strip();
                return true;
            }
            return false;
        }

        private void header(long n, IostatLayout l) {
            layout = l;
            headerLine = n;
            inRows = true;
            cpuValuesNext = false;
            report++;
            time = pendingTime;
            timeText = pendingTimeText;
            pendingTime = Double.NaN;
            pendingTimeText = null;
            sinceBoot = bannerLine >= 0 || runs.isEmpty();
            run = sinceBoot ? runOfBanner() : runOfStamp(n);
            bannerLine = -1;
            if (!Double.isNaN(time)) {
                run.lastTime = time;
                run.lastTimeLine = n;
                ctx.time(time);
            }
            run.lastReport = report;
        }

        /** Each banner starts a run; the analysis joins runs that follow one another in time. */
        private Run runOfBanner() {
            Run r = newRun();
            r.date = bannerDate;
            return r;
        }

        /** The run whose last stamp is the closest before this one: interleaved runs each move forward. */
        private Run runOfStamp(long n) {
            if (Double.isNaN(time) || runs.size() == 1) {
                return checkedForward(run, n);
            }
            Run best = null;
            for (Run r : runs) {
                if (Double.isNaN(r.lastTime) || r.lastTime > time) {
                    continue;
                }
                if (best == null || continuesBetter(r, best)) {
                    best = r;
                }
            }
            if (best == null) {
                return checkedForward(run, n);
            }
            if (best != run && best.lastReport < run.lastReport && !interleaved) {
                interleaved = true;
                ctx.warn(n, "iostat runs written into this file at the same time: this report, stamped " + timeText
                        + ", continues the run whose last report is at line " + best.lastTimeLine + ", not the one "
                        + "at line " + run.lastTimeLine + "; the reports are told apart by their stamps and kept as "
                        + "separate runs");
            }
            return best;
        }

        /**
         * Whether this report continues run {@code a} rather than {@code b}, both stamped no later.
         * Two iostat processes started together and appending to one file print the same stamps
         * (whole seconds) report by report. A run never prints two reports with one stamp (its
         * interval is a whole second or more), so a run whose last report carries this very stamp
         * is the other one's; then the run whose last stamp is the latest. Between runs at the same
         * stamp: once runs were seen taking turns, the one written longest ago (its turn); before,
         * the one written last (a run started in the second the one before it ended).
         */
        private boolean continuesBetter(Run a, Run b) {
            boolean aBefore = a.lastTime < time;
            boolean bBefore = b.lastTime < time;
            if (aBefore != bBefore) {
                return aBefore;
            }
            if (a.lastTime != b.lastTime) {
                return a.lastTime > b.lastTime;
            }
            return interleaved ? a.lastReport < b.lastReport : a.lastReport > b.lastReport;
        }

        private Run checkedForward(Run r, long n) {
            if (!Double.isNaN(time) && !Double.isNaN(r.lastTime) && time < r.lastTime) {
                backwards.at(n, "stamped " + timeText + ", before the report at line " + r.lastTimeLine);
            }
            return r;
        }

        private Run newRun() {
            Run r = new Run(runs.size() + 1);
            runs.add(r);
            return r;
        }

        /**
         * Emits a device row read in place, without a String per field (most lines of a long
         * capture are rows); false when the line does not read as one, for the slower path to judge.
         */
        private boolean row(long n, String line) {
            spans.of(line);
            if (!layout.fits(spans.count())) {
                return false;
            }
            int count = layout.metricCount();
            double[] values = new double[count];
            for (int i = 0; i < count; i++) {
                int t = layout.tokenOf(i);
                double v = SysstatNumbers.number(line, spans.start(t), spans.end(t));
                if (Double.isNaN(v)) {
                    return false;
                }
                values[i] = v;
            }
            int d = layout.deviceIndex();
            emit(n, line, devices.of(line, spans.start(d), spans.end(d)), values);
            return true;
        }

        /** {@link #cpuValues} of a line's fields in place. */
        private boolean cpuValuesInPlace(String line) {
            spans.of(line);
            for (int t = 0; t < spans.count(); t++) {
                int end = spans.end(t);
                if (line.charAt(end - 1) == '%') {
                    end--;
                }
                if (Double.isNaN(SysstatNumbers.number(line, spans.start(t), end))) {
                    return false;
                }
            }
            return spans.count() > 0;
        }

        /** Emits a device row; false when a value is not a number (the caller reports it). */
        private boolean row(long n, String line, List<String> tokens) {
            int count = layout.metricCount();
            double[] values = new double[count];
            for (int i = 0; i < count; i++) {
                double v = SysstatNumbers.number(tokens.get(layout.tokenOf(i)));
                if (Double.isNaN(v)) {
                    return false;
                }
                values[i] = v;
            }
            emit(n, line, tokens.get(layout.deviceIndex()), values);
            return true;
        }

        private void emit(long n, String line, String device, double[] values) {
            ctx.emit(new IostatSample(ctx.input(), n, line, headerLine, layout.columns(), device, report, sinceBoot,
                    Double.isNaN(time) ? null : time, timeText, run.date, run.number, values));
            ctx.record();
        }

        private void badRow(long n, String line, List<String> tokens) {
            if (!layout.fits(tokens.size())) {
                ctx.skip(n, "device row with " + tokens.size() + " fields where the header at line " + headerLine
                        + " has " + layout.headerTokens() + " (truncated?): " + Excerpt.of(line));
                return;
            }
            for (int i = 0; i < layout.metricCount(); i++) {
                String t = tokens.get(layout.tokenOf(i));
                if (!SysstatNumbers.isNumber(t)) {
                    ctx.skip(n, "value '" + t + "' in column " + layout.columns().names().get(i)
                            + " is not a number: " + Excerpt.of(line));
                    return;
                }
            }
        }

        private String bannerDate(String line) {
            int close = line.indexOf(')');
            for (String t : Tokens.split(close < 0 ? line : line.substring(close + 1))) {
                String d = clock.banner(t);
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
    }

    /** One iostat run of the file (a banner and the reports that continue it): its last stamp and report. */
    private static final class Run {
        final int number;
        String date;
        double lastTime = Double.NaN;
        long lastTimeLine;
        int lastReport;

        Run(int number) {
            this.number = number;
        }
    }

    /** The values under avg-cpu or Solaris' cpu header; -h prints them with a % sign. */
    private static boolean cpuValues(List<String> tokens) {
        for (String t : tokens) {
            if (!SysstatNumbers.isNumber(t.endsWith("%") ? t.substring(0, t.length() - 1) : t)) {
                return false;
            }
        }
        return true;
    }

    private static boolean numericRow(IostatLayout layout, List<String> tokens) {
        for (int i = 0; i < layout.metricCount(); i++) {
            if (!SysstatNumbers.isNumber(tokens.get(layout.tokenOf(i)))) {
                return false;
            }
        }
        return true;
    }

    /** sysstat's first line: {@code Linux 6.1.0 (host) \t11/21/26 \t_x86_64_\t(2 CPU)}. */
    static boolean isBanner(String line) {
        return line.startsWith("Linux ") && line.indexOf('(') > 0 && line.indexOf(')') > line.indexOf('(');
    }

    /** The command itself, as a terminal capture shows it: {@code root@db1 # iostat -x 5}. */
    private static boolean isCommandEcho(List<String> tokens) {
        for (int i = 0; i < tokens.size() - 1; i++) {
            String t = tokens.get(i);
            if ((t.equals("iostat") || t.endsWith("/iostat")) && tokens.get(i + 1).startsWith("-")) {
                return true;
            }
        }
        return false;
    }

    /** Solaris' notes between reports: {@code <<State change>>}, {@code <<device added: sd0>>}. */
    private static boolean isStateChange(String line) {
        String s = line.strip();
        return s.startsWith("<<") && s.endsWith(">>");
    }

    static boolean isSolarisTitle(String line) {
        return line.contains("extended device statistics") || line.contains("extended disk statistics");
    }

    /** Solaris' {@code cpu}, {@code tty cpu} titles and {@code us sy wt id} / {@code tin tout ...} headers. */
    private static boolean isCpuHeader(List<String> tokens) {
        for (String t : tokens) {
            switch (t) {
                case "cpu", "tty", "tin", "tout", "us", "sy", "wt", "dt", "id" -> { }
                default -> {
                    return false;
                }
            }
        }
        return true;
    }
}
