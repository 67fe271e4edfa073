package dev.ioverdict.pipeline;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.bundle.Bundle;
import dev.ioverdict.bundle.BundleException;
import dev.ioverdict.bundle.BundleReader;
import dev.ioverdict.diagnosis.Diagnosed;
import dev.ioverdict.diagnosis.Diagnosis;
import dev.ioverdict.report.ReportAssembler;
import dev.ioverdict.report.model.Report;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.rules.RuleEngine;
import java.nio.file.Path;
import java.util.List;

/**
 * Bundle in, report model out: read and analyse ({@link CaseReader}), judge, assemble. Renders
 * nothing. {@link #compile} is the one way in; what to compile and how is a {@link CaseRequest}.
 */
public final class CaseCompiler {
    /**
     * From this many bytes (4 MB unless set) a file's facts are analysed on a thread of their own,
     * beside its parser ({@link FactHandoff}); below it the thread costs more than it gives. The
     * tests set it to 0 to send every file through that path.
     */
    static final String ALONGSIDE_FROM_BYTES = "ioverdict.analysisAlongside.fromBytes";

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
    public record Compiled(Report report, CaseData data, boolean usable) {
    }

    public Compiled compile(CaseRequest request) throws BundleException {
        try (Bundle bundle = BundleReader.open(request.bundle(), request.limits())) {
            CaseData data = CaseReader.read(bundle, request.window(), request.progress());
            request.progress().phase(Progress.Phase.RULES);
            Diagnosed outcome = Diagnosis.diagnose(new RuleEngine(rules, config).evaluate(data), data);
            return new Compiled(ReportAssembler.assemble(data, outcome, request.id(), request.title()), data,
                    data.usable());
        }
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
