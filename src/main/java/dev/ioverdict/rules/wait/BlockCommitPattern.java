package dev.ioverdict.rules.wait;

import dev.ioverdict.analysis.config.MediaClass;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.config.QueueSetting;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.SubjectMetrics;
import dev.ioverdict.rules.block.BlockFigures;
import dev.ioverdict.analysis.iostat.FlushHeldWrites;

/**
 * sync-write-latency from a block trace alone, no system call naming fsync: the device's own
 * requests show the commit pattern, a cache flush beside (nearly) every data write (not its journal's or
 * log tree's metadata writes), and the flushes,
 * FUA and journal writes hold a material share of its time. The writer waits for that sequence one
 * round trip after another; without its calls the finding is about the device.
 */
final class BlockCommitPattern {
    private BlockCommitPattern() {
    }

    static void judge(RuleContext ctx, BlockFigures figs, BlockProcessTimes times, StorageConfig config) {
        for (BlockFigures.Device d : figs.devices()) {
            BlockProcessTimes.Flushes flushes = times.flushes().stream().filter(f -> f.device().equals(d.id()))
                    .findFirst().orElse(null);
            long writes = 0;
            long dataWrites = 0;
            double durableWrites = 0;
            double deviceSeconds = 0;
            for (BlockProcessTimes.Entry e : times.entries()) {
                if (e.device().equals(d.id())) {
                    deviceSeconds += e.d2c();
                    if (e.direction().equals("write")) {
                        // the requests the device wrote: a journal's blocks merged into one request are one write
                        writes += e.requests();
                        dataWrites += Math.max(0, e.requests() - e.durableRequests());
                        durableWrites += e.flush();
                    }
                }
            }
            // a commit writes its data, then its journal or log tree (several metadata blocks on btrfs) and
            // flushes: the flushes are counted against the data writes, not the journal's
            if (flushes == null || flushes.n() < ctx.value(SyncWriteLatencyRule.MIN_CALLS)
                    || flushes.n() < FlushHeldWrites.FLUSHES_PER_WRITE * dataWrites) {
                continue;
            }
            deviceSeconds += flushes.d2c();
            double durable = flushes.d2c() + durableWrites;
            double share = deviceSeconds > 0 ? 100 * durable / deviceSeconds : 0;
            if (share < ctx.value(SyncWriteLatencyRule.MIN_SHARE)) {
                continue;
            }
            report(ctx, figs, d, flushes, writes, dataWrites, durable, share, deviceSeconds, config);
        }
    }

    private static void report(RuleContext ctx, BlockFigures figs, BlockFigures.Device d, BlockProcessTimes.Flushes flushes, long writes,
                               long dataWrites, double durable, double share, double deviceSeconds, StorageConfig config) {
        String name = d.name() != null ? d.name() : d.id();
        MediaClass.Media media = MediaClass.of(name, config);
        double flushAvg = flushes.d2c() / flushes.n();
        boolean slow = flushAvg * 1000 > media.media().abnormalMs();
        QueueSetting cache = config == null ? null : config.queueSetting(name, "write_cache").orElse(null);
        var f = ctx.finding(d.subject(), "Writes on " + d.label() + " wait to become durable: " + Figures.count(flushes.n())
                        + " cache flushes beside " + Figures.count(writes) + " writes, " + Figures.percent(share)
                        + " of its time")
                // as for a traced process: flushes at the device's normal speed are the writer's commit rate, a
                // warning once they hold most of the device's time
                .severity(slow ? Severity.CRITICAL : share >= SyncWriteLatencyRule.MOST_OF_THE_WAIT_PCT
                        ? Severity.WARNING : Severity.INFO)
                .source(EvidenceKind.BLOCK_TRACE)
                .summary("The block trace shows the commit pattern on " + d.label() + ": " + Figures.count(flushes.n())
                        + " cache flush requests (" + Figures.duration(flushAvg) + " each on average) beside "
                        + Figures.count(writes) + " writes" + (dataWrites < writes ? " (" + Figures.count(dataWrites)
                        + " of them data, the rest preflush, FUA or metadata writes: the journal's or log tree's)" : "")
                        + "; the flushes and the FUA and journal writes they go with are "
                        + Figures.duration(durable) + " of the device's " + Figures.duration(deviceSeconds) + " ("
                        + Figures.percent(share) + "). A write with a preflush waits for the flush before it, "
                        + "and the call that commits waits for the whole sequence, one device round trip after "
                        + "another." + (cache == null ? "" : " Its write cache is \"" + cache.value().strip() + "\".")
                        + (slow ? " Each flush takes longer than the " + Figures.number(media.media().abnormalMs())
                        + " ms expected of " + media.media().nounPhrase() + ": the flushes themselves are slow."
                        : " Each flush is within the " + Figures.number(media.media().abnormalMs()) + " ms expected of "
                        + media.media().nounPhrase() + ": the writer is bound by how often it makes data durable.")
                        + " The trace has no system calls: which process commits, and how much of its wait this is, "
                        + "a strace or perf syscall trace of the same window would say.")
                .recommendation(SyncWriteLatencyRule.RECOMMENDATION)
                .text(SubjectMetrics.DEVICE, name)
                .text(SubjectMetrics.DEVNO, d.id())
                .figure(SyncWriteLatencyRule.FLUSH_SECONDS, durable)
                .figure(SyncWriteLatencyRule.FLUSH_REQUESTS, flushes.n())
                .figure(SyncWriteLatencyRule.FLUSH_AVG, flushAvg)
                .evidence(figs.bttLines(d, Phase.D2C, Phase.Q2C))
                .impact(Impact.measured(durable, "cache flushes' D2C + the D2C of preflush, FUA and journal writes")
                        .of(deviceSeconds, "device time (D2C) on " + d.label()));
        if (cache != null) {
            f.text(SyncWriteLatencyRule.WRITE_CACHE, cache.value().strip())
                    .evidence(new Evidence(cache.input(), cache.line(), cache.text()));
        }
        f.report();
    }
}
