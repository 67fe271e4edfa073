package dev.ioverdict.rules.aio;

import dev.ioverdict.analysis.syscall.AioWaits;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.rules.ChartSpec;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.MeasuredIn;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Direct writes that start past the end of their file on XFS: before each, XFS zeroes the range from the
 * file's size to the write and first waits for every direct I/O of the inode in flight (inode_dio_wait
 * under xfs_file_write_checks). A direct write sets the new size only when it completes, so each write
 * appended while the one before is in flight waits for it: io_submit sleeps for a device write, and the
 * writes of the file go one at a time whatever the queue depth. Aligned writes, so not
 * unaligned-dio-xfs's drain; told apart by the caller of the drain in the writers' sleep stacks.
 */
public final class ExtendingDioXfsRule extends Rule {
    public static final String ID = "extending-dio-xfs";
    public static final Metric DRAINS = Metric.count("eofDrains", "io_submit sleeps in the drain before a write past the end");
    public static final Metric DRAIN_SLEEP = Metric.duration("eofDrainSleep", "sleep in that drain");
    public static final Metric WAIT_SHARE_PCT = Metric.percent("waitSharePct",
            "share of the writers' AIO time spent waiting for the inode");
    /** The pids of the processes whose io_submit drains, ", "-separated. */
    public static final Metric WRITERS = Metric.text("writers", "writing processes");

    static final Threshold CRITICAL_SHARE_PCT = Threshold.percent("critical_share_pct", 50,
            "share of the writers' AIO time spent waiting for the inode that makes it critical");
    static final Threshold WARNING_SHARE_PCT = Threshold.percent("warning_share_pct", 10,
            "... and a warning (below: informational)");

    private static final RuleInfo INFO = new RuleInfo(ID,
            "Direct writes past the end of the file serialise on the XFS inode", Severity.CRITICAL,
            """
            A process's io_submit sleeps in inode_dio_wait called from XFS's checks before a write \
            (xfs_file_write_checks, xfs_file_write_zero_eof): the write starts past the file's size, so XFS \
            zeroes the gap and first drains every direct I/O of the inode in flight. A direct write sets the new \
            size only when it completes, so a writer appending with several writes in flight (an iodepth above \
            one, a log without preallocation) waits for each write before submitting the next: asynchronous \
            submission becomes synchronous. Told from unaligned-dio-xfs by the drain's caller in the sleep \
            stacks; without sleep stacks sync-io-submit names the blocking submission.""",
            List.of(AioSymptoms.SUBMIT_SLEEP_STACKS), List.of(),
            List.of(CRITICAL_SHARE_PCT, WARNING_SHARE_PCT));

    public ExtendingDioXfsRule() {
        super(INFO, MeasuredIn.process(Part.INODE_LOCK).orElse(Part.SUBMISSION),
                Meaning.of(Meaning.Layer.SUBMISSION).evidence(EvidenceKind.SYSCALLS)
                        .glossary(Meaning.Glossary.AIO, Meaning.Glossary.XFS)
                        .explains(SyncIoSubmitRule.ID, "when its io_submit is one of the writers that drain before "
                                + "writing past the end of the file", ExtendingDioXfsRule::sameWriter)
                        .chart(f -> new ChartSpec.Distribution("io_submit", AioSymptoms.LIMIT_SUBMIT_AVG)));
    }

    private static boolean sameWriter(Finding extending, Finding submit) {
        return extending.text(WRITERS).map(w -> submit.subject().pids().stream()
                .anyMatch(pid -> List.of(w.split(", ")).contains(String.valueOf(pid)))).orElse(false);
    }

    @Override
    public void evaluate(RuleContext ctx) {
        AioSymptoms aio = ctx.input(AioSymptoms.SUBMIT_SLEEP_STACKS);
        Map<Integer, List<SleepStack>> byWriter = new TreeMap<>();
        for (SleepStack st : aio.stacks()) {
            if (st.pid() != null && AioWaits.inAioCall(st) && AioWaits.drainsBeforeWritePastEof(st)) {
                byWriter.computeIfAbsent(st.pid(), k -> new ArrayList<>()).add(st);
            }
        }
        List<AioProcess> timed = AioWaits.mostExact(aio.section().aio());
        for (var e : byWriter.entrySet()) {
            judge(ctx, aio, e.getKey(), e.getValue(), timed);
        }
    }

