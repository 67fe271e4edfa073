package dev.ioverdict.report;

import dev.ioverdict.report.model.BatchSummary;
import java.util.Locale;

/** index.html of a batch: one row per case, most critical first, linking each report. */
public final class BatchIndex {
    private BatchIndex() {
    }

    public static String html(BatchSummary summary) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"UTF-8\"/>")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
                .append("style-src 'unsafe-inline'; img-src data:; font-src data:\"/><title>ioverdict batch</title><style>")
                .append("body{font-family:sans-serif;margin:24px;color:#1d2430}table{border-collapse:collapse}")
                .append("td,th{border:1px solid #d5dbe3;padding:4px 8px;text-align:left;vertical-align:top}")
                .append("th{background:#eef2f7}.critical{color:#b3261e;font-weight:bold}.warning{color:#d08a00}")
                .append(".failed,.nothing-usable{color:#b3261e}.damaged{color:#8a5a00}</style></head><body>\n")
                .append("<h1>ioverdict batch: ").append(summary.cases().size()).append(" case(s)</h1>\n")
                .append("<table><tr><th>case</th><th>status</th><th>critical</th><th>warning</th><th>findings</th></tr>\n");
        summary.cases().stream()
                .sorted((a, b) -> a.critical() != b.critical() ? b.critical() - a.critical()
                        : a.warning() != b.warning() ? b.warning() - a.warning() : a.caseId().compareTo(b.caseId()))
                .forEach(c -> {
                    sb.append("<tr><td>");
                    if (c.report() != null) {
                        sb.append("<a href=\"").append(esc(relativeLink(c.report()))).append("\">").append(esc(c.caseId())).append("</a>");
                    } else {
                        sb.append(esc(c.caseId()));
                    }
                    sb.append("</td><td class=\"").append(c.status()).append("\">").append(esc(c.status()));
                    if (!c.message().isEmpty()) {
                        sb.append(": ").append(esc(c.message()));
                    }
                    sb.append(String.format(Locale.ROOT, "</td><td class=\"critical\">%d</td><td class=\"warning\">%d</td><td>",
                            c.critical(), c.warning()));
                    c.findings().forEach(f -> sb.append(esc(f)).append("<br/>"));
                    sb.append("</td></tr>\n");
                });
        return sb.append("</table></body></html>\n").toString();
    }

    /**
     * "./" and each segment percent-encoded: always a relative link to a file below the index,
     * whatever the case was named ("javascript:..." becomes a path, not a scheme).
     */
    static String relativeLink(String path) {
        StringBuilder sb = new StringBuilder(".");
        for (String seg : path.split("/")) {
            if (seg.isEmpty() || seg.equals(".") || seg.equals("..")) {
                continue;
            }
            sb.append('/');
            for (byte b : seg.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
                int c = b & 0xff;
                if (c < 128 && (Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == '.' || c == '~')) {
                    sb.append((char) c);
                } else {
                    sb.append('%').append(String.format(Locale.ROOT, "%02X", c));
                }
            }
        }
        return sb.toString();
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
