package dev.ioverdict.compare;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
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
    public record Impact(Double seconds, Double sharePct, String of) {
        static Impact of(JsonNode f) {
            JsonNode i = f == null ? null : f.get("impact");
            if (i == null || i.isNull()) {
                return null;
            }
            return new Impact(i.hasNonNull("seconds") ? i.get("seconds").asDouble() : null,
                    i.hasNonNull("sharePct") ? i.get("sharePct").asDouble() : null, i.path("of").asText(null));
        }
    }

    /** resolved, new, persisting: the three lists of compare.json. */
    public record Diff(List<FindingChange> resolved, @com.fasterxml.jackson.annotation.JsonProperty("new")
                       List<FindingChange> added, List<FindingChange> persisting) {
    }

    static Diff diff(JsonNode before, JsonNode after) {
        return diff(before, after, List.of());
    }

    /** {@code devices}: the block devices matched across the captures, so that a finding on sdc before meets its twin on sdf after. */
    static Diff diff(JsonNode before, JsonNode after, List<Comparison.MatchedDevice> devices) {
        Map<String, JsonNode> b = byKey(before);
        Map<String, JsonNode> a = byKey(after);
        List<FindingChange> resolved = new ArrayList<>();
        List<FindingChange> added = new ArrayList<>();
        List<FindingChange> persisting = new ArrayList<>();
        List<JsonNode> onlyAfter = new ArrayList<>();
        for (var e : a.entrySet()) {
            if (!b.containsKey(e.getKey())) {
                onlyAfter.add(e.getValue());
            }
        }
        for (var e : b.entrySet()) {
            JsonNode other = a.get(e.getKey());
            if (other != null) {
                persisting.add(change(e.getValue(), other, null));
                continue;
            }
            JsonNode renamed = renamed(e.getValue(), onlyAfter, devices);
            JsonNode loose = renamed != null ? null : loose(e.getValue(), onlyAfter);
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
    private static JsonNode renamed(JsonNode f, List<JsonNode> candidates, List<Comparison.MatchedDevice> devices) {
        Comparison.MatchedDevice d = device(f, devices);
        if (d == null) {
            return null;
        }
        String afterName = d.after().contains(" (") ? d.after().substring(0, d.after().indexOf(" (")) : d.after();
        return candidates.stream()
                .filter(c -> c.path("rule").asText().equals(f.path("rule").asText())
                        && "DEVICE".equals(c.path("subject").path("kind").asText())
                        && c.path("subject").path("id").asText().equals(afterName))
                .findFirst().orElse(null);
    }

    /** The matched pair whose before device (by kernel name) is this device finding's subject, when renamed. */
    private static Comparison.MatchedDevice device(JsonNode f, List<Comparison.MatchedDevice> devices) {
        if (!"DEVICE".equals(f.path("subject").path("kind").asText())) {
            return null;
        }
        String id = f.path("subject").path("id").asText();
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
    private static JsonNode loose(JsonNode f, List<JsonNode> candidates) {
        if (!"PROCESS".equals(f.path("subject").path("kind").asText())) {
            return null;
        }
        List<JsonNode> same = candidates.stream()
                .filter(c -> c.path("rule").asText().equals(f.path("rule").asText())
                        && "PROCESS".equals(c.path("subject").path("kind").asText())
                        && command(c).equals(command(f)))
                .toList();
        return same.isEmpty() ? null : same.get(0);
    }

    private static String command(JsonNode f) {
        JsonNode m = f.path("metrics");
        for (String k : List.of("comm", "command", "process")) {
            if (m.hasNonNull(k)) {
                return m.get(k).asText();
            }
        }
        // labels read "fio pid 2127", or "pid 2126" when the trace did not name the command
        return f.path("subject").path("label").asText("").replaceAll("(^|\\s*)pid \\d+$", "").strip();
    }

    private static FindingChange change(JsonNode b, JsonNode a, String matched) {
        JsonNode any = a != null ? a : b;
        String sb = b == null ? null : b.path("severity").asText();
        String sa = a == null ? null : a.path("severity").asText();
        return new FindingChange(any.path("rule").asText(), subject(any), worse(sb, sa), sb, sa,
                any.path("title").asText(null), Impact.of(b), Impact.of(a), matched);
    }

    /**
     * rule + subject id; a rule that names no subject matches itself. Findings of one key: the
     * first (most severe). A finding the diagnosis folded into another as its symptom (queue-wait
     * under scheduler-latency) counts too: it was raised, and can be resolved or appear.
     */
    private static Map<String, JsonNode> byKey(JsonNode report) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (JsonNode f : report.path("findings")) {
            out.putIfAbsent(f.path("rule").asText() + "|" + f.path("subject").path("id").asText(""), f);
        }
        for (JsonNode f : report.path("findings")) {
            for (JsonNode s : f.path("symptoms")) {
                out.putIfAbsent(s.path("rule").asText() + "|" + s.path("subject").path("id").asText(""), s);
            }
        }
        return out;
    }

    private static String subject(JsonNode f) {
        JsonNode s = f.path("subject");
        return s.hasNonNull("label") ? s.get("label").asText() : s.path("id").asText("");
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
