package dev.ioverdict.rules.cache;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Platform;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.vmstat.VmstatCounter;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Input;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Directory name lookup cache (DNLC) hit rate from {@code vmstat -s}: below 90 % every missed
 * lookup reads directory blocks and inodes from disk (seed 003).
 */
public final class NameCacheRule extends Rule {
    public static final Metric LOOKUPS_SINCE_BOOT = Metric.count("lookups", "name lookups since boot");
    public static final Metric HIT_PCT = Metric.percent("hitPct", "cache hit rate");
    public static final Metric MISSES = Metric.count("misses", "lookups that missed");
    public static final Metric LOW_SNAPSHOTS = Metric.count("lowSnapshots", "snapshots below the limit");

    static final String LOOKUPS = "total name lookups";

    public static final Input<List<VmstatCounter>> NAME_LOOKUPS = new Input<>("vmstat-s name lookups",
            "vmstat -s name lookup counter", "vmstat -s > vmstat-s.txt   (Solaris and other Unix; Linux procps has "
                    + "no such counter)",
            c -> Optional.of(c.facts().all(VmstatCounter.class).stream().filter(v -> v.name().startsWith(LOOKUPS))
                    .toList()).filter(l -> !l.isEmpty())).on(Platform.SOLARIS);

    static final Threshold MIN_HIT_PCT = Threshold.percent("min_hit_pct", 90, "lowest acceptable cache hit rate");
    static final Threshold MIN_LOOKUPS = Threshold.count("min_lookups", "lookups", 1000,
            "fewer lookups than this are too few to judge a hit rate");

    public static final String ID = "name-cache";

    private static final RuleInfo INFO = new RuleInfo(ID,
            "Directory name lookup cache hit rate is low", Severity.WARNING,
            """
            The directory name lookup cache (DNLC on Solaris) hit rate from 'vmstat -s' \
            ('total name lookups (cache hits N%)') is below the threshold: missed lookups read \
            directory blocks and inodes from disk.""",
            List.of(NAME_LOOKUPS), List.of(), List.of(MIN_HIT_PCT, MIN_LOOKUPS));

    public NameCacheRule() {
        super(INFO, Meaning.of(Meaning.Layer.FILESYSTEM).evidence(EvidenceKind.VMSTAT));
    }

    /** Evidence lines quoted when many snapshots are low: the rest are counted, not listed. */
    static final int QUOTED = 10;

    @Override
    public void evaluate(RuleContext ctx) {
        double minHit = ctx.value(MIN_HIT_PCT);
        List<VmstatCounter> low = ctx.input(NAME_LOOKUPS).stream()
                .filter(c -> c.percent() != null && c.value() >= ctx.value(MIN_LOOKUPS) && c.percent() < minHit)
                .toList();
        if (low.isEmpty()) {
            return;
        }
        // One host, one cache: snapshots from many files (one per day, one per node of a copy) are one
        // finding judged on the worst of them, not a finding per file.
        VmstatCounter worst = low.stream().min(Comparator.comparingInt(VmstatCounter::percent)).orElseThrow();
        long misses = Math.round(worst.value() * (100 - worst.percent()) / 100.0);
        String others = low.size() == 1 ? ""
                : " " + Figures.count(low.size()) + " snapshots of 'vmstat -s' are below the limit; this is the lowest"
                        + (low.size() > QUOTED ? " (the first " + QUOTED + " are quoted)" : "") + ".";
        var finding = ctx.finding(Subject.host(), "Name lookup cache hit rate " + Figures.percent((double) worst.percent())
                        + " (below " + Figures.percent(minHit) + ")")
                .summary(Figures.percent((double) worst.percent()) + " of " + Figures.count(worst.value())
                        + " directory name lookups since boot hit the cache; about " + Figures.count(misses)
                        + " went to disk for directory blocks and inodes." + others)
                .recommendation("Raise the name cache size (Solaris: 'set ncsize=N' and 'set ufs_ninode=N' in "
                        + "/etc/system, then reboot; default 4 x (maxusers + max_nprocs) + 320) until the hit "
                        + "rate stays above " + Figures.percent(minHit) + ". Check again with 'vmstat -s'.")
                .source(EvidenceKind.VMSTAT)
                .figure(LOOKUPS_SINCE_BOOT, worst.value())
                .figure(HIT_PCT, (double) worst.percent())
                .figure(MISSES, misses);
        if (low.size() > 1) {
            finding.figure(LOW_SNAPSHOTS, low.size());
        }
        finding.evidence(new Evidence(worst.input(), worst.line(), worst.text()));
        low.stream().filter(c -> c != worst).limit(QUOTED - 1)
                .forEach(c -> finding.evidence(new Evidence(c.input(), c.line(), c.text())));
        // a since-boot counter says nothing of when the misses happened or what they cost
        finding.impact(Impact.NONE).report();
    }
}
