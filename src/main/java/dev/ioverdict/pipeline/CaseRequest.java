package dev.ioverdict.pipeline;

import dev.ioverdict.bundle.Limits;
import dev.ioverdict.model.TimeWindow;
import java.nio.file.Path;

/**
 * One case to compile and how: the bundle, the case's id and title (null: from the bundle's name),
 * the limits it is read within, the time window kept (null: all) and who hears of its progress.
 * Built from {@link #of} and the {@code with} methods, so a new option is one more component and
 * one more method, not another overload of {@link CaseCompiler#compile}.
 */
public record CaseRequest(Path bundle, String caseId, String title, Limits limits, TimeWindow window,
                          Progress progress) {
    public CaseRequest {
        limits = limits == null ? Limits.DEFAULT : limits;
        progress = progress == null ? Progress.NONE : progress;
    }

    /** The whole of {@code bundle} within the default limits, named after it. */
    public static CaseRequest of(Path bundle) {
        return new CaseRequest(bundle, null, null, Limits.DEFAULT, null, Progress.NONE);
    }

    public CaseRequest withCaseId(String id) {
        return new CaseRequest(bundle, id, title, limits, window, progress);
    }

    public CaseRequest withTitle(String newTitle) {
        return new CaseRequest(bundle, caseId, newTitle, limits, window, progress);
    }

    public CaseRequest withLimits(Limits newLimits) {
        return new CaseRequest(bundle, caseId, title, newLimits, window, progress);
    }

    public CaseRequest withWindow(TimeWindow newWindow) {
        return new CaseRequest(bundle, caseId, title, limits, newWindow, progress);
    }

    public CaseRequest withProgress(Progress newProgress) {
        return new CaseRequest(bundle, caseId, title, limits, window, newProgress);
    }

    /** The case id given, else the bundle's name ({@link CaseCompiler#defaultCaseId}). */
    public String id() {
        return caseId != null ? caseId : CaseCompiler.defaultCaseId(bundle);
    }
}
