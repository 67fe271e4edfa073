package dev.ioverdict.rules.wait;

import dev.ioverdict.analysis.config.MediaClass;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatPoint;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.SubjectMetrics;
import dev.ioverdict.analysis.iostat.FlushHeldWrites;
import dev.ioverdict.rules.disk.Episodes;
import dev.ioverdict.rules.disk.IostatEvidence;
import java.util.Comparator;
import java.util.List;

/**
 * sync-write-latency from iostat alone (sysstat 12's f/s and f_await): flushes come with most of a
 * device's writes, so its w_await holds the commit's flush sequence. The device is judged by what a
 * request of its own costs, a flush (f_await) and a write less the flushes it holds; the sequence is
 * the cost of durability, which device-latency leaves to this rule (FlushHeldWrites).
 */
final class IostatCommitPattern {
    private IostatCommitPattern() {
    }

    static void judge(RuleContext ctx, List<DeviceSeries> all, StorageConfig config) {
        for (DeviceSeries s : all) {
            Episodes held = Episodes.of(s.points(), FlushHeldWrites::holds);
            long writing = s.points().stream().filter(p -> p.sample().value("w/s") > 0).count();
            if (!held.any() || 2 * held.flagged().size() < writing) {
                continue;
            }
            double flushes = sum(held, p -> rate(p, "f/s")) * s.secondsPerReport();
            double flushMs = sum(held, p -> rate(p, "f/s") * p.sample().value("f_await"));
            double writeMs = sum(held, p -> rate(p, "w/s") * p.sample().value("w_await"));
            double share = writeMs > 0 ? 100 * flushMs / writeMs : 0;
            if (flushes < ctx.value(SyncWriteLatencyRule.MIN_CALLS) || share < ctx.value(SyncWriteLatencyRule.MIN_SHARE)) {
                continue;
            }
            double fAwait = flushMs / sum(held, p -> rate(p, "f/s"));
            double ownWrite = sum(held, p -> rate(p, "w/s") * FlushHeldWrites.ownWriteMs(p)) / sum(held, p -> rate(p, "w/s"));
            report(ctx, s, held, flushes, fAwait, ownWrite, flushMs / 1000 * s.secondsPerReport(), config);
        }
    }

    private static void report(RuleContext ctx, DeviceSeries s, Episodes held, double flushes, double fAwait,
                               double ownWrite, double flushSeconds, StorageConfig config) {
        String label = IostatEvidence.label(ctx, s.device());
        MediaClass media = MediaClass.of(s.device(), config).media();
        boolean slow = fAwait > media.abnormalMs() || ownWrite > media.abnormalMs();
        var f = ctx.finding(Subject.device(s.device(), label), "Writes on " + label + " wait to become durable: a "
                        + "cache flush beside each, " + IostatEvidence.ms(fAwait) + " a flush (f_await)")
                .severity(slow ? Severity.CRITICAL : Severity.WARNING)
                .source(EvidenceKind.IOSTAT)
                .iostat(s)
                .summary("iostat counts flush requests beside the writes on " + label + " " + IostatEvidence.span(s, held)
                        + ": " + Figures.number(flushes) + " flushes of " + IostatEvidence.ms(fAwait) + " on average "
                        + "(f/s, f_await). A write with a preflush is accounted from getting its request, so its "
                        + "w_await holds the flushes it waits for (writes took "
                        + IostatEvidence.avgWorst(held, p -> p.sample().value("w_await"), "ms", "w_await") + "): every "
                        + "write is part of a commit's sequence of device round trips. "
                        + "Less those flushes a write takes " + IostatEvidence.ms(ownWrite) + "; "
                        + (slow ? "the device's own requests are slower than the " + Figures.number(media.abnormalMs())
                        + " ms expected of " + media.nounPhrase() + ", and every commit waits for them in turn."
                        : "both within the " + Figures.number(media.abnormalMs()) + " ms expected of "
                        + media.nounPhrase() + ": the writer is bound by how often it makes data durable, not by "
                        + "a slow device.") + " Which process commits, and how much of its wait this is, a strace "
                        + "or perf syscall trace of the same window would say.")
                .recommendation(SyncWriteLatencyRule.RECOMMENDATION)
                .text(SubjectMetrics.DEVICE, s.device())
                .figure(SyncWriteLatencyRule.FLUSH_SECONDS, flushSeconds)
                .figure(SyncWriteLatencyRule.FLUSH_REQUESTS, Math.round(flushes))
                .figure(SyncWriteLatencyRule.FLUSH_AVG, fAwait / 1000)
                .evidence(IostatEvidence.lines(held.worst(3, Comparator.comparingDouble(p -> p.sample().value("w_await")))))
                .impact(IostatEvidence.requestTime(flushSeconds, held.flagged().size(), s.secondsPerReport(), label,
                        "flushes a second x f_await x interval, summed over the reports with flushes beside the writes"));
        if (config != null) {
            config.queueSetting(s.device(), "write_cache")
                    .ifPresent(c -> f.text(SyncWriteLatencyRule.WRITE_CACHE, c.value().strip()));
        }
        f.report();
    }

    private static double rate(IostatPoint p, String column) {
        return Math.max(0, p.sample().value(column));
    }

    private static double sum(Episodes e, java.util.function.ToDoubleFunction<IostatPoint> f) {
        return e.flagged().stream().mapToDouble(f).sum();
    }
}
