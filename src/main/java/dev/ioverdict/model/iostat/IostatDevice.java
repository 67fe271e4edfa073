package dev.ioverdict.model.iostat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One entry of the report's {@code iostat} list (CONTRACT.md): one device of one iostat file.
 * {@code metrics} (column as printed -> avg/max) and {@code samples} cover the interval reports;
 * the since-boot report is kept apart in {@code sinceBoot}. When the file holds a single report
 * for the device ({@code iostat -x} without an interval, or an excerpt), that report is all there
 * is: {@code singleReport} is true and {@code metrics} describe it. A device printed in the
 * since-boot report only, where the run has interval reports ({@code iostat -z} leaves idle
 * devices out of them), has {@code samples} 0: none of the intervals is its. {@code keyColumns} are the
 * columns that summarise this dialect (rates, response time, queue, busy), in printed order;
 * {@code idle}: no I/O in any summarised report. {@code run} (only when the file holds several
 * iostat runs written at the same time) says which run of the file this entry summarises. Times are seconds since the epoch as printed.
 * {@code label} names the device by what else the bundle says of it (backing file, dm name, WWN,
 * major:minor), as findings and the USE table do; absent when the bundle says nothing more.
 */
@JsonPropertyOrder({"device", "label", "dialect", "input", "run", "samples", "singleReport", "idle", "firstTime", "lastTime",
    "firstTimeText", "lastTimeText", "intervalSeconds", "keyColumns", "metrics", "sinceBoot"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record IostatDevice(String device, String label, IostatDialect dialect, String input, Integer run, int samples, Boolean singleReport,
                           boolean idle, Double firstTime, Double lastTime, String firstTimeText, String lastTimeText,
                           Double intervalSeconds, List<String> keyColumns, Map<String, Stat> metrics,
                           Map<String, Double> sinceBoot) {
    public IostatDevice {
        keyColumns = List.copyOf(keyColumns);
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        sinceBoot = sinceBoot == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(sinceBoot));
    }

    /** Busy (%util, %b) below this on average: a device's ratios are then of a handful of requests. */
    public static final double QUIET_BUSY_PCT = 5;

    /** The average of its busy column (%util, %b), or null when its dialect prints none. */
    public Double busyAvg() {
        for (String column : new String[] {"%util", "%b"}) {
            Stat s = metrics.get(column);
            if (s != null) {
                return s.avg();
            }
        }
        return null;
    }

    /** Busy below {@link #QUIET_BUSY_PCT} on average (idle when it prints no busy column). */
    public boolean quiet() {
        Double busy = busyAvg();
        return busy == null ? idle : busy < QUIET_BUSY_PCT;
    }

    /**
     * The span its reports cover: first to last stamp plus one interval, or without stamps one
     * interval per report; null when the file states no interval.
     */
    public Double seconds() {
        if (intervalSeconds == null) {
            return null;
        }
        return firstTime != null && lastTime != null ? lastTime - firstTime + intervalSeconds : samples * intervalSeconds;
    }

    /** This entry named {@code label} (null: no more than its device name). */
    public IostatDevice withLabel(String label) {
        return new IostatDevice(device, label, dialect, input, run, samples, singleReport, idle, firstTime, lastTime,
                firstTimeText, lastTimeText, intervalSeconds, keyColumns, metrics, sinceBoot);
    }

    /**
     * Average and maximum of one column over the summarised reports. A utilisation (%util, %b)
     * printed above 100 is read as 100: {@code printedMax} keeps what the tool printed and
     * {@code clipped} says why it cannot be more.
     */
    @JsonPropertyOrder({"avg", "max", "printedMax", "clipped"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Stat(double avg, double max, Double printedMax, String clipped) {
        public static final String UTILISATION_CLIPPED = "read as 100 %: iostat divides the device's busy ticks by "
                + "an interval it measures a moment apart from them, so a device busy all the time can print a little "
                + "more";

        public Stat(double avg, double max) {
            this(avg, max, null, null);
        }
    }
}
