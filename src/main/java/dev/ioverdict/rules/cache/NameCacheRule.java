package dev.ioverdict.rules.cache;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.vmstat.VmstatCounter;
import dev.ioverdict.rules.Requirement;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.util.List;

/**
 * Directory name lookup cache (DNLC) hit rate from {@code vmstat -s}: below 90 % every missed
 * lookup reads directory blocks and inodes from disk (seed 003).
 */
public final class NameCacheRule implements Rule {
    static final String LOOKUPS = "total name lookups";

    private static final RuleInfo INFO = new RuleInfo("name-cache",
            "Directory name lookup cache hit rate is low", Severity.WARNING,
            "The directory name lookup cache (DNLC on Solaris) hit rate from 'vmstat -s' "
                    + "('total name lookups (cache hits N%)') is below the threshold: missed lookups read "
                    + "directory blocks and inodes from disk.",
            List.of(new Requirement("vmstat-s name lookups", "vmstat -s name lookup counter",
                    "vmstat -s > vmstat-s.txt   (Solaris and other Unix; Linux procps has no such counter)",
                    c -> !counters(c.facts()).isEmpty())),
            List.of(),
            List.of(new Threshold("min_hit_pct", 90, "%", "lowest acceptable cache hit rate"),
                    new Threshold("min_lookups", 1000, "lookups",
                            "fewer lookups than this are too few to judge a hit rate")));

    @Override
    public RuleInfo info() {
        return INFO;
    }

    @Override
    public void evaluate(RuleContext ctx) {
        double minHit = ctx.threshold("min_hit_pct");
        double minLookups = ctx.threshold("min_lookups");
        for (VmstatCounter c : counters(ctx.data().facts())) {
            if (c.percent() == null || c.value() < minLookups || c.percent() >= minHit) {
                continue;
            }
            long misses = Math.round(c.value() * (100 - c.percent()) / 100.0);
            ctx.finding("Name lookup cache hit rate " + c.percent() + "% (below " + fmt(minHit) + "%)")
                    .summary(c.percent() + "% of " + c.value() + " directory name lookups since boot hit the cache; about "
                            + misses + " went to disk for directory blocks and inodes.")
                    .recommendation("Raise the name cache size (Solaris: 'set ncsize=N' and 'set ufs_ninode=N' in "
                            + "/etc/system, then reboot; default 4 x (maxusers + max_nprocs) + 320) until the hit "
                            + "rate stays above " + fmt(minHit) + "%. Check again with 'vmstat -s'.")
                    .metric("lookups", c.value())
                    .metric("hitPct", c.percent())
                    .metric("misses", misses)
                    .evidence(new Evidence(c.input(), c.line(), c.text()))
                    .weight(misses)
                    .report();
        }
    }

    private static List<VmstatCounter> counters(dev.ioverdict.model.Facts facts) {
        return facts.all(VmstatCounter.class).stream().filter(c -> c.name().startsWith(LOOKUPS)).toList();
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
