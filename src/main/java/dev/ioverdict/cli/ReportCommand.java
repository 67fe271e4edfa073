package dev.ioverdict.cli;

import dev.ioverdict.bundle.BundleException;
import dev.ioverdict.analysis.AnalysisFailure;
import dev.ioverdict.pipeline.CaseRequest;
import dev.ioverdict.bundle.BundleReader;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.TimeWindow;
import dev.ioverdict.rules.RuleFailure;
import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.pipeline.Progress;
import dev.ioverdict.pipeline.archive.CaseArchive;
import dev.ioverdict.pipeline.archive.NearestCases;
import dev.ioverdict.report.ReportFormat;
import dev.ioverdict.report.ReportWriter;
import dev.ioverdict.report.SafeText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ioverdict report BUNDLE}: one case in, report.html / report.pdf / report.json out. */
@Command(name = "report",
        description = "Diagnose one capture bundle and write the report. A bundle is " + BundleReader.KINDS + ".")
final class ReportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "BUNDLE", description = "Folder or archive of captured tool output.")
    Path bundle;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", defaultValue = "ioverdict-report",
            description = "Output folder (default: ${DEFAULT-VALUE}).")
    Path output;


    @Option(names = "--title", paramLabel = "T", description = "Report title.")
    String title;

    @Option(names = "--case-id", paramLabel = "ID", description = "Case identifier (default: the bundle's name).")
    String caseId;

    @Option(names = "--customer", paramLabel = "C", description = "Customer, on the masthead and in the PDF's subject.")
    String customer;

    @Option(names = "--ref", paramLabel = "TICKET", description = "Ticket or case number, on the masthead and in the PDF's keywords.")
    String ref;

    @Option(names = "--analyst", paramLabel = "NAME", description = "Who prepared the report: the masthead and the PDF's author.")
    String analyst;

    @Option(names = "--brief", description = "The brief edition: the summary page, each finding in one paragraph with "
            + "its action, the case facts (at most 3 PDF pages).")
    boolean brief;

    @Mixin
    PageOptions pages;

    @Option(names = "--csv", paramLabel = "DIR",
            description = "Also write each chart's data as DIR/CHART-ID.csv (the files the HTML offers under each chart).")
    Path csv;

    @Option(names = "--archive", paramLabel = "DIR|DB",
            description = "A case archive (a batch's folder or its cases.duckdb): the report's \"Seen before\" section "
                    + "names the archived cases closest to this one (same causes, device classes, time model; docs/ARCHIVE.md).")
    Path archive;

    @Option(names = "--fail-on", paramLabel = "SEVERITY", converter = Converters.FailOn.class,
            completionCandidates = Converters.FailOnLevels.class,
            description = "Exit 4 when a finding of this severity or worse is raised: ${COMPLETION-CANDIDATES}.")
    Severity failOn;

    @Option(names = "--from", paramLabel = "T",
            description = "Keep only records at or after T seconds since each input's first timed record.")
    Double from;

    @Option(names = "--to", paramLabel = "T",
            description = "Keep only records before T seconds since each input's first timed record.")
    Double to;

    @Option(names = "--mark", paramLabel = "TIME=LABEL", converter = Converters.MarkText.class,
            description = "An incident or a change to draw on every time chart (repeatable): TIME as ISO 8601 "
                    + "(2024-03-01T10:15:00, read as UTC like iostat's stamps without a zone, or with Z / +02:00) "
                    + "or seconds since each input's first timed record (95 or 95s).")
    List<dev.ioverdict.model.Mark> marks = List.of();


    @Mixin
    ReportingOptions reporting;

    @Mixin
    BundleOptions reading;


    @Override
    public Integer call() {
        Set<ReportFormat> wanted = EnumSet.copyOf(reporting.formats);
        Severity failAt = failOn;
        Path templates = pages.templates();
        TimeWindow window = window(from, to);
        if (archive != null) {
            try {
                CaseArchive.locate(archive); // before the bundle is read: a mistyped path is a usage error at once
            } catch (CaseArchive.ArchiveException e) {
                throw new UserError(ExitCodes.USAGE, "--archive " + SafeText.terminal(e.getMessage()), e);
            }
        }
        CaseCompiler.Compiled compiled;
        List<Path> written;
        try (StatusLine status = reading.common.statusLine()) {
            Progress progress = status.progress();
            try {
                compiled = new CaseCompiler(reporting.load()).compile(CaseRequest.of(bundle).withCaseId(caseId)
                        .withTitle(title).withLimits(reading.limits.limits()).withWindow(window).withProgress(progress));
            } catch (BundleException e) {
                throw new UserError(ExitCodes.of(e), e.getMessage(), e);
            }
            if (compiled.report().window() != null && compiled.report().window().holdsNoRecord()) {
                throw new UserError(ExitCodes.NOTHING_USABLE, compiled.report().window().noDataMessage());
            }
            if (!compiled.usable()) {
                throw new UserError(ExitCodes.NOTHING_USABLE, nothingUsable(bundle, compiled.report().inputs()));
            }
            progress.phase(Progress.Phase.RENDERING);
            try {
                var report = compiled.report().withMarks(marks)
                        .withCase(compiled.report().caseInfo().with(null, customer, ref, analyst));
                if (archive != null) {
                    report = report.withSeenBefore(seenBefore(report));
                }
                dev.ioverdict.report.Redaction redaction = null;
                if (pages.redact) {
                    var redacting = ReportWriter.redacting(report, compiled.data(), PageOptions.redactionKey());
                    report = redacting.report();
                    redaction = redacting.redaction();
                }
                written = new java.util.ArrayList<>(ReportWriter.write(report, compiled.data(), wanted, output, templates,
                        brief, redaction, true));
                if (csv != null) {
                    written.addAll(ReportWriter.writeCsv(report, compiled.data(), csv, redaction));
                }
            } catch (IOException e) {
                throw new UserError(ExitCodes.CANNOT_WRITE, WriteFailure.message("the report into " + output, e), e);
            }
        }
        PrintWriter out = reading.common.out();
        List<Finding> findings = compiled.report().findings();
        out.println(summaryLine(findings));
        for (Finding f : findings) {
            out.printf(Locale.ROOT, "  %-8s %-18s %s%n", f.severity().id(), f.rule(), SafeText.terminal(f.title()));
        }
        for (InputSummary i : compiled.report().inputs()) {
            if (i.damaged()) {
                out.printf(Locale.ROOT, "  input %s: %d warning(s), first: line %d: %s%n", SafeText.terminal(i.path()),
                        i.warnings().size() + i.warningsNotListed(), i.warnings().get(0).line(),
                        SafeText.terminal(i.warnings().get(0).message()));
            }
        }
        written.forEach(p -> out.println("wrote " + SafeText.terminal(p.toString())));
        out.flush();
        PrintWriter err = reading.common.err();
        for (RuleFailure f : compiled.report().failedRules()) {
            err.println("ioverdict: rule " + f.rule() + " failed (a defect of ioverdict; the report was written "
                    + "without it): " + SafeText.terminal(f.message()));
            if (reading.common.debug && f.cause() != null) {
                f.cause().printStackTrace(err);
            }
        }
        for (AnalysisFailure f : compiled.report().analysisFailures()) {
            err.println("ioverdict: analysis " + f.analysis() + " failed (a defect of ioverdict; the report was "
                    + "written without what it derives): " + SafeText.terminal(f.message()));
            if (reading.common.debug && f.cause() != null) {
                f.cause().printStackTrace(err);
            }
        }
        err.flush();
        return exitCode(compiled.report(), failAt);
    }

    private dev.ioverdict.report.model.SeenBefore seenBefore(dev.ioverdict.report.model.Report report) {
        try {
            return NearestCases.find(archive, report, output);
        } catch (CaseArchive.ArchiveException e) {
            throw new UserError(ExitCodes.USAGE, "--archive " + SafeText.terminal(e.getMessage()), e);
        }
    }

    /** 4 for a finding at --fail-on or worse, else 1 for a damaged input or a failed rule, else 0. */
    static int exitCode(dev.ioverdict.report.model.Report report, Severity failAt) {
        if (failAt != null && report.findings().stream().anyMatch(f -> f.severity().atLeast(failAt))) {
            return ExitCodes.FINDING_AT_SEVERITY;
        }
        return report.incomplete() ? ExitCodes.DAMAGED_INPUT : ExitCodes.OK;
    }

    static TimeWindow window(Double from, Double to) {
        if (from == null && to == null) {
            return null;
        }
        try {
            return new TimeWindow(from, to);
        } catch (IllegalArgumentException e) {
            throw new UserError(ExitCodes.USAGE, "--from/--to: " + e.getMessage());
        }
    }

    static String summaryLine(List<Finding> findings) {
        long critical = findings.stream().filter(f -> f.severity() == Severity.CRITICAL).count();
        long warning = findings.stream().filter(f -> f.severity() == Severity.WARNING).count();
        return String.format(Locale.ROOT, "%d finding(s): %d critical, %d warning, %d info", findings.size(),
                critical, warning, findings.size() - critical - warning);
    }

    static String nothingUsable(Path bundle, List<InputSummary> inputs) {
        if (inputs.isEmpty()) {
            return bundle + ": nothing usable: the bundle holds no files";
        }
        InputSummary first = inputs.get(0);
        return bundle + ": nothing usable: none of its " + inputs.size() + " file(s) is in a format ioverdict reads"
                + " (e.g. " + first.path() + ": " + first.detectedBecause() + "); see 'ioverdict inspect'";
    }
}
