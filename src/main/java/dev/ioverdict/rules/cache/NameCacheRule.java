package dev.ioverdict.rules.cache;

import dev.ioverdict.model.Platform;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.vmstat.VmstatCounter;
import dev.ioverdict.rules.Input;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.util.List;
import java.util.Optional;

/**
 * Directory name lookup cache (DNLC) hit rate from {@code vmstat -s}: below 90 % every missed
 * lookup reads directory blocks and inodes from disk (seed 003).
 */
public final class NameCacheRule implements Rule {
    static final String LOOKUPS = "total name lookups";

    public static final Input<List<VmstatCounter>> NAME_LOOKUPS = new Input<>("vmstat-s name lookups",
            "vmstat -s name lookup counter", "vmstat -s > vmstat-s.txt   (Solaris and other Unix; Linux procps has "
                    + "no such counter)",
            c -> Optional.of(c.facts().all(VmstatCounter.class).stream().filter(v -> v.name().startsWith(LOOKUPS))
                    .toList()).filter(l -> !l.isEmpty())).on(Platform.SOLARIS);

    static final Threshold MIN_HIT_PCT = Threshold.percent("min_hit_pct", 90, "lowest acceptable cache hit rate");
    static final Threshold MIN_LOOKUPS = Threshold.count("min_lookups", "lookups", 1000,
            "fewer lookups than this are too few to judge a hit rate");

    private static final RuleInfo INFO = new RuleInfo("name-cache",
            "Directory name lookup cache hit rate is low", Severity.WARNING,
            "The directory name lookup cache (DNLC on Solaris) hit rate from 'vmstat -s' "
                    + "('total name lookups (cache hits N%)') is below the threshold: missed lookups read "
                    + "directory blocks and inodes from disk.",
            List.of(NAME_LOOKUPS), List.of(), List.of(MIN_HIT_PCT, MIN_LOOKUPS));

    @Override
    public RuleInfo info() {
        return INFO;
    }

    @Override
    public void evaluate(RuleContext ctx) {
        double minHit = ctx.value(MIN_HIT_PCT);
        for (VmstatCounter c : ctx.input(NAME_LOOKUPS)) {
            if (c.percent() == null || c.value() < ctx.value(MIN_LOOKUPS) || c.percent() >= minHit) {
                continue;
            }
            long misses = Math.round(c.value() * (100 - c.percent()) / 100.0);
            ctx.finding(Subject.host(), "Name lookup cache hit rate " + Figures.percent((double) c.percent())
                            + " (below " + Figures.percent(minHit) + ")")
                    .summary(Figures.percent((double) c.percent()) + " of " + Figures.count(c.value())
                            + " directory name lookups since boot hit the cache; about " + Figures.count(misses)
                            + " went to disk for directory blocks and inodes.")
                    .recommendation("Raise the name cache size (Solaris: 'set ncsize=N' and 'set ufs_ninode=N' in "
                            + "/etc/system, then reboot; default 4 x (maxusers + max_nprocs) + 320) until the hit "
                            + "rate stays above " + Figures.percent(minHit) + ". Check again with 'vmstat -s'.")
                    .source("vmstat -s")
                    .count("lookups", "name lookups since boot", c.value())
                    .percent("hitPct", "cache hit rate", (double) c.percent())
                    .count("misses", "lookups that missed", misses)
                    .evidence(new Evidence(c.input(), c.line(), c.text()))
                    // a since-boot counter says nothing of when the misses happened or what they cost
                    .impact(Impact.NONE)
                    .report();
        }
    }
}
