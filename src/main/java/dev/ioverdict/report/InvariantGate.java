package dev.ioverdict.report;

import dev.ioverdict.diagnosis.Diagnosed;
import dev.ioverdict.model.ConsistencyNote;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Invariants;
import dev.ioverdict.model.layers.LayerTimes;
import dev.ioverdict.report.model.Report;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The last check before a report is written: a figure that breaks an {@link Invariants invariant}
 * is a defect, never a fact. Under the test suite ({@link Invariants#STRICT}) it fails the run; in a
 * user's run the finding or row that carries it is withheld, and a data-consistency note names the
 * figure, the invariant and the inputs it came from. The analyses and rules keep their figures
 * within the invariants where they make them; this gate is what keeps a slip from reaching a reader.
 */
public final class InvariantGate {
    private static final Pattern HIDDEN = Pattern.compile("(?s)<(script|style|pre|code|svg)[^>]*>.*?</\\1>");
    private static final Pattern TAG = Pattern.compile("(?s)<[^>]+>");

    private InvariantGate() {
    }

    /** The diagnosis without the causes and symptoms whose own figures break an invariant, each noted. */
    static Diagnosed findings(Diagnosed outcome) {
        List<ConsistencyNote> notes = new ArrayList<>(outcome.consistency());
        List<Finding> causes = new ArrayList<>();
        for (Finding cause : outcome.causes()) {
            if (!kept(cause.withSymptoms(List.of()), notes)) {
                continue;
            }
            List<Finding> symptoms = cause.symptoms().stream().filter(s -> kept(s, notes)).toList();
            causes.add(symptoms.size() == cause.symptoms().size() ? cause : cause.withSymptoms(symptoms));
        }
        return notes.size() == outcome.consistency().size() ? outcome
                : new Diagnosed(causes, outcome.notEvaluated(), outcome.failures(), notes);
    }

    private static boolean kept(Finding f, List<ConsistencyNote> notes) {
        List<Invariants.Violation> broken = Invariants.check(JsonRenderer.MAPPER.valueToTree(f));
        if (broken.isEmpty()) {
            return true;
        }
        String what = "the finding " + f.rule() + (f.subject() == null ? "" : " about " + f.subject().id());
        failIfStrict(what, broken);
        Set<String> inputs = f.evidence().stream().map(Evidence::input).collect(Collectors.toCollection(LinkedHashSet::new));
        notes.add(new ConsistencyNote(f.subject() == null ? f.rule() : f.subject().id(), "ioverdict withheld " + what
                + ": " + describe(broken) + (inputs.isEmpty() ? "" : ", from " + String.join(", ", inputs))
                + ". Such a figure cannot be true; the inputs disagree with each other or ioverdict misread them.",
                f.evidence().stream().limit(4).toList()));
        return false;
    }

    /** The report without the layer rows that break an invariant; anything else broken is noted (or fails the tests). */
    static Report rest(Report report) {
        List<Invariants.Violation> broken = Invariants.check(JsonRenderer.MAPPER.valueToTree(report));
        if (broken.isEmpty()) {
            return report;
        }
        failIfStrict("report.json", broken);
        List<ConsistencyNote> notes = new ArrayList<>(report.consistency());
        LayerTimes layers = report.layers();
        if (layers != null) {
            List<LayerTimes.Row> rows = new ArrayList<>();
            for (int i = 0; i < layers.rows().size(); i++) {
                String at = "layers.rows[" + i + "]";
                if (broken.stream().noneMatch(v -> v.where().equals(at) || v.where().startsWith(at + "."))) {
                    rows.add(layers.rows().get(i));
                }
            }
            layers = new LayerTimes(layers.summary(), rows, layers.paths(), layers.pathsNote());
        }
        notes.add(new ConsistencyNote("report", "ioverdict withheld or doubts figures that cannot be true: "
                + describe(broken) + ". The inputs disagree with each other or ioverdict misread them.", List.of()));
        return new Report(report.schema(), report.tool(), report.caseInfo(), report.summary(), report.verdict(), layers,
                report.inputs(), report.block(), report.syscalls(), report.iostat(), report.config(), report.findings(),
                report.notEvaluated(), report.failedRules(), notes, report.window(), report.marks(), report.timeModel(),
                report.redaction(), report.periods(), report.analysisFailures(), report.devices(), report.seenBefore());
    }

    /** What a reader sees of an HTML page: no scripts, styles, captured lines, code or charts. */
    public static String visibleText(String html) {
        String s = TAG.matcher(HIDDEN.matcher(html).replaceAll(" ")).replaceAll(" ");
        return s.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").replace("&nbsp;", " ")
                .replace("&#37;", "%").replace("\u00a0", " ").replace("\u202f", " ");
    }

    /** Under the test suite, a view whose visible text states an impossible share fails the run. */
    static void text(String view, String text) {
        if (Invariants.strict()) {
            failIfStrict(view, Invariants.checkText(view, text));
        }
    }

    private static void failIfStrict(String what, List<Invariants.Violation> broken) {
        if (Invariants.strict() && !broken.isEmpty()) {
            throw new IllegalStateException("broken invariants in " + what + ": " + broken);
        }
    }

    private static String describe(List<Invariants.Violation> broken) {
        // a sentence that broke one is not quoted: the note would state the impossible share again
        return broken.stream().limit(5).map(v -> (v.figures().startsWith("\u2026") ? "" : v.figures() + " breaks ")
                        + "\u201c" + v.invariant() + "\u201d at " + v.where())
                .collect(Collectors.joining("; ")) + (broken.size() > 5 ? "; " + (broken.size() - 5) + " more" : "");
    }
}
