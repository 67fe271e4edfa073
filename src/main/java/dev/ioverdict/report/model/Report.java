package dev.ioverdict.report.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ioverdict.model.AppliedWindow;
import dev.ioverdict.model.ConsistencyNote;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.config.ConfigSection;
import dev.ioverdict.model.layers.LayerTimes;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.syscall.SyscallSection;
import dev.ioverdict.rules.NotEvaluated;
import dev.ioverdict.rules.RuleFailure;
import java.util.List;

/** The finished report: report.json is this record through Jackson; HTML and PDF render it. */
@JsonPropertyOrder({"schema", "tool", "case", "window", "verdict", "layers", "inputs", "block", "syscalls", "iostat", "config",
    "findings", "consistency", "notEvaluated", "ruleFailures", "failedRules"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Report(String schema, Tool tool, @JsonProperty("case") CaseInfo caseInfo, String verdict,
                     LayerTimes layers, List<InputSummary> inputs, BlockView block, SyscallSection syscalls,
                     List<IostatDevice> iostat, ConfigSection config, List<Finding> findings,
                     List<NotEvaluated> notEvaluated, List<RuleFailure> failedRules,
                     List<ConsistencyNote> consistency, AppliedWindow window) {
    public static final String SCHEMA = "ioverdict.report/1";

    /** The report of the whole capture (no time window). */
    public Report(String schema, Tool tool, CaseInfo caseInfo, String verdict, LayerTimes layers,
                  List<InputSummary> inputs, BlockView block, SyscallSection syscalls, List<IostatDevice> iostat,
                  ConfigSection config, List<Finding> findings, List<NotEvaluated> notEvaluated,
                  List<RuleFailure> failedRules, List<ConsistencyNote> consistency) {
        this(schema, tool, caseInfo, verdict, layers, inputs, block, syscalls, iostat, config, findings, notEvaluated,
                failedRules, consistency, null);
    }

    public record Tool(String name, String version) {
    }

    public record CaseInfo(String id, String title, String source) {
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
