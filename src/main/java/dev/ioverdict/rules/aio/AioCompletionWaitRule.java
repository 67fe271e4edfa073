package dev.ioverdict.rules.aio;

import dev.ioverdict.analysis.syscall.SyscallEvidence;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The opposite of sync-io-submit: submission is quick and the process waits in io_getevents. The
 * kernel's AIO path is not the problem; the wait is for completions, i.e. the device below
 * (seed 000, where the block trace then shows D2C holding the time).
 */
public final class AioCompletionWaitRule implements Rule {
    private static final RuleInfo INFO = new RuleInfo("aio-completion-wait",
            "Asynchronous I/O waits for completions, not for submission", Severity.INFO,
            "io_getevents holds almost all of a process's AIO time while io_submit returns quickly: submission "
                    + "works as it should and the time goes to the I/O itself. Where it goes below the syscall "
                    + "layer (device, HBA, array) is for the block-layer evidence (blkparse/btt D2C, iostat) to show.",
            List.of(), List.of(AioSymptoms.AIO_TIMING),
            List.of(new Threshold("max_submit_share_pct", 10, "%", "io_submit share of the AIO time at most this"),
                    new Threshold("min_getevents_avg_ms", 1, "ms", "io_getevents average at least this")));

    @Override
    public RuleInfo info() {
        return INFO;
    }

    @Override
    public void evaluate(RuleContext ctx) {
        SyscallEvidence calls = ctx.data().results().get(SyscallEvidence.class).orElse(new SyscallEvidence(Map.of()));
        for (AioProcess a : AioSymptoms.section(ctx.data()).orElseThrow().aio()) {
            if (a.submitSharePct() == null || a.geteventsAvg() == null || a.getevents() == 0
                    || a.submitSharePct() > ctx.threshold("max_submit_share_pct")
                    || a.geteventsAvg() * 1000 < ctx.threshold("min_getevents_avg_ms")) {
                continue;
            }
            String who = (a.comm() != null ? a.comm() + " " : "") + "pid " + a.pid();
            ctx.finding(String.format(Locale.ROOT, "%s waits in io_getevents (%.3f ms average), io_submit is quick", who,
                            a.geteventsAvg() * 1000))
                    .summary(String.format(Locale.ROOT, "io_getevents holds %.1f%% of the AIO time of %s (%s, %s): "
                                    + "io_submit averages %.3f ms, io_getevents %.3f ms. The kernel submits promptly; the "
                                    + "time is spent waiting for the I/O to complete.", 100 - a.submitSharePct(), who,
                            a.source(), a.input(), AioSymptoms.ms(a.submitAvg()), a.geteventsAvg() * 1000))
                    .recommendation("Look below the syscall layer: compare with the device's service time (blktrace D2C, "
                            + "iostat await/svctm). If the device is slow, the escalation goes to the storage (array, "
                            + "HBA, multipath), not to the application or the kernel's AIO path.")
                    .metric("pid", a.pid())
                    .metric("source", a.source())
                    .metric("submitAvgMs", AioSymptoms.ms(a.submitAvg()))
                    .metric("geteventsAvgMs", AioSymptoms.ms(a.geteventsAvg()))
                    .metric("geteventsSharePct", Math.round((100 - a.submitSharePct()) * 10) / 10.0)
                    .evidence(calls.slowest(a.source(), a.input(), a.pid(), "io_getevents").stream().limit(2).toList())
                    .evidence(calls.slowest(a.source(), a.input(), a.pid(), "io_submit").stream().limit(1).toList())
                    .weight(a.geteventsTotal() == null ? 0 : a.geteventsTotal())
                    .report();
        }
    }
}