    private void judge(RuleContext ctx, AioSymptoms aio, int pid, List<SleepStack> drains, List<AioProcess> timed) {
        AioProcess a = timed.stream().filter(t -> t.pid() != null && t.pid() == pid).findFirst().orElse(null);
        double aioSec = a == null ? 0 : (a.submitTotal() == null ? 0 : a.submitTotal())
                + (a.geteventsTotal() == null ? 0 : a.geteventsTotal());
        InodeWaitCost cost = InodeWaitCost.of(aio.waits(List.of(pid)), List.of(), List.of(), aioSec, ModelWait.NONE);
        long count = drains.stream().mapToLong(SleepStack::count).sum();
        double sleep = drains.stream().mapToDouble(st -> st.total() == null ? 0 : st.total()).sum();
        Double share = cost.sharePct();
        Severity severity = share == null || share >= ctx.value(CRITICAL_SHARE_PCT) ? Severity.CRITICAL
                : share >= ctx.value(WARNING_SHARE_PCT) ? Severity.WARNING : Severity.INFO;
        String comm = a != null && a.comm() != null ? a.comm() : drains.get(0).comm();
        Subject subject = Subject.process(pid, comm);
        String who = subject.label();
        String submits = a == null || a.submitAvg() == null ? ""
                : " Its " + Figures.count(a.submits()) + " io_submit calls take " + Figures.duration(a.submitAvg())
                + " on average (" + a.source() + ", " + a.input() + "): about one device write each.";
        var f = ctx.finding(subject, "Direct writes of " + who + " start past the end of the file: "
                        + "each io_submit waits for the writes before it (XFS)")
                .severity(severity)
                .summary(who + "'s io_submit slept " + Figures.count(count) + " times in inode_dio_wait called from XFS's "
                        + "checks before a write (" + String.join(" <- ", drains.get(0).frames().subList(0,
                        Math.min(3, drains.get(0).frames().size()))) + ", " + Figures.duration(sleep) + " asleep in the "
                        + "sleep stacks). Such a write starts past the file's size: XFS zeroes the gap and first waits for "
                        + "every direct I/O of the file in flight. A direct write sets the new size only when it completes, "
                        + "so a writer that appends with several writes in flight waits for each before it submits the "
                        + "next, and its writes go one at a time whatever its queue depth. " + cost.said() + "." + submits)
                .recommendation("Give the file its size before writing it: preallocate it (fallocate -l SIZE FILE, "
                        + "posix_fallocate, fio's fallocate=native) or set it with ftruncate, as databases do when they "
                        + "create their logs, so that the writes land inside the file and keep their concurrency. Where "
                        + "the file must grow, grow it ahead of the writer in large steps rather than by each write.")
                .source(EvidenceKind.SYSCALLS)
                .text(WRITERS, Integer.toString(pid))
                .figure(DRAINS, count)
                .figure(DRAIN_SLEEP, sleep)
                .figure(WAIT_SHARE_PCT, share)
                .impact(cost.impact().of(aioSec, "io_submit + io_getevents time of " + who));
        cost.reasons().forEach(f::because);
        f.because("the drain's caller in the sleep stacks: XFS's checks for a write past the end of the file, "
                + "not the unaligned write path");
        if (a != null) {
            f.aio(a).figure(AioSymptoms.SUBMIT_AVG, a.submitAvg()).figure(AioSymptoms.GETEVENTS_AVG, a.geteventsAvg());
        }
        List<Evidence> ev = new ArrayList<>();
        drains.stream().limit(2).map(AioSymptoms::evidence).forEach(ev::add);
        if (a != null) {
            ev.addAll(aio.slowest(a, "io_submit").stream().limit(2).toList());
        }
        f.evidence(ev).report();
    }
}
