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
        List<FindingChange> resolved = findings.resolved().stream().filter(f -> FindingChange.rank(f.severity()) >= 2)
                .toList();
        List<FindingChange> added = findings.added().stream().filter(FindingChange::regression).toList();
        boolean improved = !better.isEmpty() || !resolved.isEmpty();
        boolean regressed = !regressions.isEmpty();
        List<String> clauses = new ArrayList<>();
        String outcome;
        String lead;
        if (improved && !regressed) {
            outcome = "improved";
            lead = "The change helped";
            clauses.add(figures(better, 2));
        } else if (regressed && !improved) {
            outcome = "regressed";
            lead = "The change made it worse";
            clauses.add(figures(worse, 2));
        } else if (improved) {
            outcome = "mixed";
            lead = "Mixed";
            clauses.add(better.isEmpty() ? "" : "better " + figures(better, 1));
            clauses.add(worse.isEmpty() ? "" : "worse " + figures(worse, 1));
        } else {
            outcome = "no significant change";
            lead = "No significant change";
            Metric main = metrics.stream().filter(Metric::headline).filter(m -> m.p() != null).findFirst()
                    .orElse(metrics.stream().filter(Metric::headline).findFirst().orElse(null));
            clauses.add(main == null ? "" : figure(main) + testNote(main));
        }
        clauses.add(resolved.isEmpty() ? "" : "no longer found: " + named(resolved));
        clauses.add(added.isEmpty() ? "" : "new: " + named(added));
        if (outcome.equals("no significant change") && findings.resolved().isEmpty() && findings.added().isEmpty()) {
            clauses.add(findings.persisting().isEmpty() ? "no finding before or after"
                    : "still found: " + named(findings.persisting()));
        }
        List<String> said = clauses.stream().filter(c -> !c.isBlank()).toList();
        // never a clause without words ("The change helped: ; ..."): the lead stands alone when nothing follows it
        return new Verdict(outcome, lead + (said.isEmpty() ? "" : ": " + String.join("; ", said)) + ".");
    }

    /**
     * The findings by what their rule means, not by its id (ids belong in compare.json and the
     * appendix): "I/O scheduler latency on sda (8,0), disk saturation on sd0".
     */
    private static String named(List<FindingChange> findings) {
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
        for (FindingChange f : findings) {
            names.add(name(f) + (f.subject() == null || f.subject().isBlank() ? "" : " on " + f.subject()));
        }
        return String.join(", ", names);
    }

    /**
     * A finding as the verdict names it: its rule's title up to the first colon or parenthesis
     * ("requests wait in the I/O scheduler"); rule ids are for report.json and the appendix.
     */
    static String name(FindingChange f) {
        String title = RuleCatalogue.titleInSentence(f.rule());
        int cut = title.length();
        for (char c : new char[] {':', '('}) {
            int at = title.indexOf(c);
            if (at > 0) {
                cut = Math.min(cut, at);
            }
        }
        return "\u201c" + title.substring(0, cut).strip() + "\u201d";
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
        String pct = m.changePct() == null && m.changePoints() == null ? "" : " (" + m.changeText() + ")";
        return kind(m) + " on " + m.subject() + " " + m.metric().substring(kind(m).length()).strip() + " "
                + Values.show(m.before(), m.unit()) + " -> "
                + Values.show(m.after(), m.unit()) + pct;
    }

    private static String testNote(Metric m) {
        if (m.p() == null) {
            return "";
        }
        String n = m.n() == null || m.n().size() != 2 ? ""
                : String.format(Locale.ROOT, ", n %,d / %,d", m.n().get(0), m.n().get(1));
        return " (Mann-Whitney" + n + ", " + CompareWriter.pValue(m.p()) + ")";
    }
}
