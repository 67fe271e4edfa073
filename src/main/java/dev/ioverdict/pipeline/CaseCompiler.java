package dev.ioverdict.pipeline;

import dev.ioverdict.analysis.Analyses;
import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.bundle.Bundle;
import dev.ioverdict.bundle.BundleException;
import dev.ioverdict.bundle.BundleReader;
import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.bundle.DetectedFile;
import dev.ioverdict.bundle.FormatDetector;
import dev.ioverdict.bundle.Limits;
import dev.ioverdict.bundle.Skipped;
import dev.ioverdict.diagnosis.Diagnosed;
import dev.ioverdict.diagnosis.Diagnosis;
import dev.ioverdict.model.Diagnostic;
import dev.ioverdict.model.AppliedWindow;
import dev.ioverdict.model.Fact;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.TimeWindow;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.parse.InputFile;
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
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.function.Consumer;

/** Bundle in, report model out: read, recognise, parse, analyse, judge. Renders nothing. */
public final class CaseCompiler {
    /**
     * From this many bytes (4 MB unless set) a file's facts are analysed on a thread of their own,
     * beside its parser ({@link FactHandoff}); below it the thread costs more than it gives. The
     * tests set it to 0 to send every file through that path.
     */
    static final String ALONGSIDE_FROM_BYTES = "ioverdict.analysisAlongside.fromBytes";
    private static final int CORES = Runtime.getRuntime().availableProcessors();

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
        return compile(bundlePath, caseId, title, Limits.DEFAULT, null);
    }

    public Compiled compile(Path bundlePath, String caseId, String title, Limits limits) throws BundleException {
        return compile(bundlePath, caseId, title, limits, null);
    }

    /** As {@link #compile(Path, String, String)}, keeping only the records inside {@code window}. */
    public Compiled compile(Path bundlePath, String caseId, String title, TimeWindow window) throws BundleException {
        return compile(bundlePath, caseId, title, Limits.DEFAULT, window);
    }

    /** Within {@code limits}, keeping only the records inside {@code window} (null: all). */
    public Compiled compile(Path bundlePath, String caseId, String title, Limits limits, TimeWindow window)
            throws BundleException {
        return compile(bundlePath, caseId, title, limits, window, Progress.NONE);
    }

    /** As {@link #compile(Path, String, String, Limits, TimeWindow)}, telling {@code progress} how far it is. */
    public Compiled compile(Path bundlePath, String caseId, String title, Limits limits, TimeWindow window,
                            Progress progress) throws BundleException {
        try (Bundle bundle = BundleReader.open(bundlePath, limits)) {
            CaseData data = read(bundle, window, progress);
            progress.phase(Progress.Phase.RULES);
            Diagnosed outcome = Diagnosis.diagnose(new RuleEngine(rules, config).evaluate(data), data);
            boolean usable = data.usable();
            String id = caseId != null ? caseId : defaultCaseId(bundlePath);
            return new Compiled(ReportAssembler.assemble(data, outcome, id, title), data, usable);
        }
    }

    /** detected[i] and the later files of its format in its folder. */
    private static List<DetectedFile> sameFolder(List<DetectedFile> detected, int i) {
        DetectedFile first = detected.get(i);
        String folder = folder(first.file().path());
        List<DetectedFile> out = new ArrayList<>();
        for (int k = i; k < detected.size(); k++) {
            DetectedFile d = detected.get(k);
            if (d.format().equals(first.format()) && folder(d.file().path()).equals(folder)) {
                out.add(d);
            }
        }
        return out;
    }

    private static String folder(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }

    /** Recognises and parses every file of the bundle, then runs the analyses. */
    public static CaseData read(Bundle bundle) {
        return read(bundle, null);
    }

    /** As {@link #read(Bundle)}, with every timed record outside {@code window} dropped before the analyses. */
    public static CaseData read(Bundle bundle, TimeWindow window) {
        return read(bundle, window, Progress.NONE);
    }

    /** As {@link #read(Bundle, TimeWindow)}, telling {@code progress} the bytes read of each input. */
    public static CaseData read(Bundle bundle, TimeWindow window, Progress progress) {
        progress.phase(Progress.Phase.READING);
        List<AppliedWindow.Input> windowed = new ArrayList<>();
        FormatDetector detector = new FormatDetector(InputFormats.all());
        Facts facts = new Facts();
        List<Analysis> analyses = Analyses.fresh();
        analyses.forEach(a -> a.attach(facts));
        List<DetectedFile> detected = bundle.files().stream().map(detector::detect).toList();
        progress.inputs(detected.stream().filter(d -> d.format().isPresent()).mapToLong(d -> d.file().size()).sum());
        Map<String, InputSummary> summaries = new HashMap<>();
        for (int i = 0; i < detected.size(); i++) {
            DetectedFile d = detected.get(i);
            if (summaries.containsKey(d.file().path())) {
                continue; // read with its folder's other pieces
            }
            if (d.format().isEmpty()) {
                summaries.put(d.file().path(), new InputSummary(d.file().path(), "unknown", d.because(), 0, 0, 0,
                        null, null, d.unreadable() ? List.of(new Diagnostic(0, d.because() + ": not read")) : List.of(),
                        0));
                continue;
            }
            InputFormat format = d.format().get();
            List<DetectedFile> together = format.readsFolderTogether() ? sameFolder(detected, i) : List.of(d);
            List<WindowFilter> filters = together.stream()
                    .map(t -> window == null ? null : new WindowFilter(window, t.file().path())).toList();
            long bytes = together.stream().mapToLong(t -> t.file().size()).sum();
            FactHandoff handoff = format.analysedAlongside() && bytes >= Long.getLong(ALONGSIDE_FROM_BYTES, 4L << 20)
                    && CORES > 1
                    ? new FactHandoff(facts, d.file().path()) : null;
            List<ParseContext> contexts = new ArrayList<>();
            for (int k = 0; k < together.size(); k++) {
                contexts.add(new ParseContext(together.get(k).file().path(),
                        handoff != null ? handoff : (Consumer<Fact>) facts::add, bundle.limits().maxLineLength(),
                        filters.get(k)));
            }
            progress.input(together.size() == 1 ? d.file().path() : d.file().path() + " and " + (together.size() - 1)
                    + " more", together.stream().mapToLong(t -> t.file().size()).sum());
            List<InputFile> files = together.stream().<InputFile>map(DetectedFile::file)
                    .map(f -> progress == Progress.NONE ? f : new CountedInput(f, progress)).toList();
            try {
                try {
                    format.parseTogether(files, contexts);
                } finally {
                    if (handoff != null) {
                        handoff.close(); // every fact read is analysed before the next file, even after a failure
                    }
                }
            } catch (IOException e) {
                // An unreadable file (an I/O error, a file gone since it was listed) costs that file, never the report.
                contexts.get(0).warn(0, "reading stopped early: " + BundleFile.whyUnreadable(e)
                        + "; what was read before is kept");
            } catch (RuntimeException e) {
                // A parser bug costs that file, never the report.
                contexts.get(0).warn(0, "reading stopped early: " + e);
            } catch (OutOfMemoryError e) {
                contexts.get(0).warn(0, "reading stopped early: out of memory (give the JVM more with JAVA_OPTS=-Xmx...)");
            } catch (StackOverflowError e) {
                contexts.get(0).warn(0, "reading stopped early: a record nested too deeply (stack overflow)");
            }
            for (int k = 0; k < together.size(); k++) {
                summaries.put(together.get(k).file().path(), contexts.get(k).summary(format.id(), together.get(k).because()));
            }
            filters.stream().filter(java.util.Objects::nonNull).forEach(f -> windowed.add(f.summary(format.id())));
        }
        List<InputSummary> inputs = new ArrayList<>();
        detected.forEach(d -> inputs.add(summaries.get(d.file().path())));
        for (Skipped s : bundle.skipped()) {
            inputs.add(new InputSummary(s.path(), "unknown", s.reason(), 0, 0, 0, null, null,
                    s.damaged() ? List.of(new Diagnostic(0, s.reason())) : List.of(), 0));
        }
        inputs.sort(Comparator.comparing(InputSummary::path));
        progress.phase(Progress.Phase.ANALYSING);
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
        for (String ext : new String[] {".tar.gz", ".tgz", ".tar.xz", ".txz", ".tar.bz2", ".tbz2", ".tar", ".zip"}) {
            if (name.endsWith(ext)) {
                return name.substring(0, name.length() - ext.length());
            }
        }
        return name;
    }
}
