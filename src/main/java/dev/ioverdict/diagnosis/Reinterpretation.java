package dev.ioverdict.diagnosis;

import dev.ioverdict.model.ConsistencyNote;
import dev.ioverdict.model.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * iostat sees a device from outside: aqu-sz counts every request in flight, await includes any
 * wait. Under a cause the block trace measured, iostat's reading of the same device is restated in
 * the cause's terms, and where it claimed something the trace contradicts (queueing in front of a
 * device that in fact serves several requests at once), that is said once, as a consistency note.
 */
final class Reinterpretation {
    private static final Set<String> IOSTAT_RULES = Set.of("disk-saturation", "queue-wait");

    private Reinterpretation() {
    }

    static List<Finding> apply(List<Finding> causes, List<ConsistencyNote> notes) {
        List<Finding> out = new ArrayList<>();
        for (Finding c : causes) {
            boolean measuredBelow = c.sources().contains("block trace") || c.sources().contains("btt report");
            if (!measuredBelow || c.symptoms().stream().noneMatch(s -> IOSTAT_RULES.contains(s.rule()))) {
                out.add(c);
                continue;
            }
            List<Finding> symptoms = new ArrayList<>();
            List<Finding> iostat = new ArrayList<>();
            for (Finding s : c.symptoms()) {
                if (IOSTAT_RULES.contains(s.rule())) {
                    iostat.add(s);
                    symptoms.add(restated(c, s));
                } else {
                    symptoms.add(s);
                }
            }
            if (c.rule().equals("device-latency")) {
                notes.add(contradiction(c, iostat));
            }
            out.add(c.withSymptoms(symptoms));
        }
        return out;
    }

    /** iostat said "queueing" where the block trace measured the device's own time: said once per device. */
    private static ConsistencyNote contradiction(Finding cause, List<Finding> iostat) {
        String d2c = cause.measurement("d2cAvg").map(m -> m.display()).orElse("?");
        String share = cause.measurement("d2cSharePct").map(m -> m.display()).orElse("most");
        List<dev.ioverdict.model.Evidence> lines = new ArrayList<>();
        iostat.forEach(f -> f.evidence().stream().limit(2).forEach(lines::add));
        return new ConsistencyNote(cause.subject().id(), "iostat reads " + cause.subject().label() + " as queueing ("
                + String.join("; ", iostat.stream().map(Finding::title).toList()) + "), but the block trace measured "
                + "where each request's time went: D2C " + d2c + ", " + share + " of Q2C, almost nothing in the "
                + "scheduler or waiting for a request. The requests iostat counts as outstanding were inside the device, "
                + "which serves several at once; iostat's estimate of queueing does not hold for it.",
                lines.stream().distinct().toList());
    }

    private static Finding restated(Finding cause, Finding iostat) {
        if (cause.rule().equals("device-latency")) {
            String d2c = cause.measurement("d2cAvg").map(m -> m.display()).orElse("?");
            String share = cause.measurement("d2cSharePct").map(m -> m.display()).orElse("most");
            return iostat.withSummary("iostat's view of the same device: " + iostat.title() + ". These requests were "
                    + "in the device itself (D2C " + d2c + ", " + share + " of Q2C in the block trace), not queued in "
                    + "front of it: the long await is the device's own time.");
        }
        String held = cause.measurement("i2dSharePct").or(() -> cause.measurement("q2gG2iSharePct"))
                .map(m -> m.display() + " of Q2C").orElse("most of Q2C");
        return iostat.withSummary("iostat's view of the same device: " + iostat.title() + ". The block trace shows "
                + "where the requests wait: " + (cause.rule().equals("scheduler-latency") ? "in the I/O scheduler"
                : "for a free request") + " (" + held + "), which iostat counts in await and aqu-sz.");
    }
}
