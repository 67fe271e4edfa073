package dev.ioverdict.model.bpf;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * report.json's {@code bpf}: what bcc's and bpftrace's tools measured. {@code devices}: block I/O
 * latency per device and direction (biosnoop, measured per I/O) or per histogram (biolatency, its
 * percentiles estimated from the log2 buckets); {@code processes}: block I/O per process (biosnoop,
 * biotop), the largest total latency first; {@code files}: slow file-system operations per file and
 * operation (ext4slower, xfsslower, fileslower); {@code operations}: file-system latency per
 * operation (ext4dist, xfsdist). Times in seconds, bounded lists (the counts left out in
 * {@code notes}).
 */
@JsonPropertyOrder({"devices", "processes", "files", "operations", "notes"})
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record BpfSection(List<DeviceLatency> devices, List<ProcessIo> processes, List<FileLatency> files,
                         List<OperationLatency> operations, List<String> notes) {
    public BpfSection {
        devices = List.copyOf(devices);
        processes = List.copyOf(processes);
        files = List.copyOf(files);
        operations = List.copyOf(operations);
        notes = List.copyOf(notes);
    }

    public boolean isEmpty() {
        return devices.isEmpty() && processes.isEmpty() && files.isEmpty() && operations.isEmpty();
    }

    /**
     * A latency distribution: n and, in seconds, min, avg, max and percentiles. {@code estimated}:
     * from log2 buckets (min and max are then the bounds of the first and last non-empty bucket,
     * the average taken at each bucket's middle, percentiles interpolated within their bucket).
     */
    @JsonPropertyOrder({"n", "min", "avg", "max", "p50", "p95", "p99", "estimated"})
    public record Stat(long n, double min, double avg, double max, double p50, double p95, double p99, boolean estimated) {
    }

    /** One printed log2 bucket: {@code count} values from {@code low} to below {@code high} seconds. */
    public record Bucket(double low, double high, long count) {
    }

    /**
     * Block I/O latency of one device (or "all": biolatency without -D) in one direction (or set of
     * request flags: biolatency -F). {@code measures}: what the latency spans ("issue to completion",
     * or with queued time). {@code queued}: biosnoop -Q's time in the kernel's queue before issue.
     * {@code intervals}: how many periodic histograms were summed. {@code printedCount}: biolatency -e's own count.
     */
    @JsonPropertyOrder({"input", "tool", "source", "device", "direction", "flags", "measures", "method", "intervals",
        "latency", "queued", "bytes", "printedCount", "printedAverage", "buckets"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DeviceLatency(String input, String tool, String source, String device, String direction, String flags,
                                String measures, String method, Integer intervals, Stat latency, Stat queued, Long bytes,
                                Long printedCount, Double printedAverage, List<Bucket> buckets) {
    }

    /**
     * One process's block I/O to one device in one direction: I/Os, bytes, and the latency of each
     * (issue to completion) summed ({@code total}), averaged and at most.
     */
    @JsonPropertyOrder({"input", "tool", "command", "pid", "device", "direction", "ios", "bytes", "total", "avg", "max", "p95"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ProcessIo(String input, String tool, String command, int pid, String device, String direction, long ios,
                            Long bytes, double total, double avg, Double max, Double p95) {
    }

    /** Operations on one file slower than the tool's threshold: how many, their latency summed, average and max. */
    @JsonPropertyOrder({"input", "tool", "filesystem", "file", "operation", "threshold", "n", "bytes", "total", "avg", "max",
        "commands"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FileLatency(String input, String tool, String filesystem, String file, String operation, Double threshold,
                              long n, long bytes, double total, double avg, double max, List<String> commands) {
    }

    /** One file-system operation's latency distribution (ext4dist, xfsdist), estimated from its log2 buckets. */
    @JsonPropertyOrder({"input", "tool", "source", "filesystem", "operation", "intervals", "latency", "buckets"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record OperationLatency(String input, String tool, String source, String filesystem, String operation,
                                   Integer intervals, Stat latency, List<Bucket> buckets) {
    }
}
