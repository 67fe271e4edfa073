package dev.ioverdict.model.bpf;

/**
 * One block I/O as biosnoop prints it at its completion. bcc's biosnoop gives all the fields
 * ({@code TIME(s) COMM PID DISK T SECTOR BYTES [QUE(ms)] LAT(ms)}); bpftrace's biosnoop.bt only
 * time, disk, command, pid and latency, in whole milliseconds: direction {@code '?'}, sector and
 * bytes -1 there. {@code latency} is from issue to the device to completion (btt's D2C),
 * {@code queued} (biosnoop -Q) the time before it in the kernel's queue; seconds, NaN when not
 * printed. {@code time} is seconds since the tracing began.
 */
public record BioIo(String input, long line, String tool, double time, String command, int pid, String disk,
                    char direction, long sector, long bytes, double queued, double latency,
                    boolean wholeMilliseconds) implements BpfFact {
    public boolean read() {
        return direction == 'R';
    }

    public boolean write() {
        return direction == 'W';
    }
}
