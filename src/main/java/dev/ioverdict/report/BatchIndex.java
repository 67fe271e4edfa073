package dev.ioverdict.report;

import dev.ioverdict.report.model.BatchSummary;
import dev.ioverdict.report.model.BatchSummary.CaseResult;
import dev.ioverdict.report.model.BatchSummary.FindingRef;
import dev.ioverdict.report.model.CaseStatus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * index.html of a batch, for triage over hundreds of cases: totals per verdict and severity, how
 * many cases each rule fired in, then one row per case (worst first, then by id: the same
 * summary gives the same page) with its findings and links to its HTML, PDF and JSON reports.
 * A small inline script sorts by any column and filters by text or verdict; the page loads
 * nothing, and its Content-Security-Policy allows that one script by its hash and nothing else.
 * Links are relative or not written.
 */
public final class BatchIndex {
    private static final List<String> VERDICTS = List.of("critical", CaseStatus.FAILED.id(), "warning", "info", "clean",
            CaseStatus.NOTHING_USABLE.id());
    private static final String SCRIPT = """
            (function () {
              var t = document.getElementById('cases'), q = document.getElementById('q'), v = document.getElementById('v');
              var body = t.tBodies[0];
              document.body.className = 'scripted';
              function filter() {
                var s = q.value.toLowerCase(), w = v.value, shown = 0;
                Array.prototype.forEach.call(body.rows, function (r) {
                  var text = (r.textContent + ' ' + r.getAttribute('data-rules')).toLowerCase();
                  var ok = (!s || text.indexOf(s) >= 0) && (!w || r.getAttribute('data-verdict') === w);
                  r.hidden = !ok;
                  if (ok) { shown++; }
                });
                document.getElementById('shown').textContent = shown;
              }
              q.addEventListener('input', filter);
              v.addEventListener('change', filter);
              Array.prototype.forEach.call(document.querySelectorAll('[data-rule]'), function (a) {
                a.addEventListener('click', function (e) { e.preventDefault(); q.value = a.getAttribute('data-rule'); filter(); });
              });
              t.tHead.addEventListener('click', function (e) {
                var th = e.target.closest('th');
                if (!th || !th.getAttribute('data-key')) { return; }
                var key = 'data-' + th.getAttribute('data-key'), num = th.hasAttribute('data-num');
                var dir = th.getAttribute('aria-sort') === 'descending' ? 1 : -1;
                Array.prototype.forEach.call(t.tHead.rows[0].cells, function (c) { c.removeAttribute('aria-sort'); });
                th.setAttribute('aria-sort', dir < 0 ? 'descending' : 'ascending');
                var rows = Array.prototype.slice.call(body.rows);
                rows.sort(function (a, b) {
                  var x = a.getAttribute(key), y = b.getAttribute(key);
                  var c = num ? Number(x) - Number(y) : x.localeCompare(y);
                  return c * dir || Number(a.getAttribute('data-order')) - Number(b.getAttribute('data-order'));
                });
                rows.forEach(function (r) { body.appendChild(r); });
              });
            })();
            """;
    static final String CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; script-src '"
            + sha256(SCRIPT) + "'";
    private static final String STYLE = "body{font-family:\"DejaVu Sans\",\"Helvetica Neue\",Arial,sans-serif;"
            + "margin:24px auto;max-width:1200px;padding:0 16px;color:#1d2430;font-size:10.5pt;line-height:1.4}"
            + "header{border-bottom:3px solid #1d2430;margin-bottom:14px;padding-bottom:6px}"
            + ".brand{color:#5b6573;font-size:9pt;letter-spacing:.04em}h1{margin:4px 0;font-size:18pt}"
            + "h2{font-size:13pt;margin:18px 0 6px;border-bottom:1px solid #d5dbe3}p.lead{font-size:11pt;max-width:60em}"
            + ".scroll{overflow-x:auto}"
            + "table{border-collapse:collapse;margin-bottom:18px}"
            + "td,th{border:1px solid #d5dbe3;padding:4px 8px;text-align:left;vertical-align:top}"
            + "th{background:#eef2f7}.scripted th[data-key]{cursor:pointer}.tools{display:none}.scripted .tools{display:block}th[aria-sort=descending]::after{content:' \\25BE'}"
            + "th[aria-sort=ascending]::after{content:' \\25B4'}td.n{text-align:right}"
            + ".zero{color:#9aa3ad}.critical{color:#b3261e;font-weight:bold}.warning{color:#a06a00;font-weight:bold}"
            + ".info{color:#2b5fa6}.clean{color:#2e7d32}.failed,.nothing-usable{color:#b3261e}.damaged{color:#8a5a00}"
            + ".scripted .tools{margin:12px 0}.tools input{width:24em}ul{margin:0;padding-left:18px}.small{color:#5b6573;font-size:90%}";

