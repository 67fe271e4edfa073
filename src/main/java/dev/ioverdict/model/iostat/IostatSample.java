package dev.ioverdict.model.iostat;

import dev.ioverdict.model.Fact;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One device row of one iostat report, values as printed. {@code report} numbers the reports of
 * the file from 1; {@code sinceBoot} marks the first report of a run, which iostat computes over
 * the time since boot rather than over the interval. {@code time} is the printed timestamp of the
 * report in seconds since the epoch, read as UTC unless the stamp carries an offset (null when
 * iostat ran without -t / -T); {@code timeText} is that stamp as printed; {@code date} the date
 * of the Linux banner (yyyy-mm-dd) when there was one. {@code run} numbers the iostat runs of the
 * file from 1 (each Linux banner starts one): two runs written into one file, even interleaved,
 * stay apart. Values are kept in a plain array
 * (one row of a day-long capture is one object) and never handed out; the time is kept unboxed
 * ({@link #seconds()}), and a reader that makes a fresh array per row hands it over with
 * {@link #owning} instead of having it copied: a row of a long capture is then three objects
 * (the sample, its values, its line) where it was five, which the analyses keep by the hundred
 * thousand (docs/PERFORMANCE.md, "Issue 23, round five").
 */
public final class IostatSample implements Fact {
    private final String input;
    private final long line;
    private final String text;
    private final long headerLine;
    private final IostatColumns columns;
    private final String device;
    private final int report;
    private final boolean sinceBoot;
    /** The stamp in seconds; NaN when there is none ({@link #timed} false) or when NaN was given. */
    private final double time;
    private final boolean timed;
    private final String timeText;
    private final String date;
    private final int run;
    private final double[] values;

    public IostatSample(String input, long line, String text, long headerLine, IostatColumns columns,
                        String device, int report, boolean sinceBoot, Double time, String timeText,
                        String date, double[] values) {
        this(input, line, text, headerLine, columns, device, report, sinceBoot, time, timeText, date, 1, values);
    }

    public IostatSample(String input, long line, String text, long headerLine, IostatColumns columns,
                        String device, int report, boolean sinceBoot, Double time, String timeText,
                        String date, int run, double[] values) {
        this(input, line, text, headerLine, columns, device, report, sinceBoot, time != null,
                time != null ? time : Double.NaN, timeText, date, run, values.clone());
    }

    /**
     * A sample that takes {@code values} as its own, without the copy the constructors make: the
     * caller made the array for this row and never touches it again (the readers' rows, the
     * analyses' combined reports). {@code time} is NaN when the report has no stamp.
     */
    public static IostatSample owning(String input, long line, String text, long headerLine, IostatColumns columns,
                                      String device, int report, boolean sinceBoot, double time, String timeText,
                                      String date, int run, double[] values) {
        return new IostatSample(input, line, text, headerLine, columns, device, report, sinceBoot, !Double.isNaN(time),
                time, timeText, date, run, values);
    }

    private IostatSample(String input, long line, String text, long headerLine, IostatColumns columns,
                         String device, int report, boolean sinceBoot, boolean timed, double time, String timeText,
                         String date, int run, double[] values) {
        if (values.length != columns.names().size()) {
            throw new IllegalArgumentException(values.length + " values for " + columns.names().size() + " columns");
        }
        this.input = input;
        this.line = line;
        this.text = text;
        this.headerLine = headerLine;
        this.columns = columns;
        this.device = device;
        this.report = report;
        this.sinceBoot = sinceBoot;
        this.timed = timed;
        this.time = time;
        this.timeText = timeText;
        this.date = date;
        this.run = run;
        this.values = values;
    }

    public String input() {
        return input;
    }

    public long line() {
        return line;
    }

    /** The row exactly as captured. */
    public String text() {
        return text;
    }

    /** Line of the column header this row is read under. */
    public long headerLine() {
        return headerLine;
    }

    public IostatColumns columns() {
        return columns;
    }

    public IostatDialect dialect() {
        return columns.dialect();
    }

    public String device() {
        return device;
    }

    public int report() {
        return report;
    }

    public boolean sinceBoot() {
        return sinceBoot;
    }

    /** The stamp in seconds since the epoch, null without one; {@link #seconds()} without the box. */
    public Double time() {
        return timed ? time : null;
    }

    /** {@link #time()} unboxed: NaN when the report has no stamp. */
    public double seconds() {
        return time;
    }

    /** Whether the report has a stamp: {@link #time()} is not null. */
    public boolean timed() {
        return timed;
    }

    public String timeText() {
        return timeText;
    }

    public String date() {
        return date;
    }

    /** Which iostat run of the file this report belongs to, from 1. */
    public int run() {
        return run;
    }

    public boolean has(String column) {
        return columns.has(column);
    }

    /** The printed value of a column, NaN when this header has no such column. */
    public double value(String column) {
        int i = columns.indexOf(column);
        return i < 0 ? Double.NaN : values[i];
    }

    /** The value of the i-th column of {@link #columns()}. */
    public double valueAt(int i) {
        return values[i];
    }

    /** Whether every printed value is zero: nothing happened on the device in this report. */
    public boolean allZero() {
        for (double v : values) {
            if (v != 0) {
                return false;
            }
        }
        return true;
    }

    /** Column -> value, in printed order. */
    public Map<String, Double> metrics() {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            m.put(columns.names().get(i), values[i]);
        }
        return Collections.unmodifiableMap(m);
    }

    @Override
    public String toString() {
        return input + ":" + line + " " + device + " report " + report + (sinceBoot ? " (since boot)" : "");
    }
}
