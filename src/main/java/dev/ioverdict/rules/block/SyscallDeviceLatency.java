package dev.ioverdict.rules.block;

import static dev.ioverdict.rules.block.DeviceLatencyRule.AVG_MS;

import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.SubjectMetrics;
import dev.ioverdict.rules.aio.AioSymptoms;

/**
 * device-latency inferred from the application alone (seed 000 without its block trace): io_submit
 * returns at once, so the kernel's submission path holds nothing back, and io_getevents waits long:
 * the wait is for completions, i.e. below the syscall layer. Which device, and whether it is the
 * device or the scheduler in front of it, the bundle cannot say: the confidence is low and the
 * finding names what to collect.
 */
final class SyscallDeviceLatency {
    public static final Metric GETEVENTS_MAX = Metric.duration("geteventsMax", "io_getevents maximum");
    public static final Metric GETEVENTS = Metric.count("getevents", "io_getevents calls");

    /** io_submit's share of the AIO time at most this: submission is not where the time goes. */
    private static final double QUICK_SUBMIT_PCT = 10;

    private SyscallDeviceLatency() {
    }

    static void judge(RuleContext ctx, AioSymptoms aio) {
        for (AioProcess a : aio.aio()) {
            if (a.geteventsAvg() == null || a.getevents() == 0 || a.submitSharePct() == null
                    || a.submitSharePct() > QUICK_SUBMIT_PCT || a.geteventsAvg() < ctx.seconds(AVG_MS)) {
                continue;
            }
            String who = AioSymptoms.who(a);
            double waited = a.geteventsTotal() == null ? 0 : a.geteventsTotal();
            double total = waited + (a.submitTotal() == null ? 0 : a.submitTotal());
            var f = ctx.finding(Subject.device("?" + a.pid(), "the storage under " + who),
                            "Completions are slow: " + who + " waits " + Figures.duration(a.geteventsAvg())
                                    + " in io_getevents, io_submit returns in " + Figures.duration(a.submitAvg()))
                    .severity(Severity.CRITICAL)
                    .doubt(Confidence.LOW, "inferred from the application's waits alone: no block trace or iostat in "
                            + "the bundle shows the device")
                    .summary(who + " submits its asynchronous I/O at once (io_submit averages "
                            + Figures.duration(a.submitAvg()) + ") and then waits " + Figures.duration(a.geteventsAvg())
                            + " on average for completions (io_getevents, " + Figures.count(a.getevents())
                            + " call" + (a.getevents() == 1 ? "" : "s") + "; " + a.source() + ", " + a.input()
                            + "). The kernel's submission path holds nothing back: the I/O is slow below the syscall "
                            + "layer, in the I/O scheduler or, most often, the device, HBA or array.")
                    .recommendation("Show where the completions wait: trace the devices under these files for the same "
                            + "window ('blktrace -d /dev/sdX -w 60' then 'blkparse' and 'btt', or perf record of the "
                            + "block tracepoints) and run 'iostat -x -t 1'. If D2C holds the time, escalate to the "
                            + "storage side with the slowest completions; if I2D does, the I/O scheduler holds them.")
                    .source(EvidenceKind.SYSCALLS)
                    .text(SubjectMetrics.PID, a.pid())
                    .figure(AioSymptoms.GETEVENTS_AVG, a.geteventsAvg())
                    .figure(GETEVENTS_MAX, a.geteventsMax())
                    .figure(AioSymptoms.SUBMIT_AVG, a.submitAvg())
                    .figure(GETEVENTS, a.getevents())
                    .limit(DeviceLatencyRule.LIMIT_GETEVENTS_AVG, AVG_MS)
                    .evidence(aio.slowest(a, "io_getevents").stream().limit(2).toList())
                    .evidence(aio.slowest(a, "io_submit").stream().limit(1).toList())
                    .impact(Impact.measured(waited, "time in io_getevents").of(total, "io_submit + io_getevents time of "
                            + who));
            if (a.getevents() < 10) {
                f.doubt(Confidence.LOW, a.getevents() == 1 ? "a single io_getevents call" : "only " + a.getevents()
                        + " io_getevents calls");
            }
            f.report();
        }
    }
}
