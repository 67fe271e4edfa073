package dev.ioverdict.report.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
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
import java.util.List;

/** The finished report: report.json is this record through Jackson; HTML and PDF render it. */
@JsonPropertyOrder({"schema", "tool", "case", "window", "marks", "summary", "verdict", "timeModel", "layers", "inputs", "block", "syscalls",
    "iostat", "config",    "findings", "consistency", "notEvaluated", "ruleFailures", "failedRules"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Report(String schema, Tool tool, @JsonProperty("case") CaseInfo caseInfo, Summary summary, String verdict,
                     LayerTimes layers, List<InputSummary> inputs, BlockView block, SyscallSection syscalls,
                     List<IostatDevice> iostat, ConfigSection config, List<Finding> findings,
                     List<NotEvaluated> notEvaluated, List<RuleFailure> failedRules,
                     List<ConsistencyNote> consistency, AppliedWindow window,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Mark> marks, TimeModel timeModel) {
    public static final String SCHEMA = "ioverdict.report/1";

    public Report {
        marks = marks == null ? List.of() : List.copyOf(marks);
    }

    /** The report of a time window of the capture, no marks. */
    public Report(String schema, Tool tool, CaseInfo caseInfo, Summary summary, String verdict, LayerTimes layers,
                  List<InputSummary> inputs, BlockView block, SyscallSection syscalls, List<IostatDevice> iostat,
                  ConfigSection config, List<Finding> findings, List<NotEvaluated> notEvaluated,
                  List<RuleFailure> failedRules, List<ConsistencyNote> consistency, AppliedWindow window) {
        this(schema, tool, caseInfo, summary, verdict, layers, inputs, block, syscalls, iostat, config, findings,
                notEvaluated, failedRules, consistency, window, List.of(), null);
    }

    /** The same report with the user's marks (--mark), drawn on every time chart and listed with the case facts. */
    public Report withMarks(List<Mark> more) {
        return new Report(schema, tool, caseInfo, summary, verdict, layers, inputs, block, syscalls, iostat, config,
                findings, notEvaluated, failedRules, consistency, window, more, timeModel);
    }

    /** The same report with the time model every impact is a part of. */
    public Report withTimeModel(TimeModel model) {
        return new Report(schema, tool, caseInfo, summary, verdict, layers, inputs, block, syscalls, iostat, config,
                findings, notEvaluated, failedRules, consistency, window, marks, model);
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

    /** {@code host}: host name, kernel, OS, architecture with their sources, when the bundle states them. */
    @JsonPropertyOrder({"id", "title", "source", "host"})
    public record CaseInfo(String id, String title, String source,
                           @JsonInclude(JsonInclude.Include.NON_NULL) dev.ioverdict.analysis.host.HostInfo host) {
        public CaseInfo(String id, String title, String source) {
            this(id, title, source, null);
        }
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
}
