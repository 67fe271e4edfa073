package dev.ioverdict.parse.iostat;

import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.iostat.IostatColumns;
import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.model.iostat.IostatCpu;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.parse.SinkFormat;
import dev.ioverdict.parse.HeaderedRowHints;
import dev.ioverdict.parse.LineSink;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Regressions;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.parse.text.Excerpt;
import dev.ioverdict.parse.text.Interner;
import dev.ioverdict.parse.text.Tokens;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code iostat} of sysstat (every layout since 9.x: {@code -x} or the basic tps / kB_read/s report,
 * {@code -s}, {@code -p}, with or without {@code -t}; {@code --pretty} and {@code -h}, whose tables
 * name the device last and split one report into one table per request type, joined back here into
 * one row per device; the -h of 10.x-11.6, which prints the device name on a line of its own above
 * its values; -h's unit suffixes, {@code 1.5M}, {@code 10.3%}, read into the column's own unit)
 * and of Solaris/illumos ({@code -x}, {@code -xn}, {@code -tc}, {@code -T d|u}). Each report is a
 * stamp, optional CPU lines, a column header and one row per device; rows are read through the
 * layout of the header above them. The first report of a run (the file's start or a new Linux banner) is
 * iostat's average since boot and is marked so ({@code iostat -y} omits it, which the output does
 * not show: its first interval report is marked too).
 */
public final class IostatFormat extends SinkFormat {
    public IostatFormat() {
        this(true);
    }

    /**
     * {@code quickStamps}: whether a line of the shape of sysstat's {@code -t} stamp is read as one
     * without the tests for every other line first (it can be none of them); false reads it the
     * way any other line is read, for a test to compare the two.
     */
    IostatFormat(boolean quickStamps) {
        super("iostat", InputClock.IOSTAT, "`iostat` of sysstat (-x or basic, -s, -p, --pretty, -h with unit "
                + "suffixes, old and new layouts) and Solaris / illumos `iostat -x`",
                IostatFormat::recognition, ctx -> new Reader(ctx, quickStamps), RowHints::new);
    }

    /** A device row's values as {@link IostatLayout#plainValues} reads them under {@code layout}. */
    private record PlainRow(IostatLayout layout, double[] values, int deviceStart, int deviceEnd) {
    }

    /**
     * On the reading threads of a big file: each line read as a device row under the last column
     * header of its piece, or the last any thread met (what takes most of the reading); the state
     * machine takes it when its own layout is the same, and reads the line itself otherwise.
     */
    private static final class RowHints extends HeaderedRowHints<IostatLayout, int[]> {
        private final Map<String, IostatLayout> layouts = new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        protected int[] scratch() {
            return new int[2]; // the device column's start and end
        }

        @Override
        protected Object row(IostatLayout layout, String line, int[] device) {
            double[] plain = layout.plainValues(line, device);
            return plain == null ? null : new PlainRow(layout, plain, device[0], device[1]);
        }

