package dev.ioverdict.rules.block;

import dev.ioverdict.analysis.config.MediaClass;
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
    static final List<Threshold> ALL = List.of(NVME_MS, SSD_MS, VIRTUAL_MS, ARRAY_MS, HDD_MS);

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
}
