package dev.ioverdict.analysis.timemodel;

import dev.ioverdict.analysis.config.MediaClass;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.timemodel.DeviceTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each device the bundle measured, as the model judges it: its class of media, its service time
 * per direction (the block trace's D2C, or biosnoop's latency standing in for it, else iostat's r_await / w_await over the reports with I/O)
 * and its own time over the capture (Q2C summed, else await x IOPS: iostat's aqu-sz x the span).
 */
final class DeviceTimes {
    private DeviceTimes() {
    }

    /** {@code blockSource}: what gave {@code block} ("block trace", or "biosnoop" where it stands in for one). */
    static List<DeviceTime> of(BlockProcessTimes block, List<IostatDevice> iostat, StorageConfig config,
                               TimeModelAnalysis.DeviceNaming names, String blockSource) {
        Map<String, DeviceTime> out = new LinkedHashMap<>();
        if (block != null) {
            Map<String, double[]> sums = new LinkedHashMap<>();
            for (BlockProcessTimes.Entry e : block.entries()) {
                double[] s = sums.computeIfAbsent(names.name(e.device()), k -> new double[5]);
                if (e.direction().equals("read")) {
                    s[0] += e.d2c();
                    s[1] += e.n();
                } else if (e.direction().equals("write")) {
                    s[2] += e.d2c();
                    s[3] += e.n();
                }
                s[4] += e.q2c();
            }
            sums.forEach((device, s) -> {
                Double baseline = block.baselines().stream().filter(b -> names.name(b.device()).equals(device))
                        .map(b -> b.p5() * 1000).findFirst().orElse(null);
                MediaClass.Media media = MediaClass.of(device, config);
                out.put(device, new DeviceTime(device, names.label(device), media.media().name().toLowerCase(),
                        media.basis(), media.media().abnormalMs(), s[1] > 0 ? 1000 * s[0] / s[1] : null,
                        s[3] > 0 ? 1000 * s[2] / s[3] : null, baseline, s[4], blockSource));
            });
        }
        Map<String, List<IostatDevice>> byDevice = new LinkedHashMap<>();
        iostat.stream().filter(d -> !d.idle() && d.samples() > 0)
                .forEach(d -> byDevice.computeIfAbsent(d.device(), k -> new ArrayList<>()).add(d));
        byDevice.forEach((device, entries) -> {
            if (out.containsKey(device)) {
                return;
            }
            Double read = weighted(entries, "r/s", "r_await", "asvc_t", "svc_t", "await");
            Double write = weighted(entries, "w/s", "w_await", "asvc_t", "svc_t", "await");
            double seconds = 0;
            for (IostatDevice d : entries) {
                Double queue = avg(d, "aqu-sz", "avgqu-sz");
                if (queue == null) {
                    Double actv = avg(d, "actv");
                    Double wait = avg(d, "wait");
                    queue = actv == null ? null : actv + (wait == null ? 0 : wait);
                }
                if (queue != null && d.intervalSeconds() != null) {
                    seconds += queue * d.samples() * d.intervalSeconds();
                }
            }
            MediaClass.Media media = MediaClass.of(device, config);
            out.put(device, new DeviceTime(device, names.label(device), media.media().name().toLowerCase(),
                    media.basis(), media.media().abnormalMs(), read, write, null, seconds > 0 ? seconds : null,
                    "iostat"));
        });
        return List.copyOf(out.values());
    }

    /** The longest span of the iostat series: the capture, for a model in device time. */
    static double span(List<IostatDevice> iostat) {
        return iostat.stream().filter(d -> d.intervalSeconds() != null)
                .mapToDouble(d -> d.samples() * d.intervalSeconds()).max().orElse(0);
    }

    static Double avg(IostatDevice d, String... columns) {
        for (String c : columns) {
            IostatDevice.Stat s = d.metrics().get(c);
            if (s != null) {
                return s.avg();
            }
        }
        return null;
    }

    /** The response time of one direction over the files that saw any I/O of it ({@code rate}: r/s or w/s). */
    private static Double weighted(List<IostatDevice> entries, String rate, String... columns) {
        double sum = 0;
        double n = 0;
        for (IostatDevice d : entries) {
            Double perSecond = avg(d, rate);
            if (perSecond != null && perSecond == 0) {
                continue; // no I/O of this direction: its printed 0 ms is no service time
            }
            Double v = avg(d, columns);
            if (v != null) {
                sum += v * d.samples();
                n += d.samples();
            }
        }
        return n > 0 ? sum / n : null;
    }
}
