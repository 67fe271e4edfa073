package dev.ioverdict.pipeline;

import dev.ioverdict.analysis.Analyses;
import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.AnalysisFailure;
import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.bundle.Bundle;
import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.bundle.DetectedFile;
import dev.ioverdict.bundle.FormatDetector;
import dev.ioverdict.bundle.Skipped;
import dev.ioverdict.model.Fact;
import dev.ioverdict.model.AppliedWindow;
import dev.ioverdict.model.Diagnostic;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.TimeWindow;
import dev.ioverdict.parse.InputFile;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.parse.ParseContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * An open bundle to {@link CaseData}: recognise each file, group the files a format reads together,
 * parse each group (its facts streamed to the analyses, on a thread of their own for big files), list
 * what was read, then finish the analyses. Judges nothing; {@link CaseCompiler} does, after.
 */
public final class CaseReader {
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    private final Bundle bundle;
    private final TimeWindow window;
    private final Progress progress;
    private final Facts facts = new Facts();
    private final Map<String, InputSummary> summaries = new HashMap<>();
    private final List<AppliedWindow.Input> windowed = new ArrayList<>();

    private CaseReader(Bundle bundle, TimeWindow window, Progress progress) {
        this.bundle = bundle;
        this.window = window;
        this.progress = progress;
    }

    /** Every file of {@code bundle}, with each timed record outside {@code window} (null: none) dropped before the analyses. */
    public static CaseData read(Bundle bundle, TimeWindow window, Progress progress) {
        return new CaseReader(bundle, window, progress).read();
    }

    private CaseData read() {
        progress.phase(Progress.Phase.READING);
        List<Analysis> analyses = Analyses.fresh();
        analyses.forEach(a -> a.attach(facts));
        List<DetectedFile> detected = detect();
        for (List<DetectedFile> group : groups(detected)) {
            DetectedFile first = group.get(0);
            if (first.format().isEmpty()) {
                summaries.put(first.file().path(), unrecognised(first));
            } else {
                parse(first.format().get(), group);
            }
        }
        List<InputSummary> inputs = inputs(detected);
        progress.phase(Progress.Phase.ANALYSING);
        Results results = new Results();
        if (window != null) {
            results.put(AppliedWindow.class, new AppliedWindow(window.from(), window.to(), window.label(),
                    "seconds since each input's first timed record; records without a time are kept", windowed));
        }
        List<AnalysisFailure> failures = Analyses.finish(analyses, facts, results);
        return new CaseData(bundle.source(), inputs, facts, results, failures);
    }

    private List<DetectedFile> detect() {
        FormatDetector detector = new FormatDetector(InputFormats.all());
        List<DetectedFile> detected = bundle.files().stream().map(detector::detect).toList();
        progress.inputs(detected.stream().filter(d -> d.format().isPresent()).mapToLong(d -> d.file().size()).sum());
        return detected;
    }

    /**
     * The files in the order they are parsed: each alone, except that a format that reads a folder's
     * files together (per-CPU blktrace files) gets the first of them with the later ones of its folder.
     */
    static List<List<DetectedFile>> groups(List<DetectedFile> detected) {
        List<List<DetectedFile>> out = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        for (int i = 0; i < detected.size(); i++) {
            DetectedFile d = detected.get(i);
            if (taken.contains(d.file().path())) {
                continue; // read with its folder's other pieces
            }
            List<DetectedFile> group = d.format().isPresent() && d.format().get().readsFolderTogether()
                    ? sameFolder(detected, i) : List.of(d);
            group.forEach(g -> taken.add(g.file().path()));
            out.add(group);
        }
        return out;
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

    private static InputSummary unrecognised(DetectedFile d) {
        return new InputSummary(d.file().path(), "unknown", d.because(), 0, 0, 0, null, null,
                d.unreadable() ? List.of(new Diagnostic(0, d.because() + ": not read")) : List.of(), 0);
    }

    /** Parses one group of files of {@code format} and lists each; a failure costs those files only. */
    private void parse(InputFormat format, List<DetectedFile> together) {
        String first = together.get(0).file().path();
        List<WindowFilter> filters = together.stream()
                .map(t -> window == null ? null : new WindowFilter(window, t.file().path())).toList();
        long bytes = together.stream().mapToLong(t -> t.file().size()).sum();
        FactHandoff handoff = alongside(format, bytes) ? new FactHandoff(facts, first) : null;
        List<ParseContext> contexts = new ArrayList<>();
        for (int k = 0; k < together.size(); k++) {
            contexts.add(new ParseContext(together.get(k).file().path(),
                    handoff != null ? handoff : (Consumer<Fact>) facts::add, bundle.limits().maxLineLength(),
                    filters.get(k)));
        }
        progress.input(together.size() == 1 ? first : first + " and " + (together.size() - 1) + " more", bytes);
        List<InputFile> files = together.stream().<InputFile>map(DetectedFile::file)
                .map(f -> progress == Progress.NONE ? f : new CountedInput(f, progress)).toList();
        parseGuarded(format, files, contexts, handoff);
        for (int k = 0; k < together.size(); k++) {
            summaries.put(together.get(k).file().path(), contexts.get(k).summary(format.id(), together.get(k).because()));
        }
        filters.stream().filter(Objects::nonNull).forEach(f -> windowed.add(f.summary(format.id())));
    }

    /** Whether the facts of a group of {@code bytes} are analysed on a thread of their own ({@link CaseCompiler#ALONGSIDE_FROM_BYTES}). */
    private static boolean alongside(InputFormat format, long bytes) {
        return format.analysedAlongside() && bytes >= Long.getLong(CaseCompiler.ALONGSIDE_FROM_BYTES, 4L << 20)
                && CORES > 1;
    }

    /**
     * Runs the parser; whatever stops it (an unreadable file, a parser's bug, memory, a record nested
     * too deeply) costs those files what was not yet read, never the report: it becomes a warning on
     * the first file, and what was read before is kept.
     */
    private static void parseGuarded(InputFormat format, List<InputFile> files, List<ParseContext> contexts,
                                     FactHandoff handoff) {
        try {
            try {
                format.parseTogether(files, contexts);
            } finally {
                if (handoff != null) {
                    handoff.close(); // every fact read is analysed before the next file, even after a failure
                }
            }
        } catch (IOException e) {
            // an I/O error, a file gone since it was listed
            contexts.get(0).warn(0, "reading stopped early: " + BundleFile.whyUnreadable(e)
                    + "; what was read before is kept");
        } catch (RuntimeException e) {
            contexts.get(0).warn(0, "reading stopped early: " + e);
        } catch (OutOfMemoryError e) {
            contexts.get(0).warn(0, "reading stopped early: out of memory in a heap of "
                    + (Runtime.getRuntime().maxMemory() >> 20) + " MiB (give the JVM more with JAVA_OPTS=-Xmx...)");
        } catch (StackOverflowError e) {
            contexts.get(0).warn(0, "reading stopped early: a record nested too deeply (stack overflow)");
        }
    }

    /** Every file as read, in the bundle's order, with those the bundle skipped; sorted by path. */
    private List<InputSummary> inputs(List<DetectedFile> detected) {
        List<InputSummary> inputs = new ArrayList<>();
        detected.forEach(d -> inputs.add(summaries.get(d.file().path())));
        for (Skipped s : bundle.skipped()) {
            inputs.add(new InputSummary(s.path(), "unknown", s.reason(), 0, 0, 0, null, null,
                    s.damaged() ? List.of(new Diagnostic(0, s.reason())) : List.of(), 0));
        }
        inputs.sort(Comparator.comparing(InputSummary::path));
        return inputs;
    }
}
