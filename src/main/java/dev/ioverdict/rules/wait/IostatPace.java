package dev.ioverdict.rules.wait;

import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatPoint;
import dev.ioverdict.model.Figures;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.disk.IostatEvidence;
import java.util.List;
import java.util.Locale;

/**
 * What iostat says of a device while a process waited above it: how busy it was at most, its await of
 * one direction and how many requests of that direction it completed a second (medians of the reports
 * that moved any). An idle device at a flat rate is the mark of a limit above it. Null figures where
 * iostat is not in the bundle or did not see the device.
 */
record IostatPace(Double perSecond, Double kbPerSecond, Double busiestPct, Double awaitMs, String direction) {
    static IostatPace of(RuleContext ctx, String device, String direction) {
        DeviceSeries series = device == null ? null : ctx.optional(IostatEvidence.SERIES).orElse(List.of()).stream()
                .filter(d -> d.device().equals(device)).findFirst().orElse(null);
        if (series == null) {
            return new IostatPace(null, null, null, null, direction);
        }
        String rate = "read".equals(direction) ? "r/s" : "write".equals(direction) ? "w/s" : null;
        String await = "read".equals(direction) ? "r_await" : "write".equals(direction) ? "w_await" : null;
        String kb = "read".equals(direction) ? "rkB/s" : "write".equals(direction) ? "wkB/s" : null;
        List<IostatPoint> moving = series.points().stream()
                .filter(x -> rate != null && x.sample().has(rate) ? x.sample().value(rate) > 0 : x.hasIo()).toList();
        if (moving.isEmpty()) {
            return new IostatPace(null, null, null, null, direction);
        }
        double busiest = moving.stream().mapToDouble(IostatPoint::busyPct).filter(Double::isFinite).max().orElse(Double.NaN);
        Double perSecond = rate == null || !moving.get(0).sample().has(rate) ? null
                : median(moving.stream().mapToDouble(x -> x.sample().value(rate)).sorted().toArray());
        Double awaitMs = await == null || !moving.get(0).sample().has(await) ? null
                : median(moving.stream().mapToDouble(x -> x.sample().value(await)).sorted().toArray());
        Double kbPerSecond = kb == null || !moving.get(0).sample().has(kb) ? null
                : median(moving.stream().mapToDouble(x -> x.sample().value(kb)).sorted().toArray());
        return new IostatPace(perSecond, kbPerSecond, Double.isNaN(busiest) ? null : busiest, awaitMs, direction);
    }

    /**
     * " iostat: the device was at most 1.2% busy, answering its reads in 0.85 ms, and completed 98 reads a second,
     * 784 KiB/s (the median report)" and {@code afterRate}, or "" without iostat.
     */
    String sentence(String afterRate) {
        if (busiestPct == null) {
            return "";
        }
        return String.format(Locale.ROOT, " iostat: the device was at most %s busy%s%s.", Figures.percent(busiestPct),
                awaitMs == null ? "" : String.format(Locale.ROOT, ", answering its %ss in %.2f ms", direction, awaitMs),
                perSecond == null ? "" : String.format(Locale.ROOT, ", and completed %.0f %ss a second%s (the median "
                        + "report)%s", perSecond, direction, kbPerSecond == null ? ""
                        : ", " + Figures.bytes(kbPerSecond * 1024) + "/s", afterRate));
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
