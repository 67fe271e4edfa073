package dev.ioverdict.compare;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.DatabindException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.AppliedWindow;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.block.BlockDistributions;
import dev.ioverdict.model.block.PhaseDistribution;
import dev.ioverdict.model.fio.FioJob;
import dev.ioverdict.model.syscall.LatencySamples;
import dev.ioverdict.report.model.Report;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One side of a comparison: its report model (compiled now, or read back from a report.json into
 * the same records), and, when compiled from a bundle, the per-I/O distributions (block phases per
 * device, syscall latencies per process) that significance tests need.
 */
public record Side(String label, String id, String source, String from, Report report,
                   Map<String, Distribution> blockPhases, Map<SyscallSamples.Key, SyscallSamples.Sampled> syscalls,
                   List<FioJob> fio) {
    /**
     * report.json back into the model: what it leaves out (an empty list, a derived figure such as
     * a finding's metrics) is an empty list or recomputed, as the records' own constructors do.
     */
    private static final ObjectMapper READER = reader();

    /** A side compiled from a bundle in this run. */
    public static Side ofCase(String label, Report report, CaseData data) {
        Map<String, Distribution> phases = new LinkedHashMap<>();
        data.results().get(BlockDistributions.class).ifPresent(b -> {
            for (PhaseDistribution d : b.distributions()) {
                phases.put(d.device() + "|" + d.phase().name() + (d.direction() == null ? "" : "|" + d.direction()),
                        Distribution.of(d));
            }
        });
        var calls = SyscallSamples.of(data.results().get(LatencySamples.class).orElse(null));
        return new Side(label, report.caseInfo().id(), report.caseInfo().source(), "bundle", report, phases, calls,
                data.facts().all(FioJob.class));
    }

    /** A side read from a report.json of this version (figures only: no per-I/O samples to test). */
    public static Side ofReportJson(String label, Path file) throws IOException {
        String text = Files.readString(file);
        // the schema first: a report of another version may not even have this version's shape
        String schema = schema(text);
        if (!Report.SCHEMA.equals(schema)) {
            throw new IllegalArgumentException(file + ": not a report.json of this version (schema '"
                    + (schema == null ? "" : schema) + "', expected '" + Report.SCHEMA + "')");
        }
        Report report;
        try {
            report = read(text);
        } catch (DatabindException e) {
            throw new IllegalArgumentException(file + ": not a report.json of this version: " + e.getOriginalMessage());
        }
        String id = report.caseInfo() != null && report.caseInfo().id() != null ? report.caseInfo().id() : file.toString();
        return new Side(label, id, file.toString(), "report.json", report, Map.of(), Map.of(), List.of());
    }

    /**
     * The same side, named as the case of an archive it was read from ({@code ARCHIVE#CASE_ID}):
     * compare.json's {@code kind} "archive"; its figures are its report.json's.
     */
    public Side archived(String reference) {
        return new Side(label, id, reference, "archive", report, blockPhases, syscalls, fio);
    }

    /** Whether the side was read from a report (a report.json, an archived case): figures only, no per-I/O samples. */
    boolean fromReport() {
        return !from.equals("bundle");
    }

    /** What report.json says it is, read before the rest. */
    private record Schema(String schema) {
    }

    /** The schema the text names; none when it is JSON of another shape (unreadable JSON is an IOException). */
    private static String schema(String text) throws IOException {
        try {
            return READER.readValue(text, Schema.class).schema();
        } catch (DatabindException e) {
            return null;
        }
    }

    /** report.json's text as the report model. */
    static Report read(String json) throws IOException {
        return READER.readValue(json, Report.class);
    }

    private static ObjectMapper reader() {
        ObjectMapper m = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
        // report.json leaves an empty list out (the records copy theirs); a map it leaves out stays null (no since-boot report)
        m.configOverride(List.class).setSetterInfo(JsonSetter.Value.forValueNulls(Nulls.AS_EMPTY));
        return m;
    }

    /** The window the side was restricted to, or null for the whole capture. */
    public AppliedWindow window() {
        return report.window();
    }

    boolean hasSamples() {
        return !blockPhases.isEmpty() || !syscalls.isEmpty();
    }

    /** Seconds the side's data covers: its window's length, else the longest span of a timed input. */
    Double span(String format) {
        AppliedWindow w = window();
        double longest = 0;
        for (InputSummary i : report.inputs()) {
            if (format != null && !format.equals(i.format())) {
                continue;
            }
            if (i.firstTime() != null && i.lastTime() != null) {
                longest = Math.max(longest, i.lastTime() - i.firstTime());
            }
        }
        if (w != null && w.from() != null && w.to() != null) {
            return longest > 0 ? Math.min(longest, w.to() - w.from()) : w.to() - w.from();
        }
        return longest > 0 ? longest : null;
    }

    /**
     * The period's length in seconds: the window's, else the time model's capture, else the longest
     * iostat run (its reports' span plus one interval, or its reports times the interval); null when no input states one.
     */
    public Double seconds() {
        AppliedWindow w = window();
        if (w != null && w.from() != null && w.to() != null && w.to() > w.from()) {
            return w.to() - w.from();
        }
        if (report.timeModel() != null && report.timeModel().captureSeconds() > 0) {
            return report.timeModel().captureSeconds();
        }
        double longest = 0;
        for (var d : report.iostat() == null ? List.<dev.ioverdict.model.iostat.IostatDevice>of() : report.iostat()) {
            Double span = d.seconds();
            if (span != null) {
                longest = Math.max(longest, span);
            }
        }
        return longest > 0 ? longest : null;
    }

    /** The bundle's own name (not the path as typed, which names the analyst's folders). */
    public String name() {
        var info = report.caseInfo();
        if (info != null && info.bundle() != null) {
            return info.bundle();
        }
        return Report.CaseInfo.nameOf(source);
    }
}
