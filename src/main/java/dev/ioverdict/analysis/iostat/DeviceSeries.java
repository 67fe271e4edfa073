package dev.ioverdict.analysis.iostat;

import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.model.iostat.IostatSample;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Everything one iostat file says about one device, in report order. {@code points} are the
 * reports a diagnosis may judge: the interval reports, or, when the file holds a single report
 * for the device ({@code singleReport}), that one. {@code sinceBoot} are the since-boot reports
 * set apart. {@code baselineMs} is the device's own light-load response time in this capture
 * (median over reports with I/O and at most one request outstanding), null without enough such
 * reports; {@code intervalSeconds} the median spacing of the printed stamps, null without -t/-T.
 * {@code run} tells apart iostat runs written into one file at the same time (null when the file
 * holds one run).
 */
public record DeviceSeries(String input, Integer run, String device, IostatDialect dialect, List<IostatPoint> points,
                           List<IostatSample> sinceBoot, boolean singleReport, Double baselineMs,
                           Double intervalSeconds, String responseLabel, String busyLabel, String queueLabel) {
    public DeviceSeries {
        points = List.copyOf(points);
        sinceBoot = List.copyOf(sinceBoot);
    }

    /** Where the series comes from, for people: the file, and its run when the file holds several. */
    public String source() {
        return run == null ? input : input + ", run " + run;
    }

    /** Seconds one report stands for when weighing: the interval, or 1 when iostat printed no stamps. */
    public double secondsPerReport() {
        return intervalSeconds != null ? intervalSeconds : 1.0;
    }

    /**
     * Whether the series is a controller's row of Solaris {@code iostat -C} ("c12"): the disks behind
     * it summed (r/s, actv) and averaged (asvc_t), not one device; its %b is no device's utilization.
     */
    public boolean controller() {
        if (dialect != IostatDialect.SOLARIS || device.length() < 2 || device.charAt(0) != 'c') {
            return false;
        }
        return dev.ioverdict.parse.text.Numbers.isDigits(device, 1, device.length());
    }

    public boolean idle() {
        return points.stream().allMatch(p -> p.sample().allZero());
    }

    /** Where a report sits in time for people: its stamp as printed, else "report N". */
    public static String when(IostatSample s) {
        if (s.time() != null && s.time() >= DATED) {
            // one style for every date in a report (ISO 8601), whatever the locale iostat printed in; the
            // zone is that of the stamps, which the case facts state
            return ISO_SECONDS.format(LocalDateTime.ofEpochSecond((long) Math.floor(s.time()), 0, ZoneOffset.UTC));
        }
        return s.timeText() != null ? s.timeText() : "report " + s.report();
    }

    private static final DateTimeFormatter ISO_SECONDS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss");

    /** Stamps below a year after the epoch carry no date (a clock time alone): shown as printed. */
    private static final double DATED = 366 * 86_400.0;
}
