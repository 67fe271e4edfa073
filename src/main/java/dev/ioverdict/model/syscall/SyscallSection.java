package dev.ioverdict.model.syscall;

import java.util.List;

/** The report's {@code syscalls} section (CONTRACT.md). */
public record SyscallSection(List<Object> byName) {
}
