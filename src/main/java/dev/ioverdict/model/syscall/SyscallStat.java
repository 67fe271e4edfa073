package dev.ioverdict.model.syscall;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One syscall's latency over one input (CONTRACT.md {@code syscalls.byName}): seconds. From traced
 * calls all fields are ioverdict's own; from a tool's summary (LinuxKI SYSTEM CALL REPORT,
 * strace -c) what it printed, and null for what it did not (percentiles, min).
 */
@JsonPropertyOrder({"source", "input", "name", "count", "errors", "total", "min", "avg", "max", "p50", "p95", "p99"})
public record SyscallStat(String source, String input, String name, long count, long errors, Double total,
                          Double min, Double avg, Double max, Double p50, Double p95, Double p99) {
}