    private BatchIndex() {
    }

    /** Cases index.html lists itself, the worst first; a bigger batch lists the rest on pages of its own. */
    public static final int LISTED = 200;
    /** Cases on each further page, {@code cases-0001.html} on. */
    public static final int PER_PAGE = 1000;

    public static String html(BatchSummary summary) {
        return html(summary, null);
    }

    /**
     * The page with the time it was written ({@code generated}, null: none, so the same cases give
     * the same page) in its masthead. Up to {@link #LISTED} cases it lists them all; a bigger batch
     * gets the summary in words, the verdicts, the causes and its worst {@link #LISTED} cases, then
     * links to {@link #pages} of {@link #PER_PAGE} cases each: its size stays within a bound however
     * many cases there are, so it opens at once (summary.json holds the whole list).
     */
    public static String html(BatchSummary summary, java.time.Instant generated) {
        List<CaseResult> cases = ordered(summary);
        int pages = pageCount(cases.size());
        StringBuilder sb = new StringBuilder(16384 + Math.min(cases.size(), LISTED) * 512);
        head(sb, cases.size() + (cases.size() == 1 ? " case" : " cases"));
        sb.append("<h1>").append(cases.size()).append(cases.size() == 1 ? " case" : " cases").append(" diagnosed</h1>");
        masthead(sb, cases, generated);
        sb.append("<p class=\"lead\">").append(esc(inWords(cases))).append("</p>\n");
        sb.append("<h2>Verdicts</h2>\n");
        totals(sb, cases);
        sb.append("<h2>Causes</h2>\n");
        rules(sb, cases);
        if (pages == 0) {
            sb.append("<h2>Cases</h2>\n");
            table(sb, cases, 0, cases.size());
        } else {
            sb.append("<h2>The ").append(LISTED).append(" worst cases</h2>\n<p class=\"small\">Worst verdict first, then most ")
                    .append("critical, warning and info findings. Every case: ");
            pageLinks(sb, cases.size(), pages, 0);
            sb.append(" (").append(PER_PAGE).append(" a page, in the same order), or summary.json.</p>\n");
            table(sb, cases, 0, LISTED);
        }
        return end(sb);
    }

    /** How many further pages of cases a batch of {@code cases} gets: none when index.html lists them all. */
    public static int pageCount(int cases) {
        return cases <= LISTED ? 0 : (cases + PER_PAGE - 1) / PER_PAGE;
    }

    /** The file name of page {@code n} (1-based), beside index.html so the links to reports stay as they are. */
    public static String pageName(int n) {
        return String.format(Locale.ROOT, "cases-%04d.html", n);
    }

    /** Page {@code n} (1-based) of a batch's cases, in index.html's order, with the same filter and sort over its rows. */
    public static String page(BatchSummary summary, int n) {
        return page(ordered(summary), n);
    }

