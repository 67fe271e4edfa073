package dev.ioverdict.compare;

import dev.ioverdict.rules.RuleCatalogue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The verdict: improved, regressed, mixed or no significant change, in one or two sentences. */
final class VerdictWriter {
    private VerdictWriter() {
    }

    record Verdict(String outcome, String sentence) {
    }

    static Verdict write(List<Metric> metrics, FindingChange.Diff findings, List<String> regressions) {
        List<List<Metric>> better = strongest(metrics.stream().filter(m -> m.headline() && m.better()).toList());
        List<List<Metric>> worse = strongest(metrics.stream().filter(m -> m.headline() && m.worse()).toList());
        List<String> resolved = findings.resolved().stream().filter(f -> FindingChange.rank(f.severity()) >= 2)
                .map(VerdictWriter::name).distinct().toList();
        List<String> added = findings.added().stream().filter(FindingChange::regression).map(VerdictWriter::name)
                .distinct().toList();
        boolean improved = !better.isEmpty() || !resolved.isEmpty();
        boolean regressed = !regressions.isEmpty();
        List<String> parts = new ArrayList<>();
        String outcome;
        if (improved && !regressed) {
            outcome = "improved";
            parts.add("The change helped: " + figures(better, 2));
        } else if (regressed && !improved) {
            outcome = "regressed";
            parts.add("The change made it worse: " + figures(worse, 2));
        } else if (improved) {
            outcome = "mixed";
            parts.add("Mixed: better " + figures(better, 1) + "; worse " + figures(worse, 1));
        } else {
            outcome = "no significant change";
            Metric main = metrics.stream().filter(Metric::headline).filter(m -> m.p() != null).findFirst()
                    .orElse(metrics.stream().filter(Metric::headline).findFirst().orElse(null));
            parts.add("No significant change" + (main == null ? "" : ": " + figure(main) + testNote(main)));
        }
        if (!resolved.isEmpty()) {
            parts.add(String.join(", ", resolved) + " resolved");
        }
        if (!added.isEmpty()) {
            parts.add(String.join(", ", added) + " new");
        }
        if (outcome.equals("no significant change") && findings.resolved().isEmpty() && findings.added().isEmpty()) {
            parts.add(findings.persisting().isEmpty() ? "no finding before or after"
                    : findings.persisting().stream().map(VerdictWriter::name).distinct()
                            .collect(Collectors.joining(", ")) + " persisting");
        }
        return new Verdict(outcome, String.join("; ", parts.stream().filter(p -> !p.isBlank()).toList()) + ".");
    }

    /**
     * A finding as the verdict names it: its rule's title up to the first colon or parenthesis
     * ("requests wait in the I/O scheduler"); rule ids are for report.json and the appendix.
     */
    static String name(FindingChange f) {
        String title = RuleCatalogue.all().stream().map(r -> r.info()).filter(i -> i.id().equals(f.rule()))
                .map(i -> i.title()).findFirst().orElse(f.rule());
        int cut = title.length();
        for (char c : new char[] {':', '('}) {
            int at = title.indexOf(c);
            if (at > 0) {
                cut = Math.min(cut, at);
            }
        }
        String shortTitle = title.substring(0, cut).strip();
        if (shortTitle.length() > 1 && Character.isUpperCase(shortTitle.charAt(0)) && !Character.isUpperCase(shortTitle.charAt(1))) {
            shortTitle = Character.toLowerCase(shortTitle.charAt(0)) + shortTitle.substring(1);
        }
        return "'" + shortTitle + "'";
    }

    /**
     * One entry per subject and figure kind (Q2C, io_getevents ...), the kind with the largest
     * change first; each entry leads with the median where it changed, and adds p95.
     */
    private static List<List<Metric>> strongest(List<Metric> in) {
        List<Metric> sorted = new ArrayList<>(in);
        // what the application waits for at the block layer first, then syscalls, fio, iostat
        sorted.sort(Comparator.comparingInt((Metric m) -> List.of("block", "syscall", "fio", "iostat").indexOf(m.layer()))
                .thenComparingDouble(m -> -Math.abs(Math.log(ratio(m)))));
        java.util.Map<String, List<Metric>> groups = new java.util.LinkedHashMap<>();
        for (Metric m : sorted) {
            groups.computeIfAbsent(m.subject() + "|" + kind(m), k -> new ArrayList<>()).add(m);
        }
        List<List<Metric>> out = new ArrayList<>();
        for (List<Metric> g : groups.values()) {
            List<Metric> ordered = new ArrayList<>(g);
            ordered.sort(Comparator.comparingInt(VerdictWriter::statOrder));
            out.add(ordered);
        }
        return out;
    }

    /** "read clat median (fio, whole run)": the figure's name without what it was measured over. */
    private static String bare(Metric m) {
        String name = m.metric();
        return name.endsWith(")") && name.contains(" (") ? name.substring(0, name.lastIndexOf(" (")) : name;
    }

    private static String kind(Metric m) {
        int space = bare(m).lastIndexOf(' ');
        return space < 0 ? bare(m) : bare(m).substring(0, space);
    }

    private static int statOrder(Metric m) {
        String stat = bare(m).substring(bare(m).lastIndexOf(' ') + 1);
        return switch (stat) {
            case "median" -> 0;
            case "p95" -> 1;
            case "avg" -> 2;
            default -> 3;
        };
    }

    private static double ratio(Metric m) {
        double b = Math.max(Math.abs(m.before()), 1e-12);
        double a = Math.max(Math.abs(m.after()), 1e-12);
        return a / b;
    }

    private static String figures(List<List<Metric>> groups, int most) {
        return groups.stream().limit(most).map(VerdictWriter::group).collect(Collectors.joining(", "));
    }

    /** "Q2C on sda (8,0) median 12.2 ms -> 0.289 ms (-97.6 %), p95 33.8 ms -> 0.477 ms". */
    private static String group(List<Metric> g) {
        Metric lead = g.get(0);
        StringBuilder sb = new StringBuilder(figure(lead));
        if (g.size() > 1 && statOrder(lead) == 0 && statOrder(g.get(1)) == 1) {
            Metric p95 = g.get(1);
            sb.append(", p95 ").append(Values.show(p95.before(), p95.unit())).append(" -> ")
                    .append(Values.show(p95.after(), p95.unit()));
        }
        return sb.toString();
    }

    static String figure(Metric m) {
        String pct = m.changePct() == null ? "" : String.format(Locale.ROOT, " (%+.1f %%)", m.changePct());
        return kind(m) + " on " + m.subject() + " " + m.metric().substring(kind(m).length()).strip() + " "
                + Values.show(m.before(), m.unit()) + " -> "
                + Values.show(m.after(), m.unit()) + pct;
    }

    private static String testNote(Metric m) {
        return m.p() == null ? "" : String.format(Locale.ROOT, ", Mann-Whitney p = %.2g", m.p());
    }
}
