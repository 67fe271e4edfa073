package dev.ioverdict.cli;

import dev.ioverdict.bundle.BundleException;
import dev.ioverdict.compare.CompareWriter;
import dev.ioverdict.compare.Comparison;
import dev.ioverdict.model.TimeWindow;
import dev.ioverdict.pipeline.CaseComparer;
import dev.ioverdict.pipeline.archive.CaseArchive;
import dev.ioverdict.report.ReportFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ioverdict compare BEFORE AFTER} or {@code compare BUNDLE --before FROM..TO --after FROM..TO}. */
@Command(name = "compare",
        description = {"Before and after: two bundles (folders or archives), two report.json files, a case of a "
                + "batch's case archive (DIR#CASE_ID), or two time windows of one bundle; writes compare.html, compare.pdf, compare.json (ioverdict.compare/1).",
            "Exit 4 with --fail-on-regression when a significant change for the worse was found."})
final class CompareCommand implements Callable<Integer> {
    @Parameters(arity = "1..2", paramLabel = "SIDE",
            description = "BEFORE AFTER (each a bundle, a report.json, or ARCHIVE#CASE_ID: a case of a batch's case "
                    + "archive, ARCHIVE its folder or cases.duckdb), or one BUNDLE with --before and --after windows.")
    List<Path> sides;

    @Option(names = "--before", paramLabel = "FROM..TO", converter = WindowConverter.class,
            description = "Window of the before side, seconds since each input's first timed record (e.g. 0..60).")
    TimeWindow beforeWindow;

    @Option(names = "--after", paramLabel = "FROM..TO", converter = WindowConverter.class,
            description = "Window of the after side, as --before.")
    TimeWindow afterWindow;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", defaultValue = "ioverdict-compare",
            description = "Output folder (default: ${DEFAULT-VALUE}).")
    Path output;


    @Option(names = "--label-before", paramLabel = "L", defaultValue = "before", description = "Name of the before side.")
    String labelBefore;

    @Option(names = "--label-after", paramLabel = "L", defaultValue = "after", description = "Name of the after side.")
    String labelAfter;

    @Option(names = "--fail-on-regression", description = "Exit 4 when a significant change for the worse was found.")
    boolean failOnRegression;

    @Mixin
    PageOptions pages;

    @Mixin
    ReportingOptions reporting;

    @Mixin
    CommonOptions common;


    static final class WindowConverter implements CommandLine.ITypeConverter<TimeWindow> {
        @Override
        public TimeWindow convert(String value) {
            try {
                return TimeWindow.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    @Override
    public Integer call() {
        Path beforePath = sides.get(0);
        Path afterPath = sides.size() == 2 ? sides.get(1) : sides.get(0);
        if (sides.size() == 1 && (beforeWindow == null || afterWindow == null)) {
            throw new UserError(ExitCodes.USAGE, "compare with one BUNDLE needs --before FROM..TO and --after FROM..TO "
                    + "(or give two sides: BEFORE AFTER)");
        }
        for (Path p : sides) {
            if (!Files.exists(p) && CaseArchive.CaseRef.parse(p.toString()).isEmpty()) {
                throw new UserError(ExitCodes.USAGE, p + ": no such bundle, report.json or archived case (ARCHIVE#CASE_ID)");
            }
        }
        Path templates = pages.templates();
        CaseComparer.Compared compared;
        try (StatusLine status = common.statusLine()) {
            compared = new CaseComparer(reporting.load(), status.progress()).compare(
                    new CaseComparer.SideSpec(beforePath, labelBefore, beforeWindow),
                    new CaseComparer.SideSpec(afterPath, labelAfter, afterWindow));
        } catch (BundleException e) {
            throw new UserError(e.usage() ? ExitCodes.NOTHING_USABLE : ExitCodes.of(e), e.getMessage(), e);
        } catch (CaseComparer.NothingUsable e) {
            throw new UserError(ExitCodes.NOTHING_USABLE, e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new UserError(ExitCodes.USAGE, e.getMessage(), e);
        } catch (IOException e) {
            throw new UserError(ExitCodes.NOTHING_USABLE, "cannot read a side: " + e.getMessage(), e);
        }
        Set<ReportFormat> wanted = EnumSet.copyOf(reporting.formats);
        List<Path> written;
        try {
            written = CompareWriter.write(compared.comparison(), compared.before(), compared.after(), wanted, output,
                    templates, pages.redact ? CompareWriter.redaction(compared.before(), compared.after(),
                            PageOptions.redactionKey()) : null);
        } catch (IOException e) {
            throw new UserError(ExitCodes.CANNOT_WRITE, WriteFailure.message("the comparison into " + output, e), e);
        }
        Comparison c = compared.comparison();
        PrintWriter out = common.out();
        out.println(c.outcome() + ": " + c.verdict());
        c.regressions().forEach(r -> out.println("  worse: " + r));
        written.forEach(p -> out.println("wrote " + p));
        out.flush();
        if (failOnRegression && c.regressed()) {
            return ExitCodes.FINDING_AT_SEVERITY;
        }
        return compared.damaged() ? ExitCodes.DAMAGED_INPUT : ExitCodes.OK;
    }
}
