package dev.ioverdict.pipeline;

import dev.ioverdict.bundle.BundleException;
import dev.ioverdict.bundle.Limits;
import dev.ioverdict.compare.Compare;
import dev.ioverdict.compare.Comparison;
import dev.ioverdict.compare.Side;
import dev.ioverdict.model.TimeWindow;
import dev.ioverdict.pipeline.archive.CaseArchive;
import dev.ioverdict.rules.RuleConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Before and after: each side a bundle (compiled now, optionally restricted to a time window), a
 * report.json of this version, or a case of a case archive ({@code ARCHIVE#CASE_ID}: its
 * report.json); then the comparison. Renders nothing.
 */
public final class CaseComparer {
    private final RuleConfig config;
    private final Progress progress;

    public CaseComparer(RuleConfig config) {
        this(config, Progress.NONE);
    }

    public CaseComparer(RuleConfig config, Progress progress) {
        this.config = config;
        this.progress = progress;
    }

    /** One side as given on the command line. */
    public record SideSpec(Path path, String label, TimeWindow window) {
    }

    /** The comparison, its two sides (for the charts), and whether an input of either side was damaged. */
    public record Compared(Comparison comparison, Side before, Side after, boolean damaged) {
    }

    /** A side that gave nothing to compare: no usable input in its bundle. */
    public static final class NothingUsable extends Exception {
        public NothingUsable(String message) {
            super(message);
        }
    }

    public Compared compare(SideSpec before, SideSpec after) throws BundleException, IOException, NothingUsable {
        boolean[] damaged = new boolean[1];
        Side b = side(before, damaged);
        Side a = side(after, damaged);
        return new Compared(Compare.of(b, a), b, a, damaged[0]);
    }

    public static boolean isReportJson(Path p) {
        return Files.isRegularFile(p) && p.getFileName().toString().endsWith(".json");
    }

    private Side side(SideSpec spec, boolean[] damaged) throws BundleException, IOException, NothingUsable {
        var archived = CaseArchive.CaseRef.parse(spec.path().toString());
        if (archived.isPresent()) {
            if (spec.window() != null) {
                throw new IllegalArgumentException(archived.get() + ": a time window needs the bundle, not an archived case");
            }
            try {
                return Side.ofReportJson(spec.label(), archived.get().reportJson()).archived(archived.get().toString());
            } catch (CaseArchive.ArchiveException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
        if (isReportJson(spec.path())) {
            if (spec.window() != null) {
                throw new IllegalArgumentException(spec.path() + ": a time window needs the bundle, not a report.json");
            }
            return Side.ofReportJson(spec.label(), spec.path());
        }
        String id = CaseCompiler.defaultCaseId(spec.path());
        if (spec.window() != null) {
            id = id + "@" + spec.window().label().replace(" s", "s");
        }
        CaseCompiler.Compiled compiled = new CaseCompiler(config).compile(CaseRequest.of(spec.path())
                .withCaseId(id).withWindow(spec.window()).withProgress(progress));
        if (compiled.report().window() != null && compiled.report().window().holdsNoRecord()) {
            throw new NothingUsable(spec.label() + ": " + compiled.report().window().noDataMessage());
        }
        if (!compiled.usable()) {
            throw new NothingUsable(spec.path() + " (" + spec.label() + "): nothing usable: no file in a format "
                    + "ioverdict reads gave a record; see 'ioverdict inspect'");
        }
        if (compiled.report().incomplete()) {
            damaged[0] = true;
        }
        return Side.ofCase(spec.label(), compiled.report(), compiled.data());
    }
}
