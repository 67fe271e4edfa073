package dev.ioverdict.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What no figure of a report can be, whatever the input: a share outside 0..100 or a part larger
 * than its whole, percentiles out of order or outside min..max, an average outside min..max, a
 * negative count or duration, "N % of" above 100 in a sentence. A figure that breaks one is a
 * defect, never a fact. The checks read report.json's shape generically (by key names, not by
 * section), so report parts added later are covered as they are added; the helpers at the top are
 * for the places where figures are made, so that they are not made wrong in the first place.
 */
public final class Invariants {
    /** Set (to true) by the test suite: a broken invariant fails the run instead of being withheld. */
    public static final String STRICT = "ioverdict.invariants.strict";

    /** Relative slack for figures rounded differently (btt's 9-decimal averages, 4-decimal shares). */
    private static final double SLACK = 1e-6;
    private static final List<String> ORDERED = List.of("min", "p50", "p95", "p99", "max");
    private static final Set<String> NON_NEGATIVE = Set.of("n", "count", "errors", "total", "seconds", "weight",
            "samples", "lines", "records", "skipped", "min", "avg", "max", "p50", "p95", "p99", "worst", "q", "d",
            "ratio", "ios", "waitSeconds", "intervalSeconds");
    private static final Set<String> NON_NEGATIVE_UNITS = Set.of("s", "count", "B", "/s", "B/s", "%");
    /** Where the report quotes the input as captured: its words are the source's, not figures of ours. */
    private static final Set<String> CAPTURED = Set.of("evidence", "lines");
    /** "29600 % of Q2C", "101% of the time": a share in a sentence. */
    private static final Pattern SHARE_OF = Pattern.compile("(?<![\\d.,])(\\d{1,3}(?:,\\d{3})+|\\d+)(\\.\\d+)?\\s?%\\s+of\\b");

    private Invariants() {
    }

    /** One broken invariant: where in the report, which invariant, and the figures that break it. */
    public record Violation(String where, String invariant, String figures) {
        @Override
        public String toString() {
            return where + ": " + invariant + " (" + figures + ")";
        }
    }

    public static boolean strict() {
        return Boolean.getBoolean(STRICT);
    }

    /**
     * {@code part} as a percentage of {@code whole}, or null when it cannot be one: no whole, a
     * negative part, or a part larger than its whole (the inputs count the two over different sets).
     */
    public static Double sharePct(double part, double whole) {
        if (!(whole > 0) || !(part >= 0) || !Double.isFinite(part) || part > whole * (1 + SLACK)) {
            return null;
        }
        return Math.min(100, 100 * part / whole);
    }

    /** A percentile estimated from a histogram, kept within the exact min and max of the same samples. */
    public static Double within(Double percentile, Double min, Double max) {
        if (percentile == null) {
            return null;
        }
        double v = percentile;
        if (max != null && v > max) {
            v = max;
        }
        if (min != null && v < min) {
            v = min;
        }
        return v;
    }

    /** Every broken invariant in a report.json tree (or any part of one). */
    public static List<Violation> check(JsonNode report) {
        List<Violation> out = new ArrayList<>();
        walk(report, "", "", false, out);
        return out;
    }

    /** Every "N % of" above 100 in what a reader sees ({@code where}: which view, which part). */
    public static List<Violation> checkText(String where, String text) {
        List<Violation> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        Matcher m = SHARE_OF.matcher(text);
        while (m.find()) {
            double v = Double.parseDouble(m.group(1).replace(",", "") + (m.group(2) == null ? "" : m.group(2)));
            if (v > 100) {
                int from = Math.max(0, m.start() - 60);
                int to = Math.min(text.length(), m.end() + 40);
                out.add(new Violation(where, "a share above 100 %",
                        "\u2026" + text.substring(from, to).replaceAll("\\s+", " ") + "\u2026"));
            }
        }
        return out;
    }

    private static void walk(JsonNode node, String path, String key, boolean captured, List<Violation> out) {
        if (node.isObject()) {
            object(node, path, key, out);
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> e = fields.next();
                String p = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
                JsonNode v = e.getValue();
                if (v.isNumber()) {
                    number(p, e.getKey(), key, v.asDouble(), out);
                }
                walk(v, p, e.getKey(), captured || CAPTURED.contains(e.getKey()), out);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), path + "[" + i + "]", key, captured, out);
            }
        } else if (node.isTextual() && !captured) {
            out.addAll(checkText(path, node.asText()));
        }
    }

    private static void number(String path, String key, String parent, double v, List<Violation> out) {
        if (!Double.isFinite(v)) {
            out.add(new Violation(path, "a figure that is a number", key + " " + v));
            return;
        }
        if (key.startsWith("printed")) {
            // what the tool printed, kept beside the figure made of it (a %util of 100.59 read as 100)
            return;
        }
        if (percent(key) || percent(parent) && !key.equals("n")) {
            if (v < 0 || v > 100 * (1 + SLACK)) {
                out.add(new Violation(path, "a share between 0 and 100 %", key + " " + v));
            }
        } else if ((NON_NEGATIVE.contains(key) || key.endsWith("Seconds") || key.endsWith("Count")) && v < 0) {
            out.add(new Violation(path, "a count or duration that is not negative", key + " " + v));
        }
    }

    /** sharePct, overheadPct's members, iostat's %util, %b, %w, %rrqm. */
    private static boolean percent(String key) {
        // a change in percent (changePct: -71.6, +276.8) is not a share of anything: it may be negative or above 100
        return !key.startsWith("change") && (key.endsWith("Pct") || key.equals("pct") || key.startsWith("%"));
    }

    /** Ordered percentiles, an average within its extremes, a measurement within what its unit allows. */
    private static void object(JsonNode o, String path, String key, List<Violation> out) {
        String before = null;
        for (String k : ORDERED) {
            JsonNode v = o.get(k);
            if (v == null || !v.isNumber()) {
                continue;
            }
            if (before != null && o.get(before).asDouble() > v.asDouble() + slack(v.asDouble())) {
                out.add(new Violation(path, "min <= p50 <= p95 <= p99 <= max within one sample set",
                        before + " " + o.get(before).asDouble() + " > " + k + " " + v.asDouble()));
            }
            before = k;
        }
        JsonNode avg = o.get("avg");
        if (avg != null && avg.isNumber()) {
            JsonNode min = o.get("min");
            JsonNode max = o.get("max");
            if (min != null && min.isNumber() && avg.asDouble() < min.asDouble() - slack(min.asDouble())) {
                out.add(new Violation(path, "min <= avg <= max", "avg " + avg.asDouble() + " < min " + min.asDouble()));
            }
            if (max != null && max.isNumber() && avg.asDouble() > max.asDouble() + slack(max.asDouble())) {
                out.add(new Violation(path, "min <= avg <= max", "avg " + avg.asDouble() + " > max " + max.asDouble()));
            }
        }
        JsonNode unit = o.get("unit");
        JsonNode value = o.get("value");
        if (unit != null && unit.isTextual() && value != null && value.isNumber() && o.has("key")) {
            double v = value.asDouble();
            String what = o.get("key").asText() + " " + v + " " + unit.asText();
            if (NON_NEGATIVE_UNITS.contains(unit.asText()) && v < 0) {
                out.add(new Violation(path, "a count, size, rate or duration that is not negative", what));
            }
            if (unit.asText().equals("%") && v > 100 * (1 + SLACK)) {
                out.add(new Violation(path, "a share between 0 and 100 %", what));
            }
        }
    }

    private static double slack(double v) {
        return Math.abs(v) * SLACK + 1e-12;
    }
}
