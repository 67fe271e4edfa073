package dev.ioverdict.model;

/**
 * pmdiff's ratio rule, the significance test for figures known only as averages (iostat, fio, btt
 * text): a change counts when after/before is at least {@value #RATIO} or at most its inverse.
 * compare and the periods of one bundle both judge by it, so the two never disagree.
 */
public final class RatioRule {
    public static final double RATIO = 2;

    private RatioRule() {
    }

    public static boolean significant(double before, double after) {
        double hi = Math.max(Math.abs(before), Math.abs(after));
        double lo = Math.min(Math.abs(before), Math.abs(after));
        return hi > 0 && (lo == 0 || hi / lo >= RATIO);
    }
}
