package dev.ioverdict.rules.block;

import dev.ioverdict.analysis.config.MediaClass;
import dev.ioverdict.model.Figures;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.Threshold;
import java.util.List;

/**
 * The service time above which a device is slow, by its class of media: a rotating disk at 8 ms
 * is healthy, flash at 8 ms is not. One threshold per class, configurable like any other.
 */
final class MediaLimit {
    static final Threshold NVME_MS = Threshold.millis(MediaClass.NVME.thresholdKey(), MediaClass.NVME.abnormalMs(),
            "average service time above which an NVMe device is slow");
    static final Threshold SSD_MS = Threshold.millis(MediaClass.SSD.thresholdKey(), MediaClass.SSD.abnormalMs(),
            "... a non-rotational device (SSD, or a loop device whose queue says rotational 0)");
    static final Threshold VIRTUAL_MS = Threshold.millis(MediaClass.VIRTUAL.thresholdKey(),
            MediaClass.VIRTUAL.abnormalMs(), "... a virtual disk (virtio vd*, Xen xvd*)");
    static final Threshold ARRAY_MS = Threshold.millis(MediaClass.ARRAY_LUN.thresholdKey(),
            MediaClass.ARRAY_LUN.abnormalMs(), "... an array LUN (a multipath map)");
    static final Threshold HDD_MS = Threshold.millis(MediaClass.HDD.thresholdKey(), MediaClass.HDD.abnormalMs(),
            "... a rotating disk (rotational 1)");
    static final Threshold NVME_MBPS = Threshold.count("nvme_mb_s", "MB/s", MediaClass.NVME.leastMBps(),
            "throughput an NVMe device moves at the least: the requests in a device share it, so a large "
            + "request's service time holds the transfer of the data in the device at this rate");
    static final Threshold SSD_MBPS = Threshold.count("ssd_mb_s", "MB/s", MediaClass.SSD.leastMBps(),
            "... a non-rotational device");
    static final Threshold VIRTUAL_MBPS = Threshold.count("virtual_mb_s", "MB/s", MediaClass.VIRTUAL.leastMBps(),
            "... a virtual disk");
    static final Threshold ARRAY_MBPS = Threshold.count("array_lun_mb_s", "MB/s", MediaClass.ARRAY_LUN.leastMBps(),
            "... an array LUN");
    static final Threshold HDD_MBPS = Threshold.count("hdd_mb_s", "MB/s", MediaClass.HDD.leastMBps(),
            "... a rotating disk, and a device of unknown class");
    static final List<Threshold> ALL = List.of(NVME_MS, SSD_MS, VIRTUAL_MS, ARRAY_MS, HDD_MS, NVME_MBPS, SSD_MBPS,
            VIRTUAL_MBPS, ARRAY_MBPS, HDD_MBPS);

    private MediaLimit() {
    }

    static MediaClass.Media media(RuleContext ctx, String device) {
        return MediaClass.of(device, ctx.optional(Inputs.STORAGE).orElse(null));
    }

    /** The threshold of the device's class; a device of unknown class keeps the general {@code avg_ms}. */
    static Threshold threshold(RuleContext ctx, String device) {
        return switch (media(ctx, device).media()) {
            case NVME -> NVME_MS;
            case SSD -> SSD_MS;
            case VIRTUAL -> VIRTUAL_MS;
            case ARRAY_LUN -> ARRAY_MS;
            case HDD -> HDD_MS;
            case UNKNOWN -> DeviceLatencyRule.AVG_MS;
        };
    }

    static double seconds(RuleContext ctx, String device) {
        return ctx.seconds(threshold(ctx, device));
    }

    /** The throughput (MB/s) the device's class moves at the least. */
    static double mbPerSecond(RuleContext ctx, String device) {
        return ctx.value(switch (media(ctx, device).media()) {
            case NVME -> NVME_MBPS;
            case SSD -> SSD_MBPS;
            case VIRTUAL -> VIRTUAL_MBPS;
            case ARRAY_LUN -> ARRAY_MBPS;
            case HDD, UNKNOWN -> HDD_MBPS;
        });
    }

    /**
     * The service time above which the device is slow when {@code inFlight} requests of {@code requestBytes}
     * are in it at once: its class's, plus, for large requests, their transfer at the class's least
     * throughput ({@link MediaClass#expectedMs}).
     */
    static double seconds(RuleContext ctx, String device, double requestBytes, double inFlight) {
        return MediaClass.expectedMs(seconds(ctx, device) * 1000, requestBytes, inFlight, mbPerSecond(ctx, device))
                / 1000;
    }

    /**
     * The limit in words where the transfer counts: "13.4 ms for a solid-state (non-rotational) device
     * moving requests of 683 KiB, 4.8 at once (5 ms, plus their transfer at 400 MB/s)"; the class's alone
     * ("5 ms for a ...") where the requests are small.
     */
    static String described(RuleContext ctx, String device, double limitSeconds, double requestBytes, double inFlight) {
        double classSeconds = seconds(ctx, device);
        String media = media(ctx, device).media().description();
        if (limitSeconds <= classSeconds) {
            return Figures.duration(classSeconds) + " for a " + media;
        }
        return Figures.duration(limitSeconds) + " for a " + media + " moving requests of "
                + Figures.bytes(requestBytes) + ", " + Figures.number(Math.max(1, inFlight)) + " at once ("
                + Figures.duration(classSeconds) + ", plus their transfer at " + Figures.number(mbPerSecond(ctx, device))
                + " MB/s)";
    }
}
