package dev.ioverdict.rules.block;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.config.QueueSetting;
import dev.ioverdict.model.config.SchedulerSetting;
import java.util.List;
import java.util.Set;

/** What to set /sys/block/DEV/queue/scheduler to, given what the bundle says about the device. */
final class SchedulerAdvice {
    /** Schedulers that hold requests back on purpose (fairness, idling, budgets). */
    private static final Set<String> HOLDING = Set.of("cfq", "bfq", "kyber", "anticipatory");

    private SchedulerAdvice() {
    }

    static String recommend(String name, SchedulerSetting setting, QueueSetting rotational) {
        return recommend(name, setting, rotational, null, false);
    }

    /** {@code oracle}: the trace shows Oracle's processes, so Oracle's own advice applies. */
    static String recommend(String name, SchedulerSetting setting, QueueSetting rotational, QueueSetting strict,
                            boolean oracle) {
        String dev0 = name != null ? name : "DEV";
        String strictNote = strict != null && strict.value().strip().equals("1") && setting != null
                && "bfq".equals(setting.active())
                ? " bfq runs with strict_guarantees = 1 (" + strict.input() + ":" + strict.line() + "), which idles the "
                        + "device for each queue's guarantees: 'echo 0 > /sys/block/" + dev0 + "/queue/iosched/"
                        + "strict_guarantees' is the smallest change, the switch below the lasting one." : "";
        return strictNote.isEmpty() ? advice(name, setting, rotational, oracle) : strictNote.strip() + " "
                + advice(name, setting, rotational, oracle);
    }

    private static String advice(String name, SchedulerSetting setting, QueueSetting rotational, boolean oracle) {
        String dev = name != null ? name : "DEV";
        String path = "/sys/block/" + dev + "/queue/scheduler";
        List<String> available = setting == null ? List.of() : setting.available();
        String active = setting == null ? null : setting.active();
        boolean legacy = available.contains("cfq") || available.contains("noop") || available.contains("deadline")
                || available.contains("anticipatory");
        String deadline = legacy ? "deadline" : "mq-deadline";
        String fifo = legacy ? "noop" : "none";
        boolean ssd = rotational != null && "0".equals(rotational.value().strip());
        if (active != null && !HOLDING.contains(active)) {
            return "The active scheduler '" + active + "' does not hold requests back by design, so a long I2D means "
                    + "dispatch is refused below it: the device queue is full (compare "
                    + "/sys/block/" + dev + "/device/queue_depth with the in-flight count, and D2C or iostat %util), "
                    + "or the queue is throttled (writeback throttling /sys/block/" + dev + "/queue/wbt_lat_usec, "
                    + "cgroup io.max / blkio throttle limits). Check those before changing the scheduler.";
        }
        String target = ssd ? fifo : deadline;
        String now = active == null ? "" : " from " + active;
        return "Switch " + dev + now + " to " + target + ": echo " + target + " > " + path
                + " (takes effect at once, no restart; lost at reboot, so make it persistent with a udev rule such as "
                + "ACTION==\"add|change\", KERNEL==\"" + dev + "\", ATTR{queue/scheduler}=\"" + target + "\" or a tuned "
                + "profile). Use " + fifo + " for SSD, NVMe and array LUNs that reorder I/O themselves, " + deadline
                + " for rotating disks" + (oracle ? "; Oracle recommends deadline for ASM disks. " : ". ")
                + (setting == null ? "No " + path + " was read from the bundle; check which schedulers the kernel offers "
                        + "(cat " + path + "). " : "")
                + "Then trace again: I2D should fall to microseconds.";
    }
}
