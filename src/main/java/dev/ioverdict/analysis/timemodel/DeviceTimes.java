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
                List<String> devnos = block.entries().stream().map(BlockProcessTimes.Entry::device)
                        .filter(devno -> names.name(devno).equals(device)).distinct().toList();
                double inFlight = devnos.stream().mapToDouble(n -> block.atOnce(n, BlockProcessTimes.Entry::d2c)).sum();
                long n = devnos.stream().mapToLong(block::completions).sum();
                double requestBytes = n == 0 ? 0 : (double) devnos.stream().mapToLong(block::bytes).sum() / n;
                out.put(device, new DeviceTime(device, names.label(device), media.media().name().toLowerCase(),
                        media.basis(), expectedMs(media, requestBytes, inFlight), s[1] > 0 ? 1000 * s[0] / s[1] : null,
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
            double requestBytes = 0;
            double inFlight = 0;
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
                Double kb = requestKb(d);
                if (queue != null && kb != null && queue * kb >= inFlight * requestBytes / 1024) {
                    // the file that held the most data in the device: the expectation its requests were given
                    requestBytes = kb * 1024;
                    inFlight = queue;
                }
            }
            MediaClass.Media media = MediaClass.of(device, config);
            out.put(device, new DeviceTime(device, names.label(device), media.media().name().toLowerCase(),
                    media.basis(), expectedMs(media, requestBytes, inFlight), read, write, null, seconds > 0 ? seconds : null,
                    "iostat"));
        });
        return List.copyOf(out.values());
    }

    /** What the device's class gives for requests of the size and number it held ({@link MediaClass#expectedMs}). */
    private static double expectedMs(MediaClass.Media media, double requestBytes, double inFlight) {
        return MediaClass.expectedMs(media.media().abnormalMs(), requestBytes, inFlight, media.media().leastMBps());
    }

    /** The file's average request size in KiB over both directions (sysstat's rareq-sz, wareq-sz; avgrq-sz in sectors). */
    private static Double requestKb(IostatDevice d) {
        Double r = avg(d, "r/s");
        Double w = avg(d, "w/s");
        Double rKb = avg(d, "rareq-sz");
        Double wKb = avg(d, "wareq-sz");
        if (r != null && w != null && rKb != null && wKb != null && r + w > 0) {
            return (r * rKb + w * wKb) / (r + w);
        }
        Double sectors = avg(d, "avgrq-sz");
        return sectors == null ? null : sectors / 2;
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
