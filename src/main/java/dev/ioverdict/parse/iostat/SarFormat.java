package dev.ioverdict.parse.iostat;

import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.host.HostFact;
import dev.ioverdict.model.iostat.IostatColumns;
import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.parse.ForwardClocks;
import dev.ioverdict.parse.HeaderedRowHints;
import dev.ioverdict.parse.LineSink;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.parse.SinkFormat;
import dev.ioverdict.parse.text.Excerpt;
import dev.ioverdict.parse.text.Interner;
import dev.ioverdict.parse.text.Tokens;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code sar -d} / {@code sar -dp} text, also with {@code -h} (values with units, {@code 1.2M},
 * {@code 0.4%}, read into the column's unit) and {@code -j ID|LABEL|PATH|UUID} (devices named by
 * their persistent names) (sysstat's old layout {@code tps rd_sec/s wr_sec/s avgrq-sz
 * avgqu-sz await svctm %util} with {@code devM-N} names, and the current {@code tps rkB/s wkB/s
 * dkB/s areq-sz aqu-sz await %util}), the DEV section of {@code sar -A}, and {@code sadf -d}
 * (semicolon-separated, one header line starting {@code # hostname;interval;timestamp;DEV;}).
 * Rows become the same {@link IostatSample}s as iostat -x, so the same series and rules apply;
 * it lives beside iostat because it shares its tokeniser and clock. Every sar row is an interval
 * report (sar never prints a since-boot report); {@code Average:} rows repeat what the rows
 * above them say and are not kept; a {@code LINUX RESTART} line starts a new run; other sar
 * sections (CPU, memory ...) are passed over with one warning each.
 */
public final class SarFormat extends SinkFormat {
    public SarFormat() {
        super("sar", InputClock.SAR, "`sar -d` / `-dp` (old and new layouts, device first or last, `Average:` and `LINUX RESTART` "
                + "lines, `-h` unit suffixes, `-j ID|LABEL|PATH|UUID` names), the DEV section of `sar -A`, `sadf -d`: "
                + "the same series and rules as iostat",
                SarFormat::recognition, Reader::new, RowHints::new);
    }

    private static final String SADF_HEADER = "# hostname;interval;timestamp;DEV;";

    private static Recognition recognition(Sample sample) {
        boolean banner = false;
        int rows = 0;
        boolean header = false;
        for (String line : sample.lines()) {
            if (line.startsWith(SADF_HEADER) || line.startsWith(SADF_HEADER.substring(2))) {
                return Recognition.certain("sadf -d header '" + SADF_HEADER + "...'");
            }
            banner |= IostatFormat.isBanner(line);
            List<String> t = Tokens.split(line);
            if (devHeader(t) >= 0) {
                header = true;
            } else if (header && t.size() > 3 && SysstatNumbers.isNumber(t.get(t.size() - 1)) && timeTokens(t) > 0) {
                rows++;
            }
        }
        if (!header) {
            // sar -A (a sosreport's sarDD): the block devices come after the CPU, memory ... sections
            return banner && sarSection(sample) ? Recognition.likely("sysstat banner and sar report sections "
                    + "('TIME CPU %user ...')") : Recognition.NO;
        }
        return banner || rows > 0 ? Recognition.certain("sar 'TIME DEV tps ...' header with " + rows + " device rows")
                : Recognition.likely("sar 'TIME DEV tps ...' header");
    }

    /** A timed section header of sar: {@code 12:00:01 AM CPU %user ...}, {@code 12:00:01 proc/s cswch/s}. */
    private static boolean sarSection(Sample sample) {
        for (String line : sample.lines()) {
            List<String> t = Tokens.split(line);
            int k = timeTokens(t);
            if (k > 0 && t.size() > k + 1 && (t.get(k).equals("CPU") || t.get(k).equals("proc/s")
                    || t.get(k).equals("pswpin/s") || t.get(k).equals("kbmemfree"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Index of the DEV token of a sar -d header: {@code 09:33:48 [AM] DEV tps ...} (DEV after the
     * clock), or {@code 02:59:47 tps ... %util DEV} (sysstat 12.x, DEV last); -1 when not a header.
     */
    static int devHeader(List<String> t) {
        int n = timeTokens(t);
        if (n == 0 || t.size() < n + 3) {
            return -1;
        }
        if (t.get(n).equals("DEV") && t.get(n + 1).equals("tps")) {
            return n;
        }
        return t.get(n).equals("tps") && t.get(t.size() - 1).equals("DEV") ? t.size() - 1 : -1;
    }

    /** How many leading tokens are the clock: {@code 09:34:34} is 1, {@code 01:59:46 PM} 2, else 0. */
    static int timeTokens(List<String> t) {
        if (t.isEmpty() || !isClock(t.get(0))) {
            return 0;
        }
        return t.size() > 1 && (t.get(1).equals("AM") || t.get(1).equals("PM")) ? 2 : 1;
    }

    /** {@link #timeTokens(List)} of the words {@code t} found in {@code line}, in place. */
    static int timeTokens(Tokens t, String line) {
        if (t.count() == 0 || !isClock(line, t.start(0), t.end(0))) {
            return 0;
        }
        return t.count() > 1 && (t.is(1, "AM") || t.is(1, "PM")) ? 2 : 1;
    }

    private static boolean isClock(String s, int from, int to) {
        return to - from == 8 && s.charAt(from + 2) == ':' && s.charAt(from + 5) == ':'
                && Character.isDigit(s.charAt(from)) && Character.isDigit(s.charAt(from + 7));
    }

    private static boolean isClock(String s) {
        return s.length() == 8 && s.charAt(2) == ':' && s.charAt(5) == ':' && Character.isDigit(s.charAt(0))
                && Character.isDigit(s.charAt(7));
    }

    /** A device row as {@link SarRow} reads it under a header of these scales, device last or first. */
    private record PlainRow(double[] scales, boolean devLast, double[] values, int[] at) {
    }

    /** A {@code DEV} header as a row reads under it: each column's scale, and whether the device comes last. */
    private record Header(double[] scales, boolean devLast) {
    }

    /**
     * On the reading threads of a big file: each line read as a device row under the last
     * {@code DEV} header of its piece, or the last any thread met (sar prints it once per run);
     * the state machine takes it when its own header reads rows alike, and reads the line
     * itself otherwise.
     */
    private static final class RowHints extends HeaderedRowHints<Header, SarRow> {
        @Override
        protected SarRow scratch() {
            return new SarRow();
        }

        @Override
        protected Object row(Header h, String line, SarRow rows) {
            double[] values = rows.read(line, h.scales(), h.devLast());
            return values == null ? null : new PlainRow(h.scales(), h.devLast(), values, rows.at.clone());
        }

        @Override
        protected Header header(String line) {
            if (!line.contains("DEV")) {
                return null;
            }
            List<String> t = Tokens.split(line);
            int dev = devHeader(t);
            if (dev < 0) {
                return null;
            }
            boolean devLast = dev == t.size() - 1;
            List<String> names = devLast ? t.subList(timeTokens(t), dev) : t.subList(dev + 1, t.size());
            double[] scales = new double[names.size()];
            for (int i = 0; i < scales.length; i++) {
                scales[i] = SysstatNumbers.kBScale(names.get(i));
            }
            return new Header(scales, devLast);
        }
    }

    private static final class Reader implements LineSink {
        private final ParseContext ctx;
        private final IostatClock clock = new IostatClock();
        private IostatColumns columns;
        private long headerLine;
        private boolean sadf;
        private boolean inDev;
        private boolean foreignWarned;
        /** sysstat 12.x prints the device name last. */
        private boolean devLast;
        private String date;
        private String lastStamp;
        private final ForwardClocks clocks = new ForwardClocks("device", "time runs backwards for one device",
                "the rows are kept with the time they carry (sadf writes each device's rows in time order: two "
                        + "files glued together, or the clock was set back)");
        private int report;
        /** The clock of {@link #lastStamp}: a stamp is read once for all the device rows it heads. */
        private double lastTime = Double.NaN;
        /** Each column's {@link SysstatNumbers#kBScale} under the current header. */
        private double[] scales;
        private final SarRow rows = new SarRow();
        /** One String per device name: a row's name is not a new substring (200 disks, a row each a second). */
        private final Interner devices = new Interner(10);

        /** The current line's row as a reading thread read it, or null. */
        private PlainRow hint;
        /** A hint's scales found the same as {@link #scales}: its array, and ours then. */
        private double[] hintScales;
        private double[] hintScalesFor;

        Reader(ParseContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public void line(String line, long n, Object made) {
            hint = made instanceof PlainRow p ? p : null;
            line(line, n);
            hint = null;
        }

        @Override
        public void line(String line, long n) {
            if (sadf || line.startsWith(SADF_HEADER) || line.startsWith(SADF_HEADER.substring(2))) {
                sadfLine(n, line);
            } else {
                textLine(n, line);
            }
        }

        @Override
        public void end() {
            clocks.report(ctx);
        }

        private void textLine(long n, String line) {
            if (inDev && deviceRow(n, line)) {
                return;
            }
            if (IostatFormat.isBanner(line)) {
                banner(n, line);
                int close = line.indexOf(')');
                for (String t : Tokens.split(line.substring(close + 1))) {
                    String d = clock.banner(t);
                    if (d != null) {
                        date = d;
                        break;
                    }
                }
                inDev = false;
                return;
            }
            List<String> t = Tokens.split(line);
            if (t.get(0).equals("Average:") || t.get(0).equals("Summary:")) {
                return; // the mean of the rows above, printed again
            }
            if (line.contains("LINUX RESTART")) {
                ctx.note("system restarted at line " + n + " (LINUX RESTART): the reports before and after are separate runs");
                return;
            }
            int k = timeTokens(t);
            if (k == 0) {
                if (!t.get(0).startsWith("$") && !t.get(0).startsWith("#")) {
                    ctx.skip(n, "not sar output: " + Excerpt.of(line));
                }
                return;
            }
            int dev = devHeader(t);
            if (dev >= 0) {
                devLast = dev == t.size() - 1;
                List<String> names = new ArrayList<>(devLast ? t.subList(k, dev) : t.subList(dev + 1, t.size()));
                columns = new IostatColumns(dialect(names), line, names);
                scales = new double[names.size()];
                for (int i = 0; i < scales.length; i++) {
                    scales[i] = SysstatNumbers.kBScale(names.get(i));
                }
                headerLine = n;
                inDev = true;
                return;
            }
            if (t.size() > k && t.get(k).equals("COM")) {
                return; // a comment record (sadc -C)
            }
            if (t.size() > k + 1 && !SysstatNumbers.isNumber(t.get(k)) && !SysstatNumbers.isNumber(t.get(k + 1)) && !inDevRow(t, k)) {
                inDev = false; // the header of another sar section: CPU, memory, network ...
                if (!foreignWarned) {
                    foreignWarned = true;
                    ctx.note("sar sections other than the block devices (-d) are not read (line " + n + ": " + Excerpt.of(line) + ")");
                }
                return;
            }
            if (!inDev) {
                return;
            }
            row(n, line, t, k, String.join(" ", t.subList(0, k)));
        }

        /** {@code Linux 2.6.18-194.el5PAE (dev-db)  03/26/2011  _i686_  (8 CPU)}: the host it ran on. */
        private void banner(long n, String line) {
            List<String> t = Tokens.split(line);
            int open = line.indexOf('(');
            int close = line.indexOf(')');
            if (t.size() >= 2) {
                ctx.emit(new HostFact("kernel", t.get(1), ctx.input(), n, line));
            }
            if (open > 0 && close > open) {
                ctx.emit(new HostFact("hostname", line.substring(open + 1, close), ctx.input(), n, line));
            }
            for (String x : t) {
                if (x.length() > 2 && x.startsWith("_") && x.endsWith("_")) {
                    ctx.emit(new HostFact("arch", x.substring(1, x.length() - 1), ctx.input(), n, line));
                }
            }
        }

        private boolean inDevRow(List<String> t, int k) {
            return inDev && t.size() == k + 1 + columns.names().size()
                    && !Double.isNaN(SysstatNumbers.human(t.get(devLast ? k : t.size() - 1), 1));
        }

        private void row(long n, String line, List<String> t, int k, String stamp) {
            int count = columns.names().size();
            if (t.size() != k + 1 + count) {
                ctx.skip(n, "sar row with " + (t.size() - k - 1) + " values where the header at line " + headerLine
                        + " has " + count + ": " + Excerpt.of(line));
                return;
            }
            int first = devLast ? k : k + 1;
            double[] values = new double[count];
            for (int i = 0; i < count; i++) {
                values[i] = SysstatNumbers.human(t.get(first + i), scales[i]);
                if (Double.isNaN(values[i])) {
                    ctx.skip(n, "value '" + t.get(first + i) + "' in column " + columns.names().get(i)
                            + " is not a number: " + Excerpt.of(line));
                    return;
                }
            }
            emit(n, line, devLast ? t.get(t.size() - 1) : t.get(k), stamp, values);
        }

        /**
         * A device row under the current header, read in one pass ({@link SarRow}; most lines of a
         * sar file): false, having done nothing, when the line is anything else or a value does not
         * read, and {@link #textLine}'s general reading decides and words its warning. Every check
         * that reading makes before a row needs a word here that is not a number (a header's DEV or
         * tps, COM, another section's names, LINUX RESTART), and every value here reads as one.
         */
        private boolean deviceRow(long n, String line) {
            PlainRow h = hint;
            hint = null;
            double[] values;
            int[] at;
            if (h != null && h.devLast() == devLast && sameScales(h.scales())) {
                values = h.values();
                at = h.at();
            } else {
                values = rows.read(line, scales, devLast);
                at = rows.at;
            }
            if (values == null) {
                return false;
            }
            emit(n, line, devices.of(line, at[4], at[5]), stamp(line, at), values);
            return true;
        }

        private boolean sameScales(double[] other) {
            if (other == hintScales && scales == hintScalesFor) {
                return true;
            }
            if (!Arrays.equals(scales, other)) {
                return false;
            }
            hintScales = other;
            hintScalesFor = scales;
            return true;
        }

        /** The row's clock words joined by a space, the last row's String when they are the same. */
        private String stamp(String text, int[] at) {
            String last = lastStamp;
            int a = at[0];
            int la = at[1] - a;
            if (at[2] < 0) {
                return last != null && last.length() == la && text.startsWith(last, a) ? last : text.substring(a, at[1]);
            }
            int b = at[2];
            int lb = at[3] - b;
            if (last != null && last.length() == la + 1 + lb && last.charAt(la) == ' '
                    && text.regionMatches(a, last, 0, la) && text.regionMatches(b, last, la + 1, lb)) {
                return last;
            }
            return text.substring(a, at[1]) + " " + text.substring(b, at[3]);
        }

        private void emit(long n, String line, String device, String stamp, double[] values) {
            if (!stamp.equals(lastStamp)) {
                report++;
                lastStamp = stamp;
                lastTime = clock.stamp("Time: " + stamp);
            }
            double time = lastTime;
            if (!Double.isNaN(time)) {
                ctx.time(time);
            }
            // values is this row's own array: handed over, not copied
            ctx.emit(IostatSample.owning(ctx.input(), n, line, headerLine, columns, device,
                    report, false, time, stamp, date, 1, values));
            ctx.record();
        }

        /** {@code host;interval;timestamp;DEV;v1;v2...}: timestamp as {@code 2019-04-18 13:20:19 UTC} or epoch. */
        private void sadfLine(long n, String line) {
            if (line.startsWith("#") || line.startsWith(SADF_HEADER.substring(2))) {
                List<String> f = fields(line.startsWith("#") ? line.substring(1).strip() : line);
                int dev = f.indexOf("DEV");
                if (dev == 3) {
                    sadf = true;
                    List<String> names = new ArrayList<>(f.subList(4, f.size()));
                    columns = new IostatColumns(dialect(names), line, names);
                    headerLine = n;
                    inDev = true;
                } else {
                    inDev = false;
                }
                return;
            }
            List<String> f = fields(line);
            if (!inDev) {
                return;
            }
            if (f.size() != 4 + columns.names().size()) {
                ctx.skip(n, "sadf -d row with " + f.size() + " fields where the header at line " + headerLine
                        + " has " + (4 + columns.names().size()) + ": " + Excerpt.of(line));
                return;
            }
            String stamp = f.get(2);
            String s = stamp.endsWith(" UTC") ? stamp.substring(0, stamp.length() - 4) : stamp;
            double time = clock.stamp(s);
            double[] values = new double[columns.names().size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = SysstatNumbers.number(f.get(4 + i));
                if (Double.isNaN(values[i])) {
                    ctx.skip(n, "value '" + f.get(4 + i) + "' in column " + columns.names().get(i)
                            + " is not a number: " + Excerpt.of(line));
                    return;
                }
            }
            if (!stamp.equals(lastStamp)) {
                report++;
                lastStamp = stamp;
            }
            if (!Double.isNaN(time)) {
                ctx.time(time);
                clocks.see(f.get(3).hashCode(), time, n);
            }
            ctx.emit(new IostatSample(ctx.input(), n, line, headerLine, columns, f.get(3), report, false,
                    Double.isNaN(time) ? null : time, stamp, null, values));
            ctx.record();
        }

        private static List<String> fields(String line) {
            List<String> out = new ArrayList<>();
            int from = 0;
            int semi;
            while ((semi = line.indexOf(';', from)) >= 0) {
                out.add(line.substring(from, semi).strip());
                from = semi + 1;
            }
            out.add(line.substring(from).strip());
            return out;
        }
    }

    /**
     * The old layout prints svctm and avgqu-sz; sysstat 11.5.7+ (and sar since) aqu-sz, areq-sz.
     * Package-private for the floor probe (SarProbe), which makes a header's columns as the reader does.
     */
    static IostatDialect dialect(List<String> names) {
        return names.contains("aqu-sz") || names.contains("areq-sz") ? IostatDialect.SYSSTAT_NEW
                : IostatDialect.SYSSTAT_OLD;
    }
}
