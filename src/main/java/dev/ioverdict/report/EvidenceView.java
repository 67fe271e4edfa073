package dev.ioverdict.report;

import dev.ioverdict.model.Metric;
import dev.ioverdict.rules.disk.IostatEvidence;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a finding's iostat or sar lines are shown: under the header line that names their columns,
 * trimmed to the device and the columns the rule judged, each value over the finding's limit in a
 * mark. Rendering only: report.json keeps every line as captured. The figures it reads are the iostat
 * rules' shared ones ({@link IostatEvidence}).
 */
final class EvidenceView {
    private static final Set<String> DEVICE = Set.of("Device", "Device:", "device", "DEV");
    private static final Set<String> RESPONSE = Set.of("await", "r_await", "w_await", "svc_t", "asvc_t", "wsvc_t",
            "svctm", "avserv", "avwait");
    private static final Set<String> BUSY = Set.of("%util", "%b", "%w", "%busy");
    private static final Set<String> QUEUE = Set.of("aqu-sz", "avgqu-sz", "avqu-sz", "avque", "actv", "wait");

    private EvidenceView() {
    }

    /** Adds "evidenceView" (input, line, html) beside each finding's "evidence" in the report's JSON tree. */
    @SuppressWarnings("unchecked")
    static void addTo(Map<String, Object> report) {
        Object findings = report.get("findings");
        if (!(findings instanceof List<?> list)) {
            return;
        }
        for (Object f : list) {
            addToFinding(f);
            if (f instanceof Map<?, ?> finding && finding.get("symptoms") instanceof List<?> symptoms) {
                symptoms.forEach(EvidenceView::addToFinding);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static void addToFinding(Object f) {
        if (f instanceof Map<?, ?> finding && finding.get("evidence") instanceof List<?> evidence) {
            Map<String, Object> metrics = finding.get("metrics") instanceof Map<?, ?> m
                    ? (Map<String, Object>) m : Map.of();
            ((Map<String, Object>) finding).put("evidenceView", lines((List<Map<String, Object>>) evidence, metrics));
        }
    }

    static List<Map<String, Object>> lines(List<Map<String, Object>> evidence, Map<String, Object> metrics) {
        List<Map<String, Object>> out = new ArrayList<>();
        int i = 0;
        while (i < evidence.size()) {
            List<String> header = tokens(text(evidence.get(i)));
            int device = deviceColumn(header);
            List<Integer> kept = device < 0 ? List.of() : kept(header, device, metrics);
            int rows = 0;
            while (kept.size() > 1 && i + 1 + rows < evidence.size()
                    && sameInput(evidence.get(i), evidence.get(i + 1 + rows))
                    && tokens(text(evidence.get(i + 1 + rows))).size() == header.size()) {
                rows++;
            }
            if (rows == 0) {
                out.add(line(evidence.get(i), escape(text(evidence.get(i)))));
                i++;
                continue;
            }
            List<List<String>> table = new ArrayList<>();
            table.add(header);
            for (int r = 1; r <= rows; r++) {
                table.add(tokens(text(evidence.get(i + r))));
            }
            int[] width = new int[kept.size()];
            for (List<String> row : table) {
                for (int k = 0; k < kept.size(); k++) {
                    width[k] = Math.max(width[k], row.get(kept.get(k)).length());
                }
            }
            for (int r = 0; r <= rows; r++) {
                StringBuilder html = new StringBuilder();
                for (int k = 0; k < kept.size(); k++) {
                    int column = kept.get(k);
                    String cell = table.get(r).get(column);
                    String pad = " ".repeat(width[k] - cell.length());
                    if (k > 0) {
                        html.append("  ");
                    }
                    boolean left = column == device;
                    if (!left) {
                        html.append(pad);
                    }
                    boolean over = r > 0 && over(header.get(column), cell, metrics);
                    html.append(over ? "<mark>" : "").append(escape(cell)).append(over ? "</mark>" : "");
                    if (left && k < kept.size() - 1) {
                        html.append(pad);
                    }
                }
                out.add(line(evidence.get(i + r), html.toString()));
            }
            i += rows + 1;
        }
        return out;
    }

    private static int deviceColumn(List<String> header) {
        for (int c = 0; c < header.size(); c++) {
            if (DEVICE.contains(header.get(c))) {
                return c;
            }
        }
        return -1;
    }

    /** The device column and those the rule judged; all three kinds when the metrics name none. */
    private static List<Integer> kept(List<String> header, int device, Map<String, Object> metrics) {
        boolean response = has(metrics, IostatEvidence.WORST_RESPONSE) || has(metrics, IostatEvidence.LIMIT_RESPONSE);
        boolean busy = has(metrics, IostatEvidence.MAX_BUSY) || has(metrics, IostatEvidence.LIMIT_BUSY);
        boolean queue = has(metrics, IostatEvidence.MAX_QUEUE) || has(metrics, IostatEvidence.LIMIT_QUEUE);
        if (!response && !busy && !queue) {
            response = busy = queue = true;
        }
        List<Integer> kept = new ArrayList<>();
        for (int c = 0; c < header.size(); c++) {
            String name = header.get(c);
            if (c == device || response && RESPONSE.contains(name) || busy && BUSY.contains(name)
                    || queue && QUEUE.contains(name)) {
                kept.add(c);
            }
        }
        return kept;
    }

    /** A value past the finding's own limit for its column: response times are printed in ms, limits kept in s. */
    private static boolean over(String column, String cell, Map<String, Object> metrics) {
        double value;
        try {
            value = Double.parseDouble(cell.replace(',', '.'));
        } catch (NumberFormatException e) {
            return false;
        }
        if (RESPONSE.contains(column) && metrics.get(IostatEvidence.LIMIT_RESPONSE.key()) instanceof Number limit) {
            return value / 1000 > limit.doubleValue();
        }
        if (BUSY.contains(column) && !column.equals("%w") && metrics.get(IostatEvidence.LIMIT_BUSY.key()) instanceof Number limit) {
            return value >= limit.doubleValue();
        }
        if (QUEUE.contains(column) && metrics.get(IostatEvidence.LIMIT_QUEUE.key()) instanceof Number limit) {
            return value > limit.doubleValue();
        }
        return false;
    }

    private static boolean has(Map<String, Object> metrics, Metric m) {
        return metrics.containsKey(m.key());
    }

    private static boolean sameInput(Map<String, Object> a, Map<String, Object> b) {
        return String.valueOf(a.get("input")).equals(String.valueOf(b.get("input")));
    }

    private static String text(Map<String, Object> e) {
        return e.get("text") == null ? "" : e.get("text").toString();
    }

    private static Map<String, Object> line(Map<String, Object> e, String html) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("input", e.get("input"));
        m.put("line", e.get("line"));
        m.put("html", html);
        return m;
    }

    private static List<String> tokens(String line) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < line.length() && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i > start) {
                out.add(line.substring(start, i));
            }
        }
        return out;
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
