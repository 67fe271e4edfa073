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
import dev.ioverdict.model.bpf.BpfSection;
import dev.ioverdict.model.config.ConfigSection;
import dev.ioverdict.model.bpf.BpfSection;
import dev.ioverdict.model.fio.FioSection;
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
    "iostat", "iostatNotes", "periods", "fio", "config", "devices", "findings", "seenBefore", "consistency", "notEvaluated", "ruleFailures", "failedRules", "analysisFailures", "bpf"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Report(String schema, Tool tool, @JsonProperty("case") CaseInfo caseInfo, Summary summary, String verdict,
                     LayerTimes layers, List<InputSummary> inputs, BlockView block, SyscallSection syscalls,
                     List<IostatDevice> iostat, ConfigSection config, List<Finding> findings,
                     List<NotEvaluated> notEvaluated, List<RuleFailure> failedRules,
                     List<ConsistencyNote> consistency, AppliedWindow window,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Mark> marks, TimeModel timeModel,
                     Redacted redaction, Periods periods,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<AnalysisFailure> analysisFailures,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<DeviceIdentity> devices, FioSection fio,
                     BpfSection bpf, SeenBefore seenBefore,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> iostatNotes) {
    public static final String SCHEMA = "ioverdict.report/1";

    public Report {
        marks = marks == null ? List.of() : List.copyOf(marks);
        analysisFailures = analysisFailures == null ? List.of() : List.copyOf(analysisFailures);
        devices = devices == null ? List.of() : List.copyOf(devices);
        iostatNotes = iostatNotes == null ? List.of() : List.copyOf(iostatNotes);
        // one capture has no periods: report.json leaves the section out rather than print it empty
        periods = periods == null || periods.isEmpty() ? null : periods;
        bpf = bpf == null || bpf.isEmpty() ? null : bpf;
    }

    /** The same report with the user's marks (--mark), drawn on every time chart and listed with the case facts. */
    public Report withMarks(List<Mark> more) {
        return toBuilder().marks(more).build();
    }

    /** The same report with the time model every impact is a part of. */
    public Report withTimeModel(TimeModel model) {
        return toBuilder().timeModel(model).build();
    }

    /**
     * The same report with every device of the case under its one identity ({@code devices}: key,
     * label, kernel name, major:minor, dm name, WWID, serial, mounts, the stack): what every
     * device name elsewhere in the report can be looked up in by its key or any of its names.
     */
    public Report withDevices(List<DeviceIdentity> identities) {
        return toBuilder().devices(identities).build();
    }

    /** The same report with the workload fio ran (null: the bundle holds no fio output). */
    public Report withFio(FioSection workload) {
        return toBuilder().fio(workload).build();
    }

    /** The same report with what bcc's and bpftrace's tools measured (null or empty: none). */
    public Report withBpf(BpfSection section) {
        return toBuilder().bpf(section).build();
    }

    /**
     * The same report with the archived cases closest to it (report --archive): what its
     * "Seen before" section and report.json's {@code seenBefore} show.
     */
    public Report withSeenBefore(SeenBefore nearest) {
        return toBuilder().seenBefore(nearest).build();
    }

    /** The same report with the periods of its bundle (null or none: one capture). */
    public Report withPeriods(Periods found) {
        return toBuilder().periods(found).build();
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
        return toBuilder().caseInfo(info).build();
    }

    /** The same report as --redact leaves it: what was replaced, listed by kind with its pseudonyms. */
    public Report withRedaction(Redacted replaced) {
        return toBuilder().redaction(replaced).build();
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
        return toBuilder().analysisFailures(failed).build();
    }

    /** Whether the report lacks something: an input was damaged, a rule or an analysis failed (exit status 1). */
    public boolean incomplete() {
        return anyInputDamaged() || !failedRules.isEmpty() || !analysisFailures.isEmpty();
    }

    /** A builder holding this report's components, to change some of them. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** An empty builder: the current schema, every other component unset (null, or empty for the lists). */
    public static Builder builder() {
        return new Builder(null);
    }

    /**
     * Fills a report component by component, so that a new component touches the record, this
     * builder and the one place that fills it (ReportAssembler), not every caller of a constructor
     * with twenty-odd arguments.
     */
    public static final class Builder {
        private String schema;
        private Tool tool;
        private CaseInfo caseInfo;
        private Summary summary;
        private String verdict;
        private LayerTimes layers;
        private List<InputSummary> inputs;
        private BlockView block;
        private SyscallSection syscalls;
        private List<IostatDevice> iostat;
        private ConfigSection config;
        private List<Finding> findings;
        private List<NotEvaluated> notEvaluated;
        private List<RuleFailure> failedRules;
        private List<ConsistencyNote> consistency;
        private AppliedWindow window;
        private List<Mark> marks;
        private TimeModel timeModel;
        private Redacted redaction;
        private Periods periods;
        private List<AnalysisFailure> analysisFailures;
        private List<DeviceIdentity> devices;
        private SeenBefore seenBefore;
        private BpfSection bpf;
        private FioSection fio;
        /** What iostat counted but did not itemise (devices beyond those kept of an input of very many). */
        private List<String> iostatNotes;

        private Builder(Report r) {
            if (r == null) {
                schema = SCHEMA;
                return;
            }
            schema = r.schema;
            tool = r.tool;
            caseInfo = r.caseInfo;
            summary = r.summary;
            verdict = r.verdict;
            layers = r.layers;
            inputs = r.inputs;
            block = r.block;
            syscalls = r.syscalls;
            iostat = r.iostat;
            config = r.config;
            findings = r.findings;
            notEvaluated = r.notEvaluated;
            failedRules = r.failedRules;
            consistency = r.consistency;
            window = r.window;
            marks = r.marks;
            timeModel = r.timeModel;
            redaction = r.redaction;
            periods = r.periods;
            analysisFailures = r.analysisFailures;
            devices = r.devices;
            seenBefore = r.seenBefore;
            bpf = r.bpf;
            fio = r.fio;
            iostatNotes = r.iostatNotes;
        }

        public Builder iostatNotes(List<String> value) {
            iostatNotes = value;
            return this;
        }

        public Builder schema(String value) {
            schema = value;
            return this;
        }

        public Builder tool(Tool value) {
            tool = value;
            return this;
        }

        public Builder caseInfo(CaseInfo value) {
            caseInfo = value;
            return this;
        }

        public Builder summary(Summary value) {
            summary = value;
            return this;
        }

        public Builder verdict(String value) {
            verdict = value;
            return this;
        }

        public Builder layers(LayerTimes value) {
            layers = value;
            return this;
        }

        public Builder inputs(List<InputSummary> value) {
            inputs = value;
            return this;
        }

        public Builder block(BlockView value) {
            block = value;
            return this;
        }

        public Builder syscalls(SyscallSection value) {
            syscalls = value;
            return this;
        }

        public Builder iostat(List<IostatDevice> value) {
            iostat = value;
            return this;
        }

        public Builder config(ConfigSection value) {
            config = value;
            return this;
        }

        public Builder findings(List<Finding> value) {
            findings = value;
            return this;
        }

        public Builder notEvaluated(List<NotEvaluated> value) {
            notEvaluated = value;
            return this;
        }

        public Builder failedRules(List<RuleFailure> value) {
            failedRules = value;
            return this;
        }

        public Builder consistency(List<ConsistencyNote> value) {
            consistency = value;
            return this;
        }

        public Builder window(AppliedWindow value) {
            window = value;
            return this;
        }

        public Builder marks(List<Mark> value) {
            marks = value;
            return this;
        }

        public Builder timeModel(TimeModel value) {
            timeModel = value;
            return this;
        }

        public Builder redaction(Redacted value) {
            redaction = value;
            return this;
        }

        public Builder periods(Periods value) {
            periods = value;
            return this;
        }

        public Builder analysisFailures(List<AnalysisFailure> value) {
            analysisFailures = value;
            return this;
        }

        public Builder devices(List<DeviceIdentity> value) {
            devices = value;
            return this;
        }

        public Builder fio(FioSection value) {
            fio = value;
            return this;
        }

        public Builder bpf(BpfSection value) {
            bpf = value;
            return this;
        }

        public Builder seenBefore(SeenBefore value) {
            seenBefore = value;
            return this;
        }

        public Report build() {
            return new Report(schema, tool, caseInfo, summary, verdict, layers, inputs, block, syscalls, iostat,
                    config, findings, notEvaluated, failedRules, consistency, window, marks, timeModel, redaction,
                    periods, analysisFailures, devices, fio, bpf, seenBefore, iostatNotes);
        }
    }
}