        @Override
        protected IostatLayout header(String line) {
            if (!line.contains("evice") && !line.contains("disk")) { // every layout names its device column so
                return null;
            }
            IostatLayout met = layouts.get(line);
            if (met == null) {
                met = IostatLayout.of(line, Tokens.split(line));
                if (met != null && layouts.size() < 1024) {
                    layouts.put(line, met);
                }
            }
            return met;
        }
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
            if (isTracerHeader(tokens)) {
                // bcc's example files quote an iostat -x excerpt below their own output
                return Recognition.NO;
            }
            IostatLayout l = IostatLayout.of(line, tokens);
            if (l != null) {
                layout = layout == null ? l : layout;
            } else if (layout != null && (layout.fits(tokens.size()) && numericRow(layout, tokens)
                    || tokens.size() == layout.metricCount() && numericValues(layout, tokens))) {
                rows++;
            }
        }
        if (layout == null) {
            return Recognition.NO;
        }
        String what = (layout.extended() ? "iostat -x" : "iostat") + " column header ("
                + layout.columns().dialect().id() + ")";
        if ((banner && layout.columns().dialect() != IostatDialect.SOLARIS) || (solarisTitle && rows > 0)) {
            return Recognition.certain(what
                    + (banner ? " after a sysstat banner" : " under 'extended device statistics'"));
        }
        return rows > 0 ? Recognition.likely(what + " with " + rows + " device rows") : Recognition.possible(what);
    }

    /** The per-file state machine: where we are in a report and what the next header belongs to. */
    private static final class Reader implements LineSink {
        private final ParseContext ctx;
        private final IostatClock clock = new IostatClock();
        private final Map<String, IostatLayout> layouts = new HashMap<>();
        private final Tokens spans = new Tokens();
        /** Where a row's device field is, as {@link IostatLayout#plainValues} found it. */
        private final int[] device = new int[2];
        /** Device names, one String each, not one per row. */
        private final Interner devices = new Interner(8);
        private IostatLayout layout;
        private long headerLine;
        private boolean inRows;
        private boolean cpuValuesNext;
        private int report;
        private boolean sinceBoot;
        /** The last avg-cpu header, its number of values, and where %idle and %iowait are among them (-1: absent). */
        private String cpuHeader;
        private int cpuColumnCount = -1;
        private int idleColumn = -1;
        private int iowaitColumn = -1;
        private final List<Run> runs = new ArrayList<>();
        private Run run;
        private long bannerLine = -1;
        private String bannerDate;
        private double pendingTime = Double.NaN;
        private String pendingTimeText;
        private double time = Double.NaN;
        private String timeText;
        private boolean interleaved;
        /** The report of --pretty / -h tables being joined, null outside one. */
        private PrettyReport pretty;
        private final Map<List<String>, IostatColumns> joinedColumns = new HashMap<>();
        /** The device named alone on the line above its values (-h of sysstat 10.x to 11.6). */
        private String splitDevice;
        private long splitDeviceLine;
        private final Regressions backwards = new Regressions("time runs backwards within one iostat run",
                "the reports are kept with the time they carry (the clock was set back, or a run's output was "
                        + "reordered)");

        private final boolean quickStamps;
        /** The current line's row as a reading thread read it, or null. */
        private PlainRow hint;
        /** A hint's layout found the same as {@link #layout} (read the same): its layout, and ours then. */
        private IostatLayout hintLayout;
        private IostatLayout hintLayoutFor;

        Reader(ParseContext ctx, boolean quickStamps) {
            this.ctx = ctx;
            this.quickStamps = quickStamps;
        }

        @Override
        public void line(String line, long n, Object made) {
            hint = made instanceof PlainRow p ? p : null;
            line(line, n);
            hint = null;
        }

        @Override
        public void line(String line, long n) {
            if (inRows && splitDevice != null && values(n, line)) {
                return;
            }
            dropSplitDevice();
            if (inRows && row(n, line)) {
                return;
            }
            if (!inRows && isAvgCpu(line)) {
                // what structural() does with it, without splitting a line every report repeats
                joinPretty();
                cpuValuesNext = true;
                cpuColumns(line);
                return;
            }
            if (quickStamps && !cpuValuesNext && IostatClock.isSlashed(line)) {
                // one line in eleven of iostat -x -t: none of the tests below but structural()'s last can take it
                if (!stamp(line)) {
                    notIostat(n, line, Tokens.split(line));
                }
                return;
            }
            // a header seen before, or the values under avg-cpu: every report repeats them, read without a String per field
            IostatLayout known = layouts.get(line);
            if (known != null) {
                header(n, known);
                return;
            }
            if (cpuValuesNext && cpuValuesInPlace(n, line)) {
                cpuValuesNext = false;
                return;
            }
            List<String> tokens = Tokens.split(line);
            if (inRows && layout.fits(tokens.size()) && row(n, line, tokens)) {
                return;
            }
            if (inRows && tokens.size() == 1 && !layout.deviceLast() && !SysstatNumbers.isNumber(tokens.get(0))
                    && !isBanner(line)) {
                splitDevice = tokens.get(0);
                splitDeviceLine = n;
                return;
            }
            if (!structural(n, line, tokens)) {
                notIostat(n, line, tokens);
            }
        }

        /** A line that is none of a report's lines: a damaged row within the rows, else not iostat's. */
        private void notIostat(long n, String line, List<String> tokens) {
            if (inRows) {
                badRow(n, line, tokens);
            } else {
                ctx.skip(n, "not iostat output: " + Excerpt.of(line));
            }
        }

        @Override
        public void blank(long n) {
            if (inRows && pretty != null && pretty.complete()) {
                joinPretty(); // a report's rows are held only until its last table ends
            }
            inRows = false;
            cpuValuesNext = false;
            dropSplitDevice();
        }

        /** A device name alone on its line whose values did not follow (a cut line, or not -h at all). */
        private void dropSplitDevice() {
            if (splitDevice != null) {
                ctx.skip(splitDeviceLine, "device row with 1 field where the header at line " + headerLine + " has "
                        + layout.headerTokens() + ", and no values on the next line (truncated?): " + Excerpt.of(splitDevice));
                splitDevice = null;
            }
        }

        @Override
        public void end() {
            dropSplitDevice();
            joinPretty();
            backwards.report(ctx);
        }

        /** Banner, CPU lines, report titles, stamps and headers; false when the line is none of them. */
        private boolean structural(long n, String line, List<String> tokens) {
            String first = tokens.get(0);
            if (isBanner(line)) {
                joinPretty();
                inRows = false;
                bannerLine = n;
                bannerDate = bannerDate(line);
                return true;
            }
            if (first.equals("avg-cpu:") || isCpuHeader(tokens)) {
                joinPretty();
                inRows = false;
                cpuValuesNext = true;
                if (first.equals("avg-cpu:")) {
                    cpuColumns(line);
                } else {
                    cpuHeader = null;
                    idleColumn = -1;
                }
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
            return stamp(line);
        }

        /** A report's stamp, for the report its header starts; false when the line is none. */
        private boolean stamp(String line) {
            double t = clock.stamp(line);
            if (Double.isNaN(t)) {
                return false;
            }
            joinPretty();
            inRows = false;
            pendingTime = t;
            pendingTimeText = line.strip();
            return true;
        }

        /**
         * A --pretty table continues the report of the tables above it until a column comes again
         * (the next report of a run without stamps or CPU lines) or the report ends.
         */
        private void header(long n, IostatLayout l) {
            if (l.deviceLast() && pretty != null && pretty.continues(l)) {
                layout = l;
                headerLine = n;
                inRows = true;
                cpuValuesNext = false;
                pretty.table(l);
                return;
            }
            joinPretty();
            report(n, l);
            if (l.deviceLast()) {
                pretty = new PrettyReport(n);
                pretty.table(l);
            }
        }

        private void report(long n, IostatLayout l) {
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
            double[] plain;
            PlainRow h = hint;
            hint = null;
            if (h != null && (h.layout() == hintLayout && layout == hintLayoutFor || sameLayout(h.layout()))) {
                plain = h.values();
                device[0] = h.deviceStart();
                device[1] = h.deviceEnd();
            } else {
                plain = layout.plainValues(line, device);
            }
            if (plain != null) {
                emit(n, line, devices.of(line, device[0], device[1]), plain);
                return true;
            }
            spans.of(line);
            double[] values = layout.values(line, spans);
            if (values == null) {
                return false;
            }
            int d = layout.deviceIndex();
            emit(n, line, devices.of(line, spans.start(d), spans.end(d)), values);
            return true;
        }

        private boolean sameLayout(IostatLayout other) {
            if (!layout.sameAs(other)) {
                return false;
            }
            hintLayout = other;
            hintLayoutFor = layout;
            return true;
        }

        /** {@link #cpuValues} of a line's fields in place; the CPUs' busy share emitted where the header has %idle. */
        private boolean cpuValuesInPlace(long n, String line) {
            spans.of(line);
            double idle = Double.NaN;
            double iowait = 0;
            for (int t = 0; t < spans.count(); t++) {
                int end = spans.end(t);
                if (line.charAt(end - 1) == '%') {
                    end--;
                }
                double v = SysstatNumbers.number(line, spans.start(t), end);
                if (Double.isNaN(v)) {
                    return false;
                }
                if (t == idleColumn) {
                    idle = v;
                } else if (t == iowaitColumn) {
                    iowait = v;
                }
            }
            if (spans.count() == 0) {
                return false;
            }
            if (!Double.isNaN(idle) && spans.count() == cpuColumnCount) {
                // the report's device header comes after these lines: a banner not yet taken makes this one since boot
                ctx.emit(new IostatCpu(ctx.input(), n, line, bannerLine >= 0 || runs.isEmpty(),
                        Math.max(0, Math.min(100, 100 - idle - iowait))));
            }
            return true;
        }

        /** The positions of %idle and %iowait among the CPU values, from the avg-cpu header (the same in every report). */
        private void cpuColumns(String header) {
            if (header.equals(cpuHeader)) {
                return;
            }
            cpuHeader = header;
            List<String> names = Tokens.split(header);
            cpuColumnCount = names.size() - 1;
            idleColumn = names.indexOf("%idle") - 1;
            iowaitColumn = names.indexOf("%iowait") - 1;
        }

        /** Emits a device row; false when a value is not a number (the caller reports it). */
        private boolean row(long n, String line, List<String> tokens) {
            int count = layout.metricCount();
            double[] values = new double[count];
            for (int i = 0; i < count; i++) {
                double v = SysstatNumbers.human(tokens.get(layout.tokenOf(i)), layout.kBScale(i));
                if (Double.isNaN(v)) {
                    return false;
                }
                values[i] = v;
            }
            emit(n, line, tokens.get(layout.deviceIndex()), values);
            return true;
        }

        /** The values line under a device named on a line of its own; false when it is not one. */
        private boolean values(long n, String line) {
            spans.of(line);
            int count = layout.metricCount();
            if (spans.count() != count) {
                return false;
            }
            double[] values = new double[count];
            for (int i = 0; i < count; i++) {
                values[i] = SysstatNumbers.human(line, spans.start(i), spans.end(i), layout.kBScale(i));
                if (Double.isNaN(values[i])) {
                    return false;
                }
            }
            String device = splitDevice;
            splitDevice = null;
            emit(n, line, device, values);
            return true;
        }

        private void emit(long n, String line, String device, double[] values) {
            if (pretty != null) {
                pretty.row(n, line, device, values);
                return;
            }
            // every reader of a row makes its values afresh: handed over, not copied
            ctx.emit(IostatSample.owning(ctx.input(), n, line, headerLine, layout.columns(), device, report, sinceBoot,
                    time, timeText, run.date, run.number, values));
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
                if (Double.isNaN(SysstatNumbers.human(t, 1))) {
                    ctx.skip(n, "value '" + t + "' in column " + layout.columns().names().get(i)
                            + " is not a number: " + Excerpt.of(line));
                    return;
                }
            }
        }

        /** Emits the rows of the --pretty report being joined, one per device with every table's columns. */
        private void joinPretty() {
            PrettyReport p = pretty;
            if (p == null) {
                return;
            }
            pretty = null;
            IostatColumns columns = joinedColumns.computeIfAbsent(List.copyOf(p.names),
                    names -> new IostatColumns(IostatLayout.dialect(names, "Device"), String.join(" | ", p.headers), names));
            p.rows.forEach((device, row) -> {
                if (row.filled != p.names.size()) {
                    ctx.skip(row.line, "device " + device + " is missing from some of the --pretty tables of the report "
                            + "at line " + p.line + " (truncated?): " + Excerpt.of(row.text));
                    return;
                }
                ctx.emit(new IostatSample(ctx.input(), row.line, row.text, p.line, columns, device, report, sinceBoot,
                        Double.isNaN(time) ? null : time, timeText, run.date, run.number, row.values));
                ctx.record();
            });
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

    /**
     * One report of --pretty tables (r, w, d, f request types of -x; one table for -s or the basic
     * report): their columns in order and each device's values, filled table by table.
     */
    private static final class PrettyReport {
        final long line;
        final List<String> names = new ArrayList<>();
        final List<String> headers = new ArrayList<>();
        final Map<String, PrettyRow> rows = new LinkedHashMap<>();
        /** Where the current table's columns start in {@link #names}. */
        int offset;

        PrettyReport(long line) {
            this.line = line;
        }

        boolean continues(IostatLayout l) {
            for (String name : l.columns().names()) {
                if (names.contains(name)) {
                    return false;
                }
            }
            return true;
        }

        /** The table just read is a report's last: -x's f table and -s's end with %util, the basic report is one table. */
        boolean complete() {
            return names.get(names.size() - 1).equals("%util") || names.get(0).equals("tps");
        }

        void table(IostatLayout l) {
            offset = names.size();
            names.addAll(l.columns().names());
            headers.add(l.columns().header().strip());
        }

        void row(long n, String text, String device, double[] values) {
            PrettyRow r = rows.computeIfAbsent(device, d -> new PrettyRow(n, text));
            if (r.values.length < offset + values.length) {
                r.values = Arrays.copyOf(r.values, offset + values.length);
            }
            System.arraycopy(values, 0, r.values, offset, values.length);
            r.filled += values.length;
        }
    }

    /** A device's row of a --pretty report: the line of its first table, and its values so far. */
    private static final class PrettyRow {
        final long line;
        final String text;
        double[] values = new double[0];
        int filled;

        PrettyRow(long line, String text) {
            this.line = line;
            this.text = text;
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
            if (Double.isNaN(SysstatNumbers.human(tokens.get(layout.tokenOf(i)), 1))) {
                return false;
            }
        }
        return true;
    }

    /** The values line under a device named on a line of its own (-h of sysstat 10.x to 11.6). */
    private static boolean numericValues(IostatLayout layout, List<String> tokens) {
        for (String t : tokens) {
            if (Double.isNaN(SysstatNumbers.human(t, 1))) {
                return false;
            }
        }
        return layout.metricCount() > 1;
    }

    /**
     * The column header of bcc's and bpftrace's per-event tools (biosnoop's {@code TIME(s) COMM PID
     * DISK T SECTOR BYTES LAT(ms)}, biotop's {@code PID COMM D MAJ MIN DISK ...}, ext4slower's ...):
     * a file that has one is theirs, even where its text quotes iostat.
     */
    static boolean isTracerHeader(List<String> tokens) {
        return tokens.contains("COMM") && tokens.contains("PID");
    }

    /**
     * sysstat's CPU header, {@code avg-cpu:  %user   %nice ...}, when it starts its line: its first
     * field is {@code avg-cpu:}, which structural() reads as the CPU header (no layout holds that field).
     */
    static boolean isAvgCpu(String line) {
        return line.startsWith("avg-cpu:") && (line.length() == 8 || Tokens.isBlank(line.charAt(8)));
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
