package dev.ioverdict.model.iostat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * Several captures of one system in one bundle (iostat files of the same devices taken at
 * different times: before and after a setting, runs on different days): each file is a period
 * with its own figures, and periods that differ in one part of their names (maxcontig6,
 * maxcontig128) are compared figure by figure with compare's statistics.
 */
@JsonPropertyOrder({"periods", "changes", "note"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Periods(List<Period> periods, List<Change> changes, String note) {
    /** A bundle without several captures of one system. */
    public static final Periods NONE = new Periods(List.of(), List.of(), null);

    public Periods {
        periods = List.copyOf(periods);
        changes = List.copyOf(changes);
    }

    /**
     * One period: its label (the part of its file name the others do not share, "mkfile-maxcontig6"),
     * the file and iostat run it comes from, its reports and length ({@code seconds}: null when the
     * file states no interval), and its first and last report as printed (null without stamps).
     */
    @JsonPropertyOrder({"label", "input", "run", "reports", "seconds", "from", "to"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Period(String label, String input, Integer run, int reports, Double seconds, String from, String to) {
    }

    /**
     * One figure of one device in two periods that differ by one setting or step ({@code setting}
     * "maxcontig", {@code fromValue} "6", {@code toValue} "128"; {@code workload} what the two
     * periods share, "mkfile"), as compare judges it: change in percent and as a factor, significant
     * by the ratio rule (after/before at least 2 or at most 1/2, averages only), {@code n} the reports
     * behind each side, {@code change} better, worse, changed (no better direction) or none.
     */
    @JsonPropertyOrder({"from", "to", "setting", "fromValue", "toValue", "workload", "device", "figure", "unit",
        "before", "after", "changePct", "factor", "significant", "n", "change", "headline"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Change(String from, String to, String setting, String fromValue, String toValue, String workload,
                         String device, String figure, String unit, double before, double after, Double changePct,
                         Double factor, boolean significant, List<Integer> n, String change, boolean headline) {
        public String beforeText() {
            return show(before, unit);
        }

        public String afterText() {
            return show(after, unit);
        }

        /** "1 report each", "12 and 30 reports": what the call on this figure rests on. */
        public String reports() {
            if (n == null || n.size() != 2) {
                return "";
            }
            if (n.get(0).equals(n.get(1))) {
                return n.get(0) + (n.get(0) == 1 ? " report each" : " reports each");
            }
            return n.get(0) + " and " + n.get(1) + " reports";
        }

        private static String show(double v, String unit) {
            return dev.ioverdict.model.Figures.inUnit(v, unit);
        }
    }

    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean isEmpty() {
        return periods.isEmpty();
    }

    /**
     * Two periods and their figures, as the report shows them: a title ("maxcontig 6 -> 128, mkfile")
     * and the headline, the response time of the busiest device that changed.
     */
    public record Pair(String title, String from, String to, List<Change> changes) {
        /**
         * The response time of the device busiest in either period: "svc_t on sd0 1246 ms -> 354 ms
         * (-71.6 %), a significant change (1 report each)"; null without a response time.
         */
        public String headline() {
            java.util.Map<String, Double> busy = new java.util.HashMap<>();
            for (Change c : changes) {
                if (ColumnMeaning.busy(c.figure().replace(" avg", ""))) {
                    busy.merge(c.device(), Math.max(c.before(), c.after()), Math::max);
                }
            }
            Change best = null;
            for (Change c : changes) {
                if (!c.headline()) {
                    continue;
                }
                double mine = busy.getOrDefault(c.device(), 0.0);
                double theirs = best == null ? -1 : busy.getOrDefault(best.device(), 0.0);
                if (best == null || mine > theirs
                        || mine == theirs && Math.abs(Math.log(ratio(c))) > Math.abs(Math.log(ratio(best)))) {
                    best = c;
                }
            }
            if (best == null) {
                return null;
            }
            String figure = best.figure().endsWith(" avg") ? best.figure().substring(0, best.figure().length() - 4)
                    : best.figure();
            return figure + " on " + best.device() + " " + best.beforeText() + " -> " + best.afterText()
                    + (best.changePct() == null ? "" : String.format(java.util.Locale.ROOT, " (%+.1f %%)", best.changePct()))
                    + (best.significant() ? ", a significant change" : ", within what the ratio rule calls noise")
                    + " (" + best.reports() + ")";
        }

        private static double ratio(Change c) {
            return Math.max(Math.abs(c.after()), 1e-12) / Math.max(Math.abs(c.before()), 1e-12);
        }
    }

    /** The changes grouped by the two periods they compare, in the order found. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public List<Pair> pairs() {
        java.util.Map<String, List<Change>> groups = new java.util.LinkedHashMap<>();
        for (Change c : changes) {
            groups.computeIfAbsent(c.from() + "\u0000" + c.to(), k -> new java.util.ArrayList<>()).add(c);
        }
        List<Pair> out = new java.util.ArrayList<>();
        for (List<Change> g : groups.values()) {
            Change first = g.get(0);
            String title = first.setting() != null
                    ? first.setting() + " " + first.fromValue() + " -> " + first.toValue()
                    : first.from() + " -> " + first.to();
            out.add(new Pair(first.workload() == null || first.setting() == null ? title : title + ", " + first.workload(),
                    first.from(), first.to(), List.copyOf(g)));
        }
        return out;
    }
}
