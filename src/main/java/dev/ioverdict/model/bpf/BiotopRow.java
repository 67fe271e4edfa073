package dev.ioverdict.model.bpf;

/**
 * One row of one biotop interval ({@code PID COMM D MAJ MIN DISK I/O Kbytes AVGms}): a process's
 * I/Os in one direction to one disk over the interval, their kilobytes and mean time in seconds.
 * {@code interval} is the interval's time stamp as biotop printed it ("08:09:44").
 */
public record BiotopRow(String input, long line, String interval, int pid, String command, char direction,
                        int major, int minor, String disk, long ios, long kbytes, double average) implements BpfFact {
}
