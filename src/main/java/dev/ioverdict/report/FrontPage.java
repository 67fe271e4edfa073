package dev.ioverdict.report;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.config.DeviceIdentities;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.analysis.host.HostInfo;
import dev.ioverdict.analysis.iostat.CpuLoads;
import dev.ioverdict.diagnosis.Diagnosed;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.report.model.Summary;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.rules.RuleInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Writes the front page from the diagnosis and the case's inputs. */
final class FrontPage {
    /** Set to an ISO 8601 instant to fix the generation time (golden reports, reproducible output). */
    static final String NOW_PROPERTY = "ioverdict.now";
    private static final int ACTIONS = 3;

    private FrontPage() {
    }

    static Summary of(CaseData data, Diagnosed outcome, String caseId, HostInfo host, List<IostatDevice> iostat,
                      List<String> blockDevices) {
        List<Finding> causes = outcome.causes();
        List<Summary.Cause> lines = new ArrayList<>();
        for (int i = 0; i < causes.size(); i++) {
            Finding f = causes.get(i);
            lines.add(new Summary.Cause(i + 1, "finding-" + (i + 1), f.rule(), f.severity().id(),
                    f.confidence().name().toLowerCase(Locale.ROOT), f.title(), causeImpact(f.impact())));
        }
        List<Summary.Action> actions = new ArrayList<>();
        Set<String> said = new LinkedHashSet<>();
        for (int rank = 1; rank <= causes.size(); rank++) {
            Finding f = causes.get(rank - 1);
            // a note is for information: its advice stays on its card, page 1's steps are for causes
            if (actions.size() == ACTIONS || f.severity() == Severity.INFO) {
                break;
            }
            String text = Verdict.firstSentence(f.recommendation());
            if (!text.isEmpty() && said.add(text)) {
                actions.add(new Summary.Action(f.rule(), text, effect(f, rank, causes.size())));
            }
        }
        List<Summary.UseRow> use = new ArrayList<>();
        data.results().get(CpuLoads.class).flatMap(UseTable::cpus).ifPresent(use::add);
        use.addAll(UseTable.of(iostat, blockDevices, causes, data.inputs(),
                data.results().get(StorageConfig.class).map(StorageConfig::identities).orElseGet(DeviceIdentities::empty),
                data.results().get(TimeModel.class).orElse(null)));
        return new Summary(headline(causes, outcome,
                data.results().get(TimeModel.class).orElse(null)), lines, actions, use,
                checked(outcome).stream().map(i -> i.title() + " (" + i.id() + "): nothing found").toList(),
                healthy(data, outcome, iostat),
                facts(data, caseId, host));
    }

    /**
     * What an action gives back, said once: the cause's whole impact stands in the headline or the
     * table of causes above, so the step names its cause by rank and the seconds (or, for device
     * time over a span, the load: not seconds a user gets back).
     */
    private static String effect(Finding f, int rank, int causes) {
        String cause = causes == 1 ? "" : "cause " + rank;
        String gain = f.impact() == null ? null : f.impact().gain();
        if (gain == null) {
            return cause.isEmpty() ? "addresses the cause above" : "addresses " + cause;
        }
        String effect = f.impact().spanSeconds() != null ? "acts on a load of " + gain
                : RuleCatalogue.meaning(f.rule()).layer() == Meaning.Layer.NOT_LOCATED ? "finds where its " + gain + " is spent"
                : "expected to give back up to " + gain;
        return cause.isEmpty() ? effect : cause + ": " + effect;
    }

    /** The rules that ran on this data and found nothing: what a healthy report can vouch for. */
    private static List<RuleInfo> checked(Diagnosed outcome) {
        Set<String> raised = new LinkedHashSet<>();
        outcome.causes().forEach(f -> {
            raised.add(f.rule());
            f.symptoms().forEach(s -> raised.add(s.rule()));
        });
        Set<String> skipped = new LinkedHashSet<>();
        outcome.notEvaluated().forEach(n -> skipped.add(n.rule()));
        outcome.failures().forEach(x -> skipped.add(x.rule()));
        return RuleCatalogue.all().stream().map(r -> r.info())
                .filter(i -> !raised.contains(i.id()) && !skipped.contains(i.id())).toList();
    }

    /** The same rules, each with the figures that keep it quiet and how far they vouch for it. */
    private static List<Summary.Healthy> healthy(CaseData data, Diagnosed outcome, List<IostatDevice> iostat) {
        HealthyVerdicts verdicts = new HealthyVerdicts(iostat,
                data.results().get(dev.ioverdict.model.block.BlockSection.class).orElse(null),
                data.results().get(dev.ioverdict.model.block.BlockDistributions.class)
                        .map(dev.ioverdict.model.block.BlockDistributions::requestD2c).orElse(List.of()),
                data.results().get(dev.ioverdict.model.syscall.SyscallSection.class).orElse(null), data.inputs(),
                data.results().get(TimeModel.class).orElse(null),
                outcome.causes(),
                data.results().get(StorageConfig.class).orElse(null));
        return checked(outcome).stream().map(verdicts::of).toList();
    }