    private static String page(List<CaseResult> cases, int n) {
        int pages = pageCount(cases.size());
        int from = (n - 1) * PER_PAGE;
        int to = Math.min(cases.size(), from + PER_PAGE);
        StringBuilder sb = new StringBuilder(16384 + PER_PAGE * 512);
        String what = String.format(Locale.ROOT, "cases %,d to %,d of %,d", from + 1, to, cases.size());
        head(sb, what);
        sb.append("<h1>").append(esc(what)).append("</h1>");
        masthead(sb, cases, null);
        sb.append("<p><a href=\"./index.html\">summary of the batch</a> &#183; pages: ");
        pageLinks(sb, cases.size(), pages, n);
        sb.append("</p>\n");
        table(sb, cases, from, to);
        return end(sb);
    }

    /**
     * Writes index.html and its pages of cases into {@code dir} (each whole or not at all), and
     * removes the pages an earlier, bigger batch left there. Pages are made one at a time: a batch's
     * pages never sit in memory together.
     */
    public static void write(Path dir, BatchSummary summary, java.time.Instant generated) throws java.io.IOException {
        List<CaseResult> cases = ordered(summary);
        int pages = pageCount(cases.size());
        for (int n = 1; n <= pages; n++) {
            String page = page(cases, n);
            ReportWriter.atomically(dir.resolve(pageName(n)), f -> Files.writeString(f, page, StandardCharsets.UTF_8));
        }
        try (var listed = Files.list(dir)) {
            for (Path old : listed.toList()) {
                java.util.regex.Matcher m = PAGE.matcher(old.getFileName().toString());
                if (m.matches() && Integer.parseInt(m.group(1)) > pages) {
                    Files.deleteIfExists(old);
                }
            }
        }
        String index = html(summary, generated);
        ReportWriter.atomically(dir.resolve("index.html"), f -> Files.writeString(f, index, StandardCharsets.UTF_8));
    }

    private static final java.util.regex.Pattern PAGE = java.util.regex.Pattern.compile("cases-(\\d{4,})\\.html");

    private static List<CaseResult> ordered(BatchSummary summary) {
        List<CaseResult> cases = new ArrayList<>(summary.cases());
        cases.sort(Comparator.comparingInt((CaseResult c) -> rank(c.verdict()))
                .thenComparing(Comparator.comparingInt(CaseResult::critical).reversed())
                .thenComparing(Comparator.comparingInt(CaseResult::warning).reversed())
                .thenComparing(Comparator.comparingInt(CaseResult::info).reversed())
                .thenComparing(CaseResult::caseId));
        return cases;
    }

