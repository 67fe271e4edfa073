package dev.ioverdict.report;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Measurement;
import dev.ioverdict.model.Metric;
import dev.ioverdict.rules.disk.IostatEvidence;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * How a finding's iostat or sar lines are shown: under the header line that names their columns,
 * trimmed to the device and the columns the rule judged, each value over the finding's limit in a
 * mark. Rendering only: report.json keeps every line as captured. The figures it reads are the iostat
 * rules' shared ones ({@link IostatEvidence}). Templates reach it as {@code ${evidence.of(f)}}.
 */
public final class EvidenceView {
    private static final Set<String> DEVICE = Set.of("Device", "Device:", "device", "DEV");
    private static final Set<String> RESPONSE = Set.of("await", "r_await", "w_await", "svc_t", "asvc_t", "wsvc_t",
            "svctm", "avserv", "avwait");
    private static final Set<String> BUSY = Set.of("%util", "%b", "%w", "%busy");
    private static final Set<String> QUEUE = Set.of("aqu-sz", "avgqu-sz", "avqu-sz", "avque", "actv", "wait");

    EvidenceView() {
    }

    /** One captured line as the page shows it: {@code html} is the text escaped, trimmed and marked. */
    public record Line(String input, long line, String text, String html) {
    }

    /** The finding's evidence as the page shows it, in order. */
    public List<Line> of(Finding finding) {
        return lines(finding.evidence(), finding);
    }

    static List<Line> lines(List<Evidence> evidence, Finding finding) {
        List<Line> out = new ArrayList<>();
        int i = 0;
        while (i < evidence.size()) {
            List<String> header = tokens(text(evidence.get(i)));
            int device = deviceColumn(header);
            List<Integer> kept = device < 0 ? List.of() : kept(header, device, finding);
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
                    boolean over = r > 0 && over(header.get(column), cell, finding);
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
    private static List<Integer> kept(List<String> header, int device, Finding finding) {
        boolean response = finding.has(IostatEvidence.WORST_RESPONSE) || finding.has(IostatEvidence.LIMIT_RESPONSE);
        boolean busy = finding.has(IostatEvidence.MAX_BUSY) || finding.has(IostatEvidence.LIMIT_BUSY);
        boolean queue = finding.has(IostatEvidence.MAX_QUEUE) || finding.has(IostatEvidence.LIMIT_QUEUE);
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
    private static boolean over(String column, String cell, Finding finding) {
        double value;
        try {
            value = Double.parseDouble(cell.replace(',', '.'));
        } catch (NumberFormatException e) {
            return false;
        }
        Double limit;
        if (RESPONSE.contains(column) && (limit = limit(finding, IostatEvidence.LIMIT_RESPONSE)) != null) {
            return value / 1000 > limit;
        }
        if (BUSY.contains(column) && !column.equals("%w") && (limit = limit(finding, IostatEvidence.LIMIT_BUSY)) != null) {
            return value >= limit;
        }
        if (QUEUE.contains(column) && (limit = limit(finding, IostatEvidence.LIMIT_QUEUE)) != null) {
            return value > limit;
        }
        return false;
    }

    /** The finding's limit for a kind of column, when it carries one as a finite number. */
    private static Double limit(Finding finding, Metric m) {
        return finding.measurement(m).map(Measurement::value).filter(Double::isFinite).orElse(null);
    }

    private static boolean sameInput(Evidence a, Evidence b) {
        return String.valueOf(a.input()).equals(String.valueOf(b.input()));
    }

    private static String text(Evidence e) {
        return e.text() == null ? "" : e.text();
    }

    private static Line line(Evidence e, String html) {
        return new Line(e.input(), e.line(), e.text(), html);
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
