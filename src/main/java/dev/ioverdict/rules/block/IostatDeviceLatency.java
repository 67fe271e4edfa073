package dev.ioverdict.rules.block;

import static dev.ioverdict.rules.block.DeviceLatencyRule.AVG_MS;
import static dev.ioverdict.rules.block.DeviceLatencyRule.MAX_QUEUE;
import static dev.ioverdict.rules.block.DeviceLatencyRule.MIN_REPORTS;

import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatPoint;
import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.disk.Episodes;
import dev.ioverdict.rules.disk.IostatEvidence;
import java.util.Comparator;
import java.util.List;

/**
 * device-latency from iostat: long response times while (almost) nothing waits in front of the
 * device. With fewer than {@code max_queue} requests outstanding, a request cannot be waiting for
 * others: its response time is the device's own (Little's law: outstanding = IOPS x response
 * time). Solaris prints the split itself: asvc_t (active, in the device) against wsvc_t (waiting).
 */
final class IostatDeviceLatency {
    private IostatDeviceLatency() {
    }

    static void judge(RuleContext ctx, List<DeviceSeries> all) {
        for (DeviceSeries s : all) {
            double limitMs = ctx.seconds(AVG_MS) * 1000;
            Episodes slow = Episodes.of(s.points(), p -> p.hasIo() && deviceMs(s, p) >= limitMs
                    && (Double.isNaN(p.queue()) || p.queue() < ctx.value(MAX_QUEUE) || activeSplit(s, p)));
            if (!slow.sustained(ctx.value(MIN_REPORTS), 50)) {
                continue;
            }
            Comparator<IostatPoint> order = Comparator.comparingDouble(p -> deviceMs(s, p));
            IostatPoint worst = slow.worst(order);
            double avgMs = slow.avg(p -> deviceMs(s, p));
            double ioSeconds = slow.flagged().stream().mapToDouble(p -> Double.isNaN(p.iops()) ? 0
                    : p.iops() * deviceMs(s, p) / 1000 * s.secondsPerReport()).sum();
            String column = s.dialect() == IostatDialect.SOLARIS && s.points().get(0).sample().has("asvc_t")
                    ? "asvc_t" : s.responseLabel();
            String label = IostatEvidence.label(ctx, s.device());
            var f = ctx.finding(Subject.device(s.device(), label), "Slow device: " + label + " answers in "
                            + Figures.duration(avgMs / 1000) + " (" + column + ") with no queue in front of it")
                    .severity(Severity.CRITICAL)
                    .summary(label + " took " + IostatEvidence.avgWorst(slow, p -> deviceMs(s, p), "ms", column)
                            + " per request " + IostatEvidence.span(s, slow) + ", while only "
                            + Figures.number(slow.avg(IostatPoint::queue)) + " requests were outstanding on average ("
                            + s.queueLabel() + "). With so few in flight a request does not wait behind others: "
                            + "the time is the device's own, below the host's queue (device, HBA, fabric or array). "
                            + "A saturated device would show a queue growing with its response time.")
                    .recommendation("Escalate to the storage side (array or SAN vendor, HBA, fabric) with these iostat "
                            + "lines and times; ask for the array's and switch ports' latency and error counters for the "
                            + "same window. On the host, rule out resets and timeouts first ('dmesg -T | grep -iE "
                            + "\"reset|timeout|abort\"'). A block trace (blktrace, or perf block tracepoints) of the "
                            + "same window would show each I/O's D2C and name the slowest.")
                    .source("iostat")
                    .text("device", "device", s.device())
                    .text("input", "iostat file", s.source())
                    .duration("responseAvg", "average " + column, avgMs / 1000)
                    .duration("responseWorst", "worst " + column, deviceMs(s, worst) / 1000)
                    .number("queueAvg", "average " + s.queueLabel(), dev.ioverdict.model.Unit.COUNT,
                            slow.avg(IostatPoint::queue))
                    .limit("limitResponse", "limit for " + column, AVG_MS)
                    .count("reports", "slow reports", slow.flagged().size())
                    .count("ofReports", "reports", slow.all().size())
                    .evidence(IostatEvidence.lines(slow.worst(3, order)))
                    .impact(IostatEvidence.requestTime(ioSeconds, slow.flagged().size(), s.secondsPerReport(), label,
                            "IOPS x response time x interval, summed over the slow reports"));
            if (slow.avg(IostatPoint::queue) >= 1 && !activeSplit(s, worst)) {
                f.doubt(Confidence.MEDIUM, "iostat averages each interval: with about "
                        + Figures.number(slow.avg(IostatPoint::queue)) + " requests in flight some of the response "
                        + "time may be queueing; a block trace would separate them");
            }
            f.report();
        }
    }

    /** Solaris's active service time when printed (the time in the device), else the response time. */
    static double deviceMs(DeviceSeries s, IostatPoint p) {
        return activeSplit(s, p) ? p.sample().value("asvc_t") : p.responseMs();
    }

    private static boolean activeSplit(DeviceSeries s, IostatPoint p) {
        return s.dialect() == IostatDialect.SOLARIS && p.sample().has("asvc_t");
    }
}
