package dev.ioverdict.model.kernel;

/**
 * One storage-related kernel log line: what happened ({@code kind}), to which device as the
 * message names it ({@code sdb}, {@code nvme2}, {@code dm-0}, {@code 8:32}; null when it names
 * none), the line verbatim, and its time: {@code uptime} seconds since boot from the dmesg
 * prefix, {@code epoch} when the line carries a full date, {@code timeText} as printed.
 */
public record KernelEvent(String input, long line, String text, KernelEventKind kind, String device,
                          String map, Double uptime, Double epoch, String timeText, String message) implements KernelFact {
}