    private static void head(StringBuilder sb, String title) {
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"UTF-8\"/>")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(CSP).append("\"/>")
                .append("<title>ioverdict batch: ").append(esc(title))
                .append("</title><style>").append(STYLE).append("</style></head><body>\n")
                .append("<header><div class=\"brand\">ioverdict ").append(esc(Version.get())).append(" &#183; batch</div>");
    }

    private static void masthead(StringBuilder sb, List<CaseResult> cases, java.time.Instant generated) {
        sb.append("<div class=\"small\">");
        List<String> sources = sources(cases);
        if (!sources.isEmpty()) {
            sb.append("from <b>").append(esc(String.join(", ", sources))).append("</b>");
        }
        if (generated != null) {
            sb.append(sources.isEmpty() ? "" : " &#183; ").append("written ")
                    .append(esc(java.time.format.DateTimeFormatter.ISO_LOCAL_DATE.withZone(java.time.ZoneOffset.UTC)
                            .format(generated)))
                    .append(" ").append(esc(java.time.format.DateTimeFormatter.ofPattern("HH:mm")
                            .withZone(java.time.ZoneOffset.UTC).format(generated))).append(" UTC");
        }
        sb.append("</div></header>\n");
    }

    /** Links to every page of cases, the current one ({@code current}, 1-based; 0: none) in bold. */
    private static void pageLinks(StringBuilder sb, int cases, int pages, int current) {
        for (int n = 1; n <= pages; n++) {
            sb.append(n > 1 ? " " : "");
            String range = String.format(Locale.ROOT, "%d&#8211;%d", (n - 1) * PER_PAGE + 1, Math.min(cases, n * PER_PAGE));
            if (n == current) {
                sb.append("<b>").append(range).append("</b>");
            } else {
                sb.append("<a href=\"./").append(pageName(n)).append("\">").append(range).append("</a>");
            }
        }
    }

    /** The table of cases {@code from} (inclusive) to {@code to}, with its filter and sort tools. */
    private static void table(StringBuilder sb, List<CaseResult> cases, int from, int to) {
        sb.append("<div class=\"tools\"><label>Filter <input id=\"q\" type=\"search\" placeholder=\"case, rule, text\"/></label> ")
                .append("<label>verdict <select id=\"v\"><option value=\"\">any</option>");
        VERDICTS.forEach(v -> sb.append("<option>").append(v).append("</option>"));
        sb.append("</select></label> <span class=\"small\"><span id=\"shown\">").append(to - from)
                .append("</span> shown; click a column to sort</span></div>\n")
                .append("<div class=\"scroll\"><table id=\"cases\"><thead><tr><th data-key=\"id\">case</th><th data-key=\"rank\" data-num=\"\">verdict</th>")
                .append("<th data-key=\"critical\" data-num=\"\">critical</th><th data-key=\"warning\" data-num=\"\">warning</th>")
                .append("<th data-key=\"info\" data-num=\"\">info</th><th>findings</th><th>reports</th></tr></thead><tbody>\n");
        for (int i = from; i < to; i++) {
            row(sb, cases.get(i), i);
        }
        sb.append("</tbody></table></div>\n");
    }

    private static String end(StringBuilder sb) {
        return sb.append("<script>").append(SCRIPT).append("</script>\n</body></html>\n").toString();
    }

    private static void totals(StringBuilder sb, List<CaseResult> cases) {
        sb.append("<table><tr><th>verdict</th>");
        VERDICTS.forEach(v -> sb.append("<th>").append(v).append("</th>"));
        sb.append("</tr><tr><td>cases</td>");
        for (String v : VERDICTS) {
            long n = cases.stream().filter(c -> c.verdict().equals(v)).count();
            count(sb, n, v);
        }
        sb.append("</tr></table>\n<table><tr><th>findings</th><th>critical</th><th>warning</th><th>info</th>")
                .append("<th>cases with damaged input</th></tr><tr><td>all cases</td>");
        count(sb, cases.stream().mapToLong(CaseResult::critical).sum(), "critical");
        count(sb, cases.stream().mapToLong(CaseResult::warning).sum(), "warning");
        count(sb, cases.stream().mapToLong(CaseResult::info).sum(), "info");
        count(sb, cases.stream().filter(c -> c.status() == CaseStatus.DAMAGED).count(), "damaged");
        sb.append("</tr></table>\n");
    }

    /** Per rule: the cases it fired in and its findings, worst severity first, then by id. */
    private static void rules(StringBuilder sb, List<CaseResult> cases) {
        Map<String, long[]> byRule = new TreeMap<>();
        Map<String, String> worst = new TreeMap<>();
        for (CaseResult c : cases) {
            c.findingDetails().stream().map(FindingRef::rule).distinct()
                    .forEach(r -> byRule.computeIfAbsent(r, k -> new long[2])[0]++);
            for (FindingRef f : c.findingDetails()) {
                byRule.computeIfAbsent(f.rule(), k -> new long[2])[1]++;
                worst.merge(f.rule(), f.severity(), (a, b) -> rank(a) <= rank(b) ? a : b);
            }
        }
        if (byRule.isEmpty()) {
            return;
        }
        List<String> order = new ArrayList<>(byRule.keySet());
        order.sort(Comparator.comparingInt((String r) -> rank(worst.get(r)))
                .thenComparing(Comparator.comparingLong((String r) -> byRule.get(r)[0]).reversed())
                .thenComparing(Comparator.naturalOrder()));
        sb.append("<table><tr><th>cause</th><th>worst</th><th>cases</th><th>findings</th></tr>\n");
        for (String r : order) {
            sb.append("<tr><td><a href=\"#cases\" data-rule=\"").append(esc(r)).append("\">").append(esc(title(r)))
                    .append("</a></td><td class=\"").append(esc(worst.get(r))).append("\">").append(esc(worst.get(r)))
                    .append("</td>");
            count(sb, byRule.get(r)[0], "");
            count(sb, byRule.get(r)[1], "");
            sb.append("</tr>\n");
        }
        sb.append("</table>\n");
    }

    private static void row(StringBuilder sb, CaseResult c, int order) {
        sb.append("<tr data-order=\"").append(order).append("\" data-id=\"").append(esc(c.caseId()))
                .append("\" data-verdict=\"").append(esc(c.verdict())).append("\" data-rank=\"").append(rank(c.verdict()))
                .append("\" data-critical=\"").append(c.critical()).append("\" data-warning=\"").append(c.warning())
                .append("\" data-info=\"").append(c.info()).append("\" data-rules=\"")
                .append(esc(String.join(" ", c.findingDetails().stream().map(FindingRef::rule).distinct().toList())))
                .append("\"><td>");
        String main = safeLink(c.report());
        if (main != null) {
            sb.append("<a href=\"").append(esc(main)).append("\">").append(esc(c.caseId())).append("</a>");
        } else {
            sb.append(esc(c.caseId()));
        }
        sb.append("</td><td class=\"").append(esc(c.verdict())).append("\">").append(esc(c.verdict()));
        if (c.status() != CaseStatus.OK && !c.status().id().equals(c.verdict())) {
            sb.append(" <span class=\"").append(esc(c.status().id())).append("\">(").append(esc(c.status().id()))
                    .append(")</span>");
        }
        if (!c.message().isEmpty()) {
            sb.append("<div class=\"small\">").append(esc(c.message())).append("</div>");
        }
        sb.append("</td>");
        count(sb, c.critical(), "critical");
        count(sb, c.warning(), "warning");
        count(sb, c.info(), "info");
        sb.append("<td>");
        if (!c.findingDetails().isEmpty()) {
            sb.append("<ul>");
            for (FindingRef f : c.findingDetails()) {
                sb.append("<li><span class=\"").append(esc(f.severity())).append("\">").append(esc(f.severity()))
                        .append("</span> ").append(esc(f.title()));
                if (f.subject() != null && !f.subject().isEmpty()) {
                    sb.append(" <span class=\"small\">(").append(esc(f.subject())).append(")</span>");
                }
                sb.append("</li>");
            }
            sb.append("</ul>");
        } else {
            c.findings().forEach(f -> sb.append(esc(f)).append("<br/>"));
        }
        sb.append("</td><td>");
        List<String> links = new ArrayList<>();
        for (String r : c.reports()) {
            String link = safeLink(r);
            if (link != null) {
                String kind = link.substring(link.lastIndexOf('.') + 1).toUpperCase(Locale.ROOT);
                links.add("<a href=\"" + esc(link) + "\">" + esc(kind) + "</a>");
            }
        }
        sb.append(String.join(" · ", links)).append("</td></tr>\n");
    }

    /** What a rule looks for, in words (its id stays in summary.json): "Disk saturated: long service times while busy". */
    private static String title(String rule) {
        return dev.ioverdict.rules.RuleCatalogue.title(rule);
    }

    /** The folders or archives the cases came from, by their own names (never the analyst's path). */
    private static List<String> sources(List<CaseResult> cases) {
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (CaseResult c : cases) {
            if (c.source() == null) {
                continue;
            }
            java.nio.file.Path parent = java.nio.file.Path.of(c.source()).getParent();
            if (parent != null && parent.getFileName() != null) {
                names.add(parent.getFileName().toString());
            }
        }
        return List.copyOf(names);
    }

    /**
     * The batch in one paragraph: "Of 12 cases, 5 show disk saturated: long service times while
     * busy (3 critical), 2 show ...; 4 are clean; 1 failed."
     */
    static String inWords(List<CaseResult> cases) {
        Map<String, long[]> byRule = new java.util.LinkedHashMap<>();
        for (CaseResult c : cases) {
            Map<String, String> worst = new java.util.LinkedHashMap<>();
            c.findingDetails().forEach(f -> worst.merge(f.rule(), f.severity(), (a, b) -> rank(a) <= rank(b) ? a : b));
            worst.forEach((rule, severity) -> {
                long[] n = byRule.computeIfAbsent(rule, k -> new long[2]);
                n[0]++;
                if (severity.equals("critical")) {
                    n[1]++;
                }
            });
        }
        List<String> parts = new ArrayList<>();
        byRule.entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<String, long[]> e) -> -e.getValue()[0])
                        .thenComparing(Map.Entry::getKey))
                .forEach(e -> parts.add(e.getValue()[0] + (e.getValue()[0] == 1 ? " shows " : " show ")
                        + dev.ioverdict.rules.RuleCatalogue.titleInSentence(e.getKey())
                        + (e.getValue()[1] > 0 ? " (" + e.getValue()[1] + " critical)" : "")));
        long clean = cases.stream().filter(c -> c.verdict().equals("clean")).count();
        long failed = cases.stream().filter(c -> c.status() == CaseStatus.FAILED).count();
        long nothing = cases.stream().filter(c -> c.status() == CaseStatus.NOTHING_USABLE).count();
        long damaged = cases.stream().filter(c -> c.status() == CaseStatus.DAMAGED).count();
        StringBuilder sb = new StringBuilder("Of ").append(cases.size()).append(cases.size() == 1 ? " case, " : " cases, ");
        List<String> rest = new ArrayList<>();
        if (!parts.isEmpty()) {
            rest.add(String.join("; ", parts));
        }
        if (clean > 0) {
            rest.add(clean + (clean == 1 ? " is clean" : " are clean"));
        }
        if (failed > 0) {
            rest.add(failed + " failed");
        }
        if (nothing > 0) {
            rest.add(nothing + " held nothing ioverdict reads");
        }
        if (damaged > 0) {
            rest.add(damaged + (damaged == 1 ? " had a damaged input" : " had damaged inputs"));
        }
        return sb.append(rest.isEmpty() ? "none was diagnosed" : String.join("; ", rest)).append(".").toString();
    }

    /** Counts: a zero is grey, never in its severity's colour. */
    private static void count(StringBuilder sb, long n, String cls) {
        sb.append("<td class=\"n ").append(n == 0 ? "zero" : esc(cls)).append("\">").append(n).append("</td>");
    }

    /** A relative link within the output, or null: no scheme, no absolute path, nothing leaving upward past shards. */
    static String safeLink(String link) {
        if (link == null || link.isEmpty() || link.startsWith("/") || link.startsWith("\\") || link.contains("\\")) {
            return null;
        }
        int colon = link.indexOf(':');
        int slash = link.indexOf('/');
        if (colon >= 0 && (slash < 0 || colon < slash)) {
            return null;
        }
        // "./" first: whatever the name, a browser reads it as a path, never as a scheme
        return link.startsWith("./") || link.startsWith("../") ? link : "./" + link;
    }

    private static int rank(String verdict) {
        int i = verdict == null ? -1 : VERDICTS.indexOf(verdict);
        return i < 0 ? VERDICTS.size() : i;
    }

    private static String sha256(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return "sha256-" + Base64.getEncoder().encodeToString(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
    }
}
