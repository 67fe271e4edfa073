package dev.ioverdict.report;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Measurement;
import dev.ioverdict.model.Metric;
import dev.ioverdict.rules.disk.IostatEvidence;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /**
     * A string strace quotes: its bytes with C escapes, cut at strace's -s length when followed by
     * {@code ...}, then (a buffer's usual neighbours) the size it was given: {@code aio_nbytes=8192}
     * or the count argument of read/write.
     */
    private static final Pattern QUOTED = Pattern.compile(
            "\"((?:[^\"\\\\]|\\\\.)*)\"(\\.\\.\\.)?(?=(,\\s*(?:aio_nbytes=)?(\\d+))?)", Pattern.DOTALL);
    /** An escape that stands for a byte no text holds (a NUL, a control, a byte above 127 in octal or hex). */
    private static final Pattern BINARY_ESCAPE = Pattern.compile("\\\\(?:[0-7]{1,3}|x[0-9a-fA-F]{1,2}|[vfbae])");
    /** Quoted text longer than this is a buffer too, even when it is printable. */
    private static final int LONG_QUOTE = 40;

    EvidenceView() {
    }

    /**
     * A captured line as the page shows it: a data buffer strace quoted byte by byte
     * ({@code "\0\300\r\10..."...}) becomes its length ({@code <8192 bytes>}), which is what a reader
     * can use; file names and short strings stay. report.json keeps the line as captured.
     */
    public String text(String captured) {
        return dedent(buffers(captured));
    }

    /**
     * The indentation all lines of a quote share (perf script pads its process names to a column)
     * is left out: on a narrow screen or a page it would push the event itself out of view.
     */
    static String dedent(String text) {
        if (text == null || text.isEmpty() || !Character.isWhitespace(text.charAt(0))) {
            return text;
        }
        String[] lines = text.split("\n", -1);
        int common = Integer.MAX_VALUE;
        for (String l : lines) {
            if (!l.isBlank()) {
                int i = 0;
                while (i < l.length() && (l.charAt(i) == ' ' || l.charAt(i) == '\t')) {
                    i++;
                }
                common = Math.min(common, i);
            }
        }
        if (common == 0 || common == Integer.MAX_VALUE) {
            return text;
        }
        StringBuilder out = new StringBuilder();
        for (int k = 0; k < lines.length; k++) {
            out.append(lines[k].isBlank() ? "" : lines[k].substring(common));
            if (k < lines.length - 1) {
                out.append('\n');
            }
        }
        return out.toString();
    }

    private static String buffers(String captured) {
        if (captured == null || captured.indexOf('"') < 0) {
            return captured;
        }
        Matcher m = QUOTED.matcher(captured);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String body = m.group(1);
            boolean cut = m.group(2) != null;
            boolean binary = BINARY_ESCAPE.matcher(body).find() || body.indexOf('\n') >= 0;
            if (!binary && !cut && body.length() <= LONG_QUOTE) {
                m.appendReplacement(out, Matcher.quoteReplacement(m.group()));
                continue;
            }
            String size = m.group(4) != null ? m.group(4) + " bytes"
                    : cut ? "buffer, " + unescapedLength(body) + "+ bytes shown" : unescapedLength(body) + " bytes";
            m.appendReplacement(out, Matcher.quoteReplacement("<" + size + ">"));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Bytes a C-escaped string stands for ({@code \\300} is one byte). */
    private static int unescapedLength(String body) {
        int n = 0;
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\n') {
                continue;  // a line break the capture wrapped the buffer at, no byte of it
            }
            if (c == '\\' && i + 1 < body.length()) {
                char e = body.charAt(++i);
                if (e >= '0' && e <= '7') {
                    int digits = 1;
                    while (digits < 3 && i + 1 < body.length() && body.charAt(i + 1) >= '0' && body.charAt(i + 1) <= '7') {
                        i++;
                        digits++;
                    }
                } else if (e == 'x') {
                    int digits = 0;
                    while (digits < 2 && i + 1 < body.length() && Character.digit(body.charAt(i + 1), 16) >= 0) {
                        i++;
                        digits++;
                    }
                }
            }
            n++;
        }
        return n;
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
                out.add(line(evidence.get(i), escape(dedent(buffers(text(evidence.get(i)))))));
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
