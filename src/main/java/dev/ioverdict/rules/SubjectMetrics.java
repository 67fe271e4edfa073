package dev.ioverdict.rules;

import dev.ioverdict.model.Metric;

/**
 * The figures that say which device, process or file a finding is about and which data showed it,
 * carried alike by the findings of several rules: the USE table and the charts find a finding's
 * device, and its iostat file, through these.
 */
public final class SubjectMetrics {
    /** The device's name ("sdb"), else its number. */
    public static final Metric DEVICE = Metric.text("device", "device");
    /** The device's major,minor ("8,16"). */
    public static final Metric DEVNO = Metric.id("devno", "device number");
    /** The iostat file a finding's series comes from. */
    public static final Metric INPUT = Metric.text("input", "iostat file");
    /** What the figures were computed from ("btt", "blkparse", "strace"...). */
    public static final Metric SOURCE = Metric.text("source", "data");
    public static final Metric PID = Metric.id("pid", "process id");
    /** The direction a finding is about ("reads", "writes"), where it is about one. */
    public static final Metric DIRECTION = Metric.text("direction", "direction");
    /**
     * The share of its device's own time a cause holds, where it holds only part of it (a device that stalls
     * now and then): its part of the application's wait in that device is that share.
     */
    public static final Metric OF_DEVICE_TIME = Metric.percent("ofDeviceTimePct", "Share of the device's own time");
    /**
     * The same share of the device's read time and of its write time, where the two differ (a saturation whose
     * reports hold writes only leaves the reads of the same device, and whoever waits for them, alone): a
     * process's wait in the device's reads holds the first, its wait in its writes the second.
     */
    public static final Metric OF_READ_TIME = Metric.percent("ofReadTimePct", "Share of the device's read time");
    public static final Metric OF_WRITE_TIME = Metric.percent("ofWriteTimePct", "Share of the device's write time");

    private SubjectMetrics() {
    }
}
