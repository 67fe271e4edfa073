package dev.ioverdict.diagnosis;

import dev.ioverdict.model.Finding;
import java.util.function.BiPredicate;

/**
 * "A finding of rule {@code symptom} is explained by one of rule {@code cause}" when {@code holds}
 * for the pair: e.g. io_submit blocking under unaligned direct I/O when it sleeps in the drain.
 */
record Relation(String cause, String symptom, BiPredicate<Finding, Finding> holds) {

    boolean holds(Finding cause, Finding symptom) {
        return cause.rule().equals(this.cause) && symptom.rule().equals(this.symptom) && holds.test(cause, symptom);
    }

    /** Both about the same device, process or file. */
    static boolean sameSubject(Finding a, Finding b) {
        return a.subject() != null && b.subject() != null && a.subject().key().equals(b.subject().key());
    }
}
