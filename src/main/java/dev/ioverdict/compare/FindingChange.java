package dev.ioverdict.compare;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Measurement;
import dev.ioverdict.model.Subject;
import dev.ioverdict.report.model.Report;
import dev.ioverdict.rules.wait.SyncWriteLatencyRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A finding on one or both sides, matched by rule and subject: {@code severity} is the worse of
 * the two; the impact (seconds of I/O time it explains, and the share) before and after.
 */
@JsonPropertyOrder({"rule", "subject", "severity", "severityBefore", "severityAfter", "title", "impactBefore",
    "impactAfter", "matched"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FindingChange(String rule, String subject, String severity, String severityBefore, String severityAfter,
                            String title, Impact impactBefore, Impact impactAfter, String matched) {
    /** The impact on one side, and in the words every report says it ({@code text}: seconds, share, per second). */
    public record Impact(Double seconds, Double sharePct, String of, String text) {
        static Impact of(Finding f) {
            if (f == null || f.impact() == null) {
                return null;
            }
            return new Impact(f.impact().seconds(), f.impact().sharePct(), f.impact().of(), f.impact().text());
        }
    }

    /** resolved, new, persisting: the three lists of compare.json. */
    public record Diff(List<FindingChange> resolved, @com.fasterxml.jackson.annotation.JsonProperty("new")
                       List<FindingChange> added, List<FindingChange> persisting) {
        /** The new findings under the name compare.json gives them, for templates ({@code c.findings['new']}). */
        @com.fasterxml.jackson.annotation.JsonIgnore
        public List<FindingChange> getNew() {
            return added;
        }
    }

    static Diff diff(Report before, Report after) {
        return diff(before, after, List.of());
    }

    /** {@code devices}: the block devices matched across the captures, so that a finding on sdc before meets its twin on sdf after. */
    static Diff diff(Report before, Report after, List<Comparison.MatchedDevice> devices) {
        Map<String, Finding> b = byKey(before);
        Map<String, Finding> a = byKey(after);
        List<FindingChange> resolved = new ArrayList<>();
        List<FindingChange> added = new ArrayList<>();
        List<FindingChange> persisting = new ArrayList<>();
        List<Finding> onlyAfter = new ArrayList<>();
        for (var e : a.entrySet()) {
            if (!b.containsKey(e.getKey())) {
                onlyAfter.add(e.getValue());
            }
        }
        for (var e : b.entrySet()) {
            Finding other = a.get(e.getKey());
            if (other != null) {
                persisting.add(change(e.getValue(), other, null));
                continue;
            }
            Finding renamed = renamed(e.getValue(), onlyAfter, devices);
            Finding loose = renamed != null ? null : loose(e.getValue(), onlyAfter);
            if (renamed != null) {
                onlyAfter.remove(renamed);
                Comparison.MatchedDevice d = device(e.getValue(), devices);
                persisting.add(change(e.getValue(), renamed, (d.loose() ? "loosely: " : "") + "the same device under "
                        + "another name (" + d.subject() + ", matched by " + d.by() + ")"));
            } else if (loose != null) {
                onlyAfter.remove(loose);
                persisting.add(change(e.getValue(), loose, "loosely: same rule on a process of the same command ("
                        + subject(e.getValue()) + " / " + subject(loose) + ")"));
            } else {
                resolved.add(change(e.getValue(), null, null));
            }
        }
        onlyAfter.forEach(f -> added.add(change(null, f, null)));
        return new Diff(resolved, added, persisting);
    }

    /** The after side's finding of the same rule on the device this device finding's device was matched to. */
    private static Finding renamed(Finding f, List<Finding> candidates, List<Comparison.MatchedDevice> devices) {
        Comparison.MatchedDevice d = device(f, devices);
        if (d == null) {
            return null;
        }
        String afterName = d.after().contains(" (") ? d.after().substring(0, d.after().indexOf(" (")) : d.after();
        return candidates.stream()
                .filter(c -> c.rule().equals(f.rule()) && kind(c) == Subject.Kind.DEVICE && afterName.equals(id(c)))
                .findFirst().orElse(null);
    }

    /** The matched pair whose before device (by kernel name) is this device finding's subject, when renamed. */
    private static Comparison.MatchedDevice device(Finding f, List<Comparison.MatchedDevice> devices) {
        if (kind(f) != Subject.Kind.DEVICE) {
            return null;
        }
        String id = idOrEmpty(f);
        for (Comparison.MatchedDevice d : devices) {
            if (d.before().startsWith(id + " (") && !d.before().equals(d.after())) {
                return d;
            }
        }
        return null;
    }

    /**
     * Processes differ in pid from run to run: a process finding without an exact match pairs
     * with the after side's finding of the same rule on a process of the same command (or, when
     * neither names a command, the only such finding on each side).
     */
    private static Finding loose(Finding f, List<Finding> candidates) {
        if (kind(f) != Subject.Kind.PROCESS) {
            return null;
        }
        List<Finding> same = candidates.stream()
                .filter(c -> c.rule().equals(f.rule()) && kind(c) == Subject.Kind.PROCESS && command(c).equals(command(f)))
                .toList();
        return same.isEmpty() ? null : same.get(0);
    }

    private static String command(Finding f) {
        // the one finding figure that names a command (no rule writes the "comm" or "command" the JSON reader also tried)
        String process = f.measurement(SyncWriteLatencyRule.PROCESS).map(Measurement::text).orElse(null);
        if (process != null) {
            return process;
        }
        // labels read "fio pid 2127", or "pid 2126" when the trace did not name the command
        String label = f.subject() == null || f.subject().label() == null ? "" : f.subject().label();
        return label.replaceAll("(^|\\s*)pid \\d+$", "").strip();
    }

    private static FindingChange change(Finding b, Finding a, String matched) {
        Finding any = a != null ? a : b;
        String sb = b == null ? null : b.severity().id();
        String sa = a == null ? null : a.severity().id();
        return new FindingChange(any.rule(), subject(any), worse(sb, sa), sb, sa, any.title(), Impact.of(b),
                Impact.of(a), matched);
    }

    /**
     * rule + subject id; a rule that names no subject matches itself. Findings of one key: the
     * first (most severe). A finding the diagnosis folded into another as its symptom (queue-wait
     * under scheduler-latency) counts too: it was raised, and can be resolved or appear.
     */
    private static Map<String, Finding> byKey(Report report) {
        Map<String, Finding> out = new LinkedHashMap<>();
        for (Finding f : report.findings()) {
            out.putIfAbsent(f.rule() + "|" + idOrEmpty(f), f);
        }
        for (Finding f : report.findings()) {
            for (Finding s : f.symptoms()) {
                out.putIfAbsent(s.rule() + "|" + idOrEmpty(s), s);
            }
        }
        return out;
    }

    private static String subject(Finding f) {
        return f.subject() != null && f.subject().label() != null ? f.subject().label() : idOrEmpty(f);
    }

    private static Subject.Kind kind(Finding f) {
        return f.subject() == null ? null : f.subject().kind();
    }

    private static String id(Finding f) {
        return f.subject() == null ? null : f.subject().id();
    }

    private static String idOrEmpty(Finding f) {
        return id(f) == null ? "" : id(f);
    }

    static int rank(String severity) {
        return switch (severity == null ? "" : severity) {
            case "critical" -> 3;
            case "warning" -> 2;
            case "info" -> 1;
            default -> 0;
        };
    }

    private static String worse(String x, String y) {
        return rank(x) >= rank(y) ? x : y;
    }

    /** A finding that appeared or grew at warning or above: a change for the worse. */
    boolean regression() {
        return rank(severityAfter) >= 2 && rank(severityAfter) > rank(severityBefore);
    }
}
