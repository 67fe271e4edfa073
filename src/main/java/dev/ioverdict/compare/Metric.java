package dev.ioverdict.compare;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * One figure both sides have ({@code layer}: block, syscall, fio or iostat): before, after, change in percent
 * (in percentage points for a share, unit {@link #POINTS}) and as a factor (after/before),
 * whether the change is significant (null when untested), by which test, and whether it is for
 * the better or the worse ({@code change}: better, worse, none when not significant, changed when
 * the figure has no better direction). {@code headline}: a figure the verdict and
 * --fail-on-regression weigh (what the application waits for, and throughput).
 */
@JsonPropertyOrder({"layer", "subject", "metric", "unit", "before", "after", "changePct", "changePoints", "factor", "significant", "test", "p",
    "n", "change", "headline", "note"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Metric(String layer, String subject, String metric, String unit, Double before, Double after, Double changePct,
                     Double changePoints, Double factor, Boolean significant, String test, Double p, List<Long> n, String change,
                     boolean headline, String note) {
    /**
     * The unit of a share (I2D's share of Q2C): its values are percentages, and its change is in
     * percentage points ({@code changePoints}), never a percentage of a percentage (2 % to 98 % is
     * +96 points, not +4746 %).
     */
    static final String POINTS = "pp";

    /** Lower is better (latency, queue), higher is better (throughput), or neither. */
    enum Better { LOWER, HIGHER, NEITHER }

    static Double changePct(double before, double after) {
        return before == 0 ? null : round((after - before) / before * 100, 1);
    }

    /** The change as the table and the verdict say it: "-97.6 %", or "+96.0 pp" for a share. */
    String changeText() {
        if (changePoints != null) {
            return Values.points(changePoints);
        }
        return changePct == null ? "-" : String.format(java.util.Locale.ROOT, "%+.1f %%", changePct);
    }

    static Double factor(double before, double after) {
        return before == 0 ? null : round(after / before, 3);
    }

    static String change(Boolean significant, double before, double after, Better better) {
        if (significant == null || !significant) {
            return "none";
        }
        if (better == Better.NEITHER) {
            return "changed";
        }
        boolean lower = after < before;
        return lower == (better == Better.LOWER) ? "better" : "worse";
    }

    static double round(double v, int digits) {
        double scale = Math.pow(10, digits);
        return Math.round(v * scale) / scale;
    }

    boolean better() {
        return "better".equals(change);
    }

    boolean worse() {
        return "worse".equals(change);
    }

    Metric withNote(String text) {
        return new Metric(layer, subject, metric, unit, before, after, changePct, changePoints, factor, significant, test, p, n, change,
                headline, text);
    }

    Metric notHeadline() {
        return new Metric(layer, subject, metric, unit, before, after, changePct, changePoints, factor, significant, test, p, n, change,
                false, note);
    }
}
