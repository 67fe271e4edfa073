package dev.ioverdict.pipeline;

import dev.ioverdict.analysis.Analyses;
import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.bundle.Bundle;
import dev.ioverdict.bundle.BundleException;
import dev.ioverdict.bundle.BundleReader;
import dev.ioverdict.bundle.DetectedFile;
import dev.ioverdict.bundle.FormatDetector;
import dev.ioverdict.diagnosis.Diagnosed;
import dev.ioverdict.diagnosis.Diagnosis;
import dev.ioverdict.model.Diagnostic;
import dev.ioverdict.model.AppliedWindow;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.TimeWindow;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.report.ReportAssembler;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.rules.RuleEngine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Bundle in, report model out: read, recognise, parse, analyse, judge. Renders nothing. */
public final class CaseCompiler {
    private final RuleConfig config;
    private final List<Rule> rules;

    public CaseCompiler(RuleConfig config) {
        this(config, RuleCatalogue.all());
    }

    /** A compiler that judges with {@code rules} only (a rule's tests run it alone). */
    public CaseCompiler(RuleConfig config, List<Rule> rules) {
        this.config = config;
        this.rules = List.copyOf(rules);
    }

    /** The result of compiling one case: the report and whether any usable input was found. */
    public record Compiled(dev.ioverdict.report.model.Report report, CaseData data, boolean usable) {
    }

    public Compiled compile(Path bundlePath, String caseId, String title) throws BundleException {
        return compile(bundlePath, caseId, title, null);
    }

    /** As {@link #compile(Path, String, String)}, keeping only the records inside {@code window} (null: all). */
    public Compiled compile(Path bundlePath, String caseId, String title, TimeWindow window) throws BundleException {
        try (Bundle bundle = BundleReader.open(bundlePath)) {
            CaseData data = read(bundle, window);
            Diagnosed outcome = Diagnosis.diagnose(new RuleEngine(rules, config).evaluate(data), data);
            boolean usable = data.usable();
            String id = caseId != null ? caseId : defaultCaseId(bundlePath);
            return new Compiled(ReportAssembler.assemble(data, outcome, id, title), data, usable);
        }
    }

    /** Recognises and parses every file of the bundle, then runs the analyses. */
    public static CaseData read(Bundle bundle) {
        return read(bundle, null);
    }

    /** As {@link #read(Bundle)}, with every timed record outside {@code window} dropped before the analyses. */
    public static CaseData read(Bundle bundle, TimeWindow window) {
        List<AppliedWindow.Input> windowed = new ArrayList<>();
        FormatDetector detector = new FormatDetector(InputFormats.all());
        Facts facts = new Facts();
        List<Analysis> analyses = Analyses.fresh();
        analyses.forEach(a -> a.attach(facts));
        List<InputSummary> inputs = new ArrayList<>();
        for (var file : bundle.files()) {
            DetectedFile detected = detector.detect(file);
            if (detected.format().isEmpty()) {
                inputs.add(new InputSummary(file.path(), "unknown", detected.because(), 0, 0, 0, null, null,
                        List.of(), 0));
                continue;
            }
            InputFormat format = detected.format().get();
            WindowFilter filter = window == null ? null : new WindowFilter(window, file.path());
            ParseContext ctx = new ParseContext(file.path(), facts, filter);
            try {
                format.parse(file, ctx);
            } catch (IOException | RuntimeException e) {
                // A parser bug or an unreadable file costs that file, never the report.
                ctx.warn(0, "reading stopped early: " + e);
            }
            inputs.add(ctx.summary(format.id(), detected.because()));
            if (filter != null) {
                windowed.add(filter.summary(format.id()));
            }
        }
        Results results = new Results();
        if (window != null) {
            results.put(AppliedWindow.class, new AppliedWindow(window.from(), window.to(), window.label(),
                    "seconds since each input's first timed record; records without a time are kept", windowed));
        }
        for (Analysis a : analyses) {
            try {
                a.finish(facts, results);
            } catch (RuntimeException e) {
                inputs.add(new InputSummary("(analysis " + a.getClass().getSimpleName() + ")", "unknown",
                        "analysis failed", 0, 0, 0, null, null, List.of(new Diagnostic(0, e.toString())), 0));
            }
        }
        return new CaseData(bundle.source(), inputs, facts, results);
    }

    /** The bundle's name without archive suffix; for {@code CASE/bundle/} layouts, CASE. */
    public static String defaultCaseId(Path bundle) {
        Path abs = bundle.toAbsolutePath().normalize();
        if (abs.getFileName() != null && abs.getFileName().toString().equals("bundle") && abs.getParent() != null
                && abs.getParent().getFileName() != null) {
            abs = abs.getParent();
        }
        String name = abs.getFileName() == null ? "case" : abs.getFileName().toString();
        for (String ext : new String[] {".tar.gz", ".tgz", ".tar", ".zip"}) {
            if (name.endsWith(ext)) {
                return name.substring(0, name.length() - ext.length());
            }
        }
        return name;
    }
}
