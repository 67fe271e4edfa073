package dev.ioverdict.model;

/**
 * Which clock an input format's times are on and what is known of their time zone, declared once
 * on the format ({@code InputFormat.clock()}) and read by the report's list of inputs and by the
 * time window alike, so the two cannot say different things of one file. A format whose times may
 * be stamps or counts (iostat with and without -t, a kernel log from journalctl or from dmesg)
 * declares both readings; the times themselves tell which applies ({@link #stamps}).
 *
 * @param stamped      the reading of times that are epoch stamps
 * @param counted      the reading of times that count from a start (a trace's, boot, midnight)
 * @param secondsOfDay the counted times are seconds since midnight (strace -tt), shown as times of day
 */
public record InputClock(Reading stamped, Reading counted, boolean secondsOfDay) {
    /** Times at or past this (2001-09-09) are seconds since the epoch, not counts from a start. */
    public static final double EPOCH_STAMPS = 1e9;
    public static final String ASSUMED_UTC = "not stated in the file: read as UTC (the host's local time, zone unknown)";
    public static final String SINCE_START = "none: counts from the start of the capture, not a time of day";
    public static final String SINCE_BOOT = "none: a clock since boot, not a time of day";

    public static final InputClock BLOCK_TRACE = counting("seconds since the block trace started", SINCE_START);
    public static final InputClock PERF = counting("seconds of the kernel's monotonic clock (since boot), as perf prints it",
            SINCE_BOOT);
    public static final InputClock PERF_TRACE = counting("seconds since perf trace started (it prints milliseconds)",
            SINCE_START);
    public static final InputClock BIOSNOOP = counting("seconds since biosnoop started (bcc prints seconds, bpftrace's "
            + "biosnoop.bt milliseconds)", SINCE_START);
    public static final InputClock KITRACE = counting("seconds since kitrace started", SINCE_START);
    public static final InputClock STRACE = new InputClock(
            new Reading("time of day as strace -tt prints it", Reading.STRACE_ZONE),
            new Reading("time of day as strace -tt prints it", Reading.STRACE_ZONE), true);
    public static final InputClock IOSTAT = new InputClock(new Reading("iostat -t report stamps", ASSUMED_UTC),
            new Reading("iostat reports without stamps (no -t): numbered, not timed", SINCE_START), false);
    public static final InputClock SAR = new InputClock(new Reading("sar's header date and times of day", ASSUMED_UTC),
            new Reading("sar's header date and times of day", SINCE_START), false);
    public static final InputClock KERNEL_LOG = new InputClock(new Reading("the log's time stamps", ASSUMED_UTC),
            new Reading("seconds since boot, as dmesg prints them", SINCE_BOOT), false);
    /** A format that declares no clock of its own. */
    public static final InputClock UNSTATED = new InputClock(new Reading("the file's time stamps", ASSUMED_UTC),
            new Reading("the file's own clock", SINCE_START), false);

    /**
     * What the times count and what is known of their zone.
     *
     * @param zone {@link #ASSUMED_UTC} where the stamps may yet state it themselves
     */
    public record Reading(String counts, String zone) {
        static final String STRACE_ZONE = "not stated: the traced host's local time of day; only differences between "
                + "calls are used";
    }

    private static InputClock counting(String counts, String zone) {
        Reading r = new Reading(counts, zone);
        return new InputClock(new Reading(r.counts(), ASSUMED_UTC), r, false);
    }

    /** Whether a time is an epoch stamp rather than a count from some start. */
    public static boolean stamps(double t) {
        return t >= EPOCH_STAMPS;
    }

    public Reading reading(boolean stamps) {
        return stamps ? stamped : counted;
    }
}
