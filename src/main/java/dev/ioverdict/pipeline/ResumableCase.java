package dev.ioverdict.pipeline;

import dev.ioverdict.report.ReportWriter;
import dev.ioverdict.report.model.BatchSummary.CaseResult;
import dev.ioverdict.report.model.CaseStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** One case of a batch under its settings: reused when unchanged, else compiled within its limits and stamped. */
final class ResumableCase {
    /** A result and whether it was taken from an earlier run. */
    record Outcome(CaseResult result, boolean reused) {
    }

    private final BatchSettings settings;
    private final CaseLimits limits;
    private final List<String> reportFiles;

    ResumableCase(BatchSettings settings, List<String> reportFiles) {
        this.settings = settings;
        // a case in a process of its own has its time bounded there, where it can be killed
        this.limits = new CaseLimits(settings.caseMemory() == null ? settings.caseTimeout() : null);
        this.reportFiles = List.copyOf(reportFiles);
    }

    Outcome run(String caseId, Path bundle, Path caseDir, Callable<CaseResult> compile) {
        String hash = null;
        try {
            ReportWriter.removeParts(caseDir); // of a run killed while it wrote this case's reports
            hash = CaseStamp.hash(bundle.toRealPath(), settings.options());
            if (settings.resume()) {
                var earlier = CaseStamp.reusable(caseDir, hash, reportFiles);
                if (earlier.isPresent()) {
                    return new Outcome(earlier.get(), true);
                }
            }
            CaseStamp.clear(caseDir);
        } catch (IOException | RuntimeException e) {
            hash = null; // the bundle cannot be read whole: compile it and let the compiler say why
        }
        CaseResult r = limits.run(caseId, bundle.toString(), compile);
        if (hash != null && r.status() != CaseStatus.FAILED) {
            try {
                CaseStamp.write(caseDir, hash, r, reportFiles);
            } catch (IOException e) {
                // without a stamp the case is only redone next time
            }
        }
        return new Outcome(r, false);
    }
}