    private static String headline(List<Finding> causes, Diagnosed outcome, TimeModel model) {
        if (causes.isEmpty()) {
            long evaluated = outcome.notEvaluated().stream().filter(n -> n.applicable()).count();
            return "No I/O problem found in this capture" + (evaluated > 0 ? " by the rules its data could feed ("
                    + evaluated + " could not be evaluated; see below)." : ".");
        }
        Finding top = causes.get(0);
        // over a table of causes the headline gives the figure in brief: the table gives it whole
        String gain = causes.size() == 1 ? impact(top.impact()) : top.impact() == null ? null : top.impact().brief();
        if (causes.stream().allMatch(f -> f.severity() == Severity.INFO)) {
            // a note is not a diagnosis: a healthy capture must not open with its largest wait as if it were a fault
            return "No I/O problem found in this capture" + idle(model) + "; for information: " + lowerFirst(top.title())
                    + (gain == null ? "" : " \u2014 " + gain) + (causes.size() > 1 ? "; " + (causes.size() - 1)
                    + " more note" + (causes.size() > 2 ? "s" : "") + " below" : "") + ".";
        }
        // a finding of information is a note, not a cause: the headline counts them apart
        long notes = causes.stream().skip(1).filter(f -> f.severity() == Severity.INFO).count();
        long more = causes.size() - 1 - notes;
        String also = (more == 0 ? "" : more == 1 ? "one more cause" : more + " more causes")
                + (notes == 0 ? "" : (more == 0 ? "" : " and ") + (notes == 1 ? "a note" : notes + " notes"));
        return top.title() + (gain == null ? "" : " \u2014 " + gain) + (also.isEmpty() ? "" : "; " + also + " below") + ".";
    }

    /**
     * ": the application is not I/O bound (it waited 5.92 ms for I/O in the 2.99 s traced, 0.198%)" when
     * that is why nothing was found (a cause costing under 1 % of that time is a remark), else nothing.
     */
    private static String idle(TimeModel model) {
        if (model == null || model.ioBound()) {
            return "";
        }
        return ": the application is not I/O bound (it waited " + Figures.duration(model.waitSeconds())
                + " for I/O in the " + Figures.duration(model.captureSeconds()) + " traced, "
                + Figures.percent(100 * model.waitSeconds() / model.captureSeconds()) + ")";
    }

    /** "Pid 42 waits" stays; "I/O scheduler" stays; "Slow device" becomes "slow device" inside a sentence. */
    private static String lowerFirst(String title) {
        if (title.length() < 2 || !Character.isUpperCase(title.charAt(0)) || Character.isUpperCase(title.charAt(1))) {
            return title;
        }
        return Character.toLowerCase(title.charAt(0)) + title.substring(1);
    }

    /**
     * A cause's impact in the table of causes: as every page says it, or, where the time model measured that the
     * cause holds none of the wait (a saturation in reports where the application waited for nothing), that it
     * holds none, which is not the same as "not measurable"; null when nothing measured it.
     */
    static String causeImpact(Impact i) {
        if (i != null && i.text() == null && i.measured() && i.sharePct() != null && i.seconds() <= 0
                && i.of() != null) {
            int bracket = i.of().indexOf(" (");
            return "none of " + (bracket > 0 ? i.of().substring(0, bracket) : i.of());
        }
        return impact(i);
    }

    /** The impact as every page says it ({@link Impact#text()}), or null when it explains nothing. */
    static String impact(Impact i) {
        return i == null ? null : i.text();
    }

    private static Summary.Facts facts(CaseData data, String caseId, HostInfo host) {
        List<Summary.Span> spans = new ArrayList<>();
        double first = Double.POSITIVE_INFINITY;
        double last = Double.NEGATIVE_INFINITY;
        Set<String> tools = new LinkedHashSet<>();
        for (InputSummary in : data.inputs()) {
            if (!in.format().equals("unknown")) {
                tools.add(in.format());
            }
            if (in.firstTime() == null || in.lastTime() == null) {
                continue;
            }
            boolean wall = InputClock.stamps(in.firstTime());
            if (wall) {
                first = Math.min(first, in.firstTime());
                last = Math.max(last, in.lastTime());
            }
            spans.add(new Summary.Span(in.path(), in.format(), Clocks.time(in.format(), in.firstTime()),
                    Clocks.time(in.format(), in.lastTime()),
                    Clocks.clock(in.format(), wall), Clocks.zone(data, in.path(), in.format(), wall)));
        }
        String window = first <= last ? Clocks.iso(first) + " .. " + Clocks.iso(last) + " UTC" : null;
        return new Summary.Facts(caseId, host == null ? null : host.hostname(), host == null ? null : host.kernel(),
                host == null ? null : host.os(), window, spans, List.copyOf(tools), Clocks.ISO.format(now()), Version.get());
    }

    private static Instant now() {
        String fixed = System.getProperty(NOW_PROPERTY);
        return fixed != null ? Instant.parse(fixed) : Instant.now();
    }
}
