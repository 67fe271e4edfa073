package dev.ioverdict.rules.aio;

import dev.ioverdict.analysis.syscall.SyscallEvidence;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * io_submit blocks: a process spends as long submitting asynchronous I/O as waiting for it
 * (io_getevents) or as the device takes to serve it. Submission should take microseconds; the
 * waiting belongs in io_getevents (seeds 000 and 001).
 */
public final class SyncIoSubmitRule implements Rule {
    /** When several traces show one process, the most exact timing speaks for it. */
    private static final List<String> PREFERRED = List.of("perf-script", "linuxki", "strace");

    private static final RuleInfo INFO = new RuleInfo("sync-io-submit",
            "io_submit blocks: asynchronous submission is not asynchronous", Severity.CRITICAL,
            "A process spends in io_submit a time comparable to its io_getevents waits or to the device service "
                    + "time. Submitting asynchronous I/O should not wait for the device; when it does, the "
                    + "submission path serialises (unaligned direct I/O on XFS, a full request queue, buffered "
                    + "AIO, file extension) and the application's I/O concurrency is lost.",
            List.of(), List.of(AioSymptoms.AIO_TIMING),
            List.of(new Threshold("min_calls", 10, "calls", "fewer io_submit calls than this are not judged"),
                    new Threshold("min_submit_avg_ms", 0.5, "ms", "io_submit average below this is fast enough"),
                    new Threshold("submit_vs_getevents_ratio", 0.5, "ratio",
                            "io_submit average at least this share of the io_getevents average counts as blocking"),
                    new Threshold("submit_vs_service_ratio", 0.5, "ratio",
                            "io_submit average at least this share of the device service time counts as blocking")));

    @Override
    public RuleInfo info() {
        return INFO;
    }

    @Override
    public void evaluate(RuleContext ctx) {
        var section = AioSymptoms.section(ctx.data());
        if (section.isEmpty()) {
            return;
        }
        Map<Integer, AioProcess> byPid = new LinkedHashMap<>();
        section.get().aio().stream()
                .sorted(Comparator.comparingInt((AioProcess a) -> PREFERRED.indexOf(a.source()))
                        .thenComparing(AioProcess::submits, Comparator.reverseOrder()))
                .forEach(a -> byPid.putIfAbsent(a.pid(), a));
        SyscallEvidence calls = ctx.data().results().get(SyscallEvidence.class).orElse(new SyscallEvidence(Map.of()));
        for (AioProcess a : byPid.values()) {
            judge(ctx, a, calls);
        }
    }

    private void judge(RuleContext ctx, AioProcess a, SyscallEvidence calls) {
        if (a.submits() < ctx.threshold("min_calls") || a.submitAvg() == null
                || a.submitAvg() * 1000 < ctx.threshold("min_submit_avg_ms")) {
            return;
        }
        double submitMs = a.submitAvg() * 1000;
        Double getMs = a.geteventsAvg() == null ? null : a.geteventsAvg() * 1000;
        Optional<AioSymptoms.Service> service = AioSymptoms.service(ctx.data(), a.pid());
        boolean vsGet = getMs != null && submitMs >= ctx.threshold("submit_vs_getevents_ratio") * getMs;
        boolean vsDevice = service.isPresent() && submitMs >= ctx.threshold("submit_vs_service_ratio") * service.get().ms();
        if (!vsGet && !vsDevice && (getMs != null || service.isPresent())) {
            return;
        }
        boolean worse = a.geteventsTotal() == null || a.submitTotal() >= a.geteventsTotal();
        String who = (a.comm() != null ? a.comm() + " " : "") + "pid " + a.pid();
        String compare = (getMs != null ? String.format(Locale.ROOT, " against %.3f ms in io_getevents", getMs) : "")
                + service.map(s -> String.format(Locale.ROOT, " and a device service time of %.3f ms (%s)", s.ms(), s.what()))
                .orElse("");
        var f = ctx.finding(String.format(Locale.ROOT, "io_submit of %s takes %.3f ms on average: submission blocks", who, submitMs))
                .severity(worse ? Severity.CRITICAL : Severity.WARNING)
                .confidence(getMs == null && service.isEmpty() ? Finding.Confidence.LOW : Finding.Confidence.HIGH)
                .summary(String.format(Locale.ROOT, "%s made %d io_submit calls averaging %.3f ms%s (%s, %s). io_submit holds "
                        + "%.0f%% of the time spent in io_submit and io_getevents together: the process waits while "
                        + "submitting instead of while reaping completions.", who, a.submits(), submitMs, compare,
                        a.source(), a.input(), a.submitSharePct() == null ? Double.NaN : a.submitSharePct()))
                .recommendation("Find where io_submit sleeps (the sleep stacks below: inode_dio_wait / "
                        + "xfs_file_dio_write_unaligned means unaligned direct I/O on XFS; get_request / blk_mq_get_tag "
                        + "a full device queue; a filesystem lock or file extension otherwise). Align direct I/O to the "
                        + "filesystem block size, preallocate files, and keep the queue depth below nr_requests.")
                .metric("pid", a.pid())
                .metric("source", a.source())
                .metric("submits", a.submits())
                .metric("submitAvgMs", AioSymptoms.ms(a.submitAvg()))
                .metric("submitMaxMs", AioSymptoms.ms(a.submitMax()))
                .metric("geteventsAvgMs", AioSymptoms.ms(a.geteventsAvg()))
                .metric("submitSharePct", a.submitSharePct() == null ? null : Math.round(a.submitSharePct() * 10) / 10.0)
                .weight(a.submitTotal() == null ? 0 : a.submitTotal());
        service.ifPresent(s -> f.metric("deviceServiceMs", s.ms()));
        List<Evidence> ev = new ArrayList<>();
        AioSymptoms.summaries(ctx.data(), a.pid(), "io_submit").forEach(s -> ev.add(AioSymptoms.evidence(s)));
        AioSymptoms.summaries(ctx.data(), a.pid(), "io_getevents").forEach(s -> ev.add(AioSymptoms.evidence(s)));
        ev.addAll(calls.slowest(a.source(), a.input(), a.pid(), "io_submit"));
        AioSymptoms.submitStacks(ctx.data(), a.pid()).stream().limit(2).forEach(s -> ev.add(AioSymptoms.evidence(s)));
        service.map(AioSymptoms.Service::evidence).ifPresent(ev::add);
        f.evidence(AioSymptoms.distinct(ev));
        f.report();
    }
}
