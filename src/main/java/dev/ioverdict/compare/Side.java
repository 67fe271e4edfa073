package dev.ioverdict.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.AppliedWindow;
import dev.ioverdict.model.block.BlockDistributions;
import dev.ioverdict.model.block.PhaseDistribution;
import dev.ioverdict.model.fio.FioJob;
import dev.ioverdict.model.syscall.LatencySamples;
import dev.ioverdict.report.JsonRenderer;
import dev.ioverdict.report.model.Report;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One side of a comparison: its report as report.json's tree (the same whether it was compiled
 * now or read from a report.json), and, when compiled from a bundle, the per-I/O distributions
 * (block phases per device, syscall latencies per process) that significance tests need.
 */
public record Side(String label, String id, String source, String from, JsonNode report,
                   Map<String, Distribution> blockPhases, Map<SyscallSamples.Key, SyscallSamples.Sampled> syscalls,
                   List<FioJob> fio) {
    private static final ObjectMapper READER = new ObjectMapper();

    /** A side compiled from a bundle in this run. */
    public static Side ofCase(String label, Report report, CaseData data) {
        JsonNode tree;
        try {
            tree = READER.readTree(JsonRenderer.writer().writeValueAsString(report));
        } catch (IOException e) {
            throw new IllegalStateException("report model does not serialise: " + e, e);
        }
        Map<String, Distribution> phases = new LinkedHashMap<>();
        data.results().get(BlockDistributions.class).ifPresent(b -> {
            for (PhaseDistribution d : b.distributions()) {
                phases.put(d.device() + "|" + d.phase().name() + (d.direction() == null ? "" : "|" + d.direction()),
                        Distribution.of(d));
            }
        });
        var calls = SyscallSamples.of(data.results().get(LatencySamples.class).orElse(null));
        return new Side(label, report.caseInfo().id(), report.caseInfo().source(), "bundle", tree, phases, calls,
                data.facts().all(FioJob.class));
    }

    /** A side read from a report.json of this version (figures only: no per-I/O samples to test). */
    public static Side ofReportJson(String label, Path file) throws IOException {
        JsonNode tree = READER.readTree(Files.readString(file));
        String schema = tree.path("schema").asText("");
        if (!schema.equals(Report.SCHEMA)) {
            throw new IllegalArgumentException(file + ": not a report.json of this version (schema '" + schema
                    + "', expected '" + Report.SCHEMA + "')");
        }
        return new Side(label, tree.path("case").path("id").asText(file.toString()), file.toString(), "report.json", tree,
                Map.of(), Map.of(), List.of());
    }

    /** The window the side was restricted to, or null for the whole capture. */
    public AppliedWindow window() {
        JsonNode w = report.get("window");
        if (w == null || w.isNull()) {
            return null;
        }
        return READER.convertValue(w, AppliedWindow.class);
    }

    boolean hasSamples() {
        return !blockPhases.isEmpty() || !syscalls.isEmpty();
    }

    /** Seconds the side's data covers: its window's length, else the longest span of a timed input. */
    Double span(String format) {
        AppliedWindow w = window();
        double longest = 0;
        for (JsonNode i : report.path("inputs")) {
            if (format != null && !format.equals(i.path("format").asText())) {
                continue;
            }
            if (i.hasNonNull("firstTime") && i.hasNonNull("lastTime")) {
                longest = Math.max(longest, i.get("lastTime").asDouble() - i.get("firstTime").asDouble());
            }
        }
        if (w != null && w.from() != null && w.to() != null) {
            return longest > 0 ? Math.min(longest, w.to() - w.from()) : w.to() - w.from();
        }
        return longest > 0 ? longest : null;
    }
}
