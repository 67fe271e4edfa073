package dev.ioverdict.cli;

import dev.ioverdict.analysis.AnalysisFailure;
import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.pipeline.CaseReader;
import dev.ioverdict.bundle.Bundle;
import dev.ioverdict.bundle.BundleException;
import dev.ioverdict.bundle.BundleReader;
import dev.ioverdict.model.Diagnostic;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.report.Clocks;
import dev.ioverdict.report.JsonRenderer;
import dev.ioverdict.report.SafeText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ioverdict inspect BUNDLE}: what was recognised, nothing rendered. */
@Command(name = "inspect",
        description = "Show what was recognised in a bundle: each file's format, lines, records, time span, warnings.")
final class InspectCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "BUNDLE")
    Path bundle;

    @Option(names = "--json", description = "Print the inventory as JSON.")
    boolean json;

    @Mixin
    BundleOptions reading;


    @Override
    public Integer call() throws IOException {
        CaseData data;
        try (Bundle b = BundleReader.open(bundle, reading.limits.limits());
             StatusLine status = reading.common.statusLine()) {
            data = CaseReader.read(b, null, status.progress());
        } catch (BundleException e) {
            throw new UserError(ExitCodes.of(e), e.getMessage(), e);
        }
        PrintWriter out = reading.common.out();
        if (json) {
            out.println(JsonRenderer.writer().writeValueAsString(data.inputs()));
        } else {
            print(out, data);
        }
        out.flush();
        boolean usable = data.usable();
        if (!usable) {
            reading.common.err().println("ioverdict: "
                    + SafeText.terminal(ReportCommand.nothingUsable(bundle, data.inputs())));
            return ExitCodes.NOTHING_USABLE;
        }
        for (AnalysisFailure f : data.analysisFailures()) {
            reading.common.err().println("ioverdict: analysis " + f.analysis() + " failed (a defect of ioverdict): "
                    + SafeText.terminal(f.message()));
        }
        return data.inputs().stream().anyMatch(InputSummary::damaged) || !data.analysisFailures().isEmpty()
                ? ExitCodes.DAMAGED_INPUT : ExitCodes.OK;
    }

    private static void print(PrintWriter out, CaseData data) {
        out.printf(Locale.ROOT, "%-40s %-16s %10s %10s %8s %-44s %s%n", "FILE", "FORMAT", "LINES", "RECORDS",
                "SKIPPED", "SPAN", "RECOGNISED BECAUSE");
        for (InputSummary i : data.inputs()) {
            // the times the report's case facts print: ISO 8601 (UTC) for stamps, else the input's own seconds
            String span = i.firstTime() == null ? "-"
                    : Clocks.time(i.format(), i.firstTime()) + " .. " + Clocks.time(i.format(), i.lastTime());
            out.printf(Locale.ROOT, "%-40s %-16s %10d %10d %8d %-44s %s%n", SafeText.terminal(i.path()), i.format(),
                    i.lines(), i.records(), i.skipped(), span, SafeText.terminal(i.detectedBecause()));
            for (String note : i.notes()) {
                out.printf(Locale.ROOT, "    note %s: %s%n", SafeText.terminal(i.path()), SafeText.terminal(note));
            }
            for (Diagnostic d : i.warnings()) {
                out.printf(Locale.ROOT, "    warning %s:%d: %s%n", SafeText.terminal(i.path()), d.line(),
                        SafeText.terminal(d.message()));
            }
            if (i.warningsNotListed() > 0) {
                out.printf(Locale.ROOT, "    ... and %d more warning(s)%n", i.warningsNotListed());
            }
        }
    }
}
