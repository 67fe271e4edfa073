package dev.ioverdict.diagnosis;

import dev.ioverdict.model.ConsistencyNote;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.RuleCatalogue;
import java.util.ArrayList;
import java.util.List;

/**
 * iostat sees a device from outside: aqu-sz counts every request in flight, await includes any
 * wait. Under a cause the block trace measured, iostat's reading of the same device is restated in
 * the cause's terms, and where it claimed something the trace contradicts (queueing in front of a
 * device that in fact serves several requests at once), that is said once, as a consistency note.
 * Which findings are outside views, and how a cause restates them, the rules declare
 * ({@link Meaning#seenFromOutside()}, {@link Meaning#insideView(Meaning.InsideView)}).
 */
final class Reinterpretation {
    private Reinterpretation() {
    }

    static List<Finding> apply(List<Finding> causes, List<ConsistencyNote> notes) {
        List<Finding> out = new ArrayList<>();
        for (Finding c : causes) {
            Meaning.InsideView view = RuleCatalogue.meaning(c.rule()).insideView();
            if (view == null || !EvidenceKind.blockLayer(c) || c.symptoms().stream().noneMatch(Reinterpretation::outside)) {
                out.add(c);
                continue;
            }
            List<Finding> symptoms = new ArrayList<>();
            List<Finding> iostat = new ArrayList<>();
            for (Finding s : c.symptoms()) {
                if (outside(s)) {
                    iostat.add(s);
                    symptoms.add(s.withSummary(view.restated(c, s)));
                } else {
                    symptoms.add(s);
                }
            }
            String contradiction = view.contradiction(c, iostat);
            if (contradiction != null) {
                // said once per device: the lines of iostat that claimed the queue
                List<Evidence> lines = new ArrayList<>();
                iostat.forEach(f -> f.evidence().stream().limit(2).forEach(lines::add));
                notes.add(new ConsistencyNote(c.subject().id(), contradiction, lines.stream().distinct().toList()));
            }
            out.add(c.withSymptoms(symptoms));
        }
        return out;
    }

    /** An outside view: a finding of a rule reading iostat's averages, unless a block trace showed it too. */
    private static boolean outside(Finding f) {
        return RuleCatalogue.meaning(f.rule()).outsideView() && !EvidenceKind.blockLayer(f);
    }
}
