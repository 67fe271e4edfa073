package dev.ioverdict.report.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ioverdict.analysis.AnalysisFailure;
import dev.ioverdict.analysis.config.DeviceIdentity;
import dev.ioverdict.model.AppliedWindow;
import dev.ioverdict.model.ConsistencyNote;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.Mark;
import dev.ioverdict.model.config.ConfigSection;
import dev.ioverdict.model.layers.LayerTimes;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.syscall.SyscallSection;
import dev.ioverdict.rules.NotEvaluated;
import dev.ioverdict.rules.RuleFailure;
import dev.ioverdict.model.iostat.Periods;
import java.util.List;

/** The finished report: report.json is this record through Jackson; HTML and PDF render it. */
@JsonPropertyOrder({"schema", "tool", "case", "redaction", "window", "marks", "summary", "verdict", "timeModel", "layers", "inputs", "block", "syscalls",
    "iostat", "periods", "config", "devices", "findings", "seenBefore", "consistency", "notEvaluated", "ruleFailures", "failedRules", "analysisFailures"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Report(String schema, Tool tool, @JsonProperty("case") CaseInfo caseInfo, Summary summary, String verdict,
                     LayerTimes layers, List<InputSummary> inputs, BlockView block, SyscallSection syscalls,
                     List<IostatDevice> iostat, ConfigSection config, List<Finding> findings,
                     List<NotEvaluated> notEvaluated, List<RuleFailure> failedRules,
                     List<ConsistencyNote> consistency, AppliedWindow window,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Mark> marks, TimeModel timeModel,
                     Redacted redaction, Periods periods,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<AnalysisFailure> analysisFailures,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<DeviceIdentity> devices,
                     SeenBefore seenBefore) {
    public static final String SCHEMA = "ioverdict.report/1";

    public Report {
        marks = marks == null ? List.of() : List.copyOf(marks);
        analysisFailures = analysisFailures == null ? List.of() : List.copyOf(analysisFailures);
        devices = devices == null ? List.of() : List.copyOf(devices);
    }

    /** The report of a time window of the capture, no marks. */
    public Report(String schema, Tool tool, CaseInfo caseInfo, Summary summary, String verdict, LayerTimes layers,
                  List<InputSummary> inputs, BlockView block, SyscallSection syscalls, List<IostatDevice> iostat,
                  ConfigSection config, List<Finding> findings, List<NotEvaluated> notEvaluated,
                  List<RuleFailure> failedRules, List<ConsistencyNote> consistency, AppliedWindow window) {
        this(schema, tool, caseInfo, summary, verdict, layers, inputs, block, syscalls, iostat, config, findings,
                notEvaluated, failedRules, consistency, window, List.of(), null, null, null, List.of(), List.of(), null);
    }

    /** A report without archived cases to compare it with (no {@code report --archive}). */
    public Report(String schema, Tool tool, CaseInfo caseInfo, Summary summary, String verdict, LayerTimes layers,
                  List<InputSummary> inputs, BlockView block, SyscallSection syscalls, List<IostatDevice> iostat,
                  ConfigSection config, List<Finding> findings, List<NotEvaluated> notEvaluated,
                  List<RuleFailure> failedRules, List<ConsistencyNote> consistency, AppliedWindow window,
                  List<Mark> marks, TimeModel timeModel, Redacted redaction, Periods periods,
                  List<AnalysisFailure> analysisFailures, List<DeviceIdentity> devices) {
        this(schema, tool, caseInfo, summary, verdict, layers, inputs, block, syscalls, iostat, config, findings,
                notEvaluated, failedRules, consistency, window, marks, timeModel, redaction, periods, analysisFailures,
                devices, null);
    }

    /**
     * The same report with the archived cases closest to it ({@code report --archive}): what the
     * "Seen before" section and report.json's {@code seenBefore} show.
     */
    public Report withSeenBefore(SeenBefore nearest) {
        return new Report(schema, tool, caseInfo, summary, verdict, layers, inputs, block, syscalls, iostat, config,
                findings, notEvaluated, failedRules, consistency, window, marks, timeModel, redaction, periods,
                analysisFailures, devices, nearest);
    }

    /** The same report with the user's marks (--mark), drawn on every time chart and listed with the case facts. */
    public Report withMarks(List<Mark> more) {
        return new Report(schema, tool, caseInfo, summary, verdict, layers, inputs, block, syscalls, iostat, config,
                findings, notEvaluated, failedRules, consistency, window, more, timeModel, redaction, periods, analysisFailures, devices, seenBefore);
    }

    /** The same report with the time model every impact is a part of. */
    public Report withTimeModel(TimeModel model) {
        return new Report(schema, tool, caseInfo, summary, verdict, layers, inputs, block, syscalls, iostat, config,
                findings, notEvaluated, failedRules, consistency, window, marks, model, redaction, periods, analysisFailures, devices, seenBefore);
    }

    /**
     * The same report with every device of the case under its one identity ({@code devices}: key,
     * label, kernel name, major:minor, dm name, WWID, serial, mounts, the stack): what every
     * device name elsewhere in the report can be looked up in by its key or any of its names.
     */
    public Report withDevices(List<DeviceIdentity> identities) {
        return new Report(schema, tool, caseInfo, summary, verdict, layers, inputs, block, syscalls, iostat, config,
                findings, notEvaluated, failedRules, consistency, window, marks, timeModel, redaction, periods,
                analysisFailures, identities, seenBefore);
    }

    /** The same report with the periods of its bundle (null or none: one capture). */
    public Report withPeriods(Periods found) {
        return new Report(schema, tool, caseInfo, summary, verdict, layers, inputs, block, syscalls, iostat, config,
                findings, notEvaluated, failedRules, consistency, window, marks, timeModel, redaction,
                found == null || found.isEmpty() ? null : found, analysisFailures, devices, seenBefore);
    }

    /** The report of the whole capture (no time window). */
    public Report(String schema, Tool tool, CaseInfo caseInfo, Summary summary, String verdict, LayerTimes layers,
                  List<InputSummary> inputs, BlockView block, SyscallSection syscalls, List<IostatDevice> iostat,
                  ConfigSection config, List<Finding> findings, List<NotEvaluated> notEvaluated,
                  List<RuleFailure> failedRules, List<ConsistencyNote> consistency) {
        this(schema, tool, caseInfo, summary, verdict, layers, inputs, block, syscalls, iostat, config, findings,
                notEvaluated, failedRules, consistency, null);
    }

    public record Tool(String name, String version) {
    }

    /**
     * {@code host}: host name, kernel, OS, architecture with their sources, when the bundle states them.
     * {@code bundle}: the bundle's own name (its file or folder name), for the masthead: {@code source}
     * is the path as the analyst typed it, which names the analyst's own folders. {@code customer},
     * {@code ref} (ticket or case number) and {@code analyst} as given on the command line.
     */
    @JsonPropertyOrder({"id", "title", "source", "bundle", "customer", "ref", "analyst", "host"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CaseInfo(String id, String title, String source, String bundle, String customer, String ref,
                           String analyst, dev.ioverdict.analysis.host.HostInfo host) {
        public CaseInfo(String id, String title, String source) {
            this(id, title, source, null);
        }

        public CaseInfo(String id, String title, String source, dev.ioverdict.analysis.host.HostInfo host) {
            this(id, title, source, nameOf(source), null, null, null, host);
        }

        /** The same case with the analyst's fields; a null keeps what was there. */
        public CaseInfo with(String newTitle, String newCustomer, String newRef, String newAnalyst) {
            return new CaseInfo(id, newTitle != null ? newTitle : title, source, bundle,
                    newCustomer != null ? newCustomer : customer, newRef != null ? newRef : ref,
                    newAnalyst != null ? newAnalyst : analyst, host);
        }

        /** The last part of a path as typed ({@code /home/ann/cases/db01.tgz}: {@code db01.tgz}). */
        public static String nameOf(String source) {
            if (source == null) {
                return null;
            }
            String s = source;
            while (s.length() > 1 && (s.endsWith("/") || s.endsWith("\\"))) {
                s = s.substring(0, s.length() - 1);
            }
            int cut = Math.max(s.lastIndexOf('/'), s.lastIndexOf('\\'));
            String name = cut < 0 || s.length() == 1 ? s : s.substring(cut + 1);
            if (name.equals("bundle") && cut > 0) {
                // CASE/bundle layouts: the case folder names the bundle
                int up = Math.max(s.lastIndexOf('/', cut - 1), s.lastIndexOf('\\', cut - 1));
                return s.substring(up + 1);
            }
            return name;
        }
    }

    /** The same report with other case fields (the analyst's title, customer, ticket, name). */
    public Report withCase(CaseInfo info) {
        return new Report(schema, tool, info, summary, verdict, layers, inputs, block, syscalls, iostat, config,
                findings, notEvaluated, failedRules, consistency, window, marks, timeModel, redaction, periods, analysisFailures, devices, seenBefore);
    }

    /** The same report as --redact leaves it: what was replaced, listed by kind with its pseudonyms. */
    public Report withRedaction(Redacted replaced) {
        return new Report(schema, tool, caseInfo, summary, verdict, layers, inputs, block, syscalls, iostat, config,
                findings, notEvaluated, failedRules, consistency, window, marks, timeModel, replaced, periods, analysisFailures, devices, seenBefore);
    }

    /** The case under the name report.json gives it, for templates ({@code r.case.title}): "case" is a Java keyword. */
    @JsonIgnore
    public CaseInfo getCase() {
        return caseInfo;
    }

    /** "rule: message" per failed rule, the shape report.json has always had. */
    @JsonProperty("ruleFailures")
    public List<String> ruleFailures() {
        return failedRules.stream().map(RuleFailure::toString).toList();
    }

    public boolean anyInputDamaged() {
        return inputs.stream().anyMatch(InputSummary::damaged);
    }

    /** The same report with the analyses that failed on this case. */
    public Report withAnalysisFailures(List<AnalysisFailure> failed) {
        return new Report(schema, tool, caseInfo, summary, verdict, layers, inputs, block, syscalls, iostat, config,
                findings, notEvaluated, failedRules, consistency, window, marks, timeModel, redaction, periods, failed, devices, seenBefore);
    }

    /** Whether the report lacks something: an input was damaged, a rule or an analysis failed (exit status 1). */
    public boolean incomplete() {
        return anyInputDamaged() || !failedRules.isEmpty() || !analysisFailures.isEmpty();
    }
}
