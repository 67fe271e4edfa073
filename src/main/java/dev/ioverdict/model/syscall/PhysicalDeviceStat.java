package dev.ioverdict.model.syscall;

/**
 * One row of LinuxKI's PHYSICAL DEVICE / DEVICE-MAPPER report ({@code kiinfo -kipid} per process,
 * {@code -kidsk} system-wide, pid null): device as {@code dev_t} and name, {@code rw} r|w|t, and
 * the columns as printed (times in ms, avsz in KB). Columns a layout lacks are null.
 */
public record PhysicalDeviceStat(String source, String input, long line, String text, Integer pid, String devT,
                                 String device, String rw, double avque, double avinflt, double iops,
                                 double kbPerSec, double avszKb, double avwaitMs, double avservMs, Long total,
                                 Double maxwaitMs, Double maxservMs) implements SyscallFact {
}
