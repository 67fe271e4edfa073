package dev.ioverdict.model.timemodel;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ioverdict.model.UnnamedProcess;
import java.util.List;
import java.util.Optional;

/**
 * One command's I/O wait (its processes together) and where it went, largest part first.
 * {@code source}: the trace its syscalls were timed from (the most exact that saw it);
 * {@code calls}: the I/O system calls counted; {@code waitSeconds}: their time in all.
 * {@code role}: whether its wait counts in the application's whole, or it is the neighbour whose
 * load the others wait behind (its own wait is listed, outside the whole).
 */
@JsonPropertyOrder({"command", "pids", "role", "source", "calls", "waitSeconds", "parts"})
public record ProcessWait(String command, List<Integer> pids, String source, long calls, double waitSeconds,
                          List<WaitPart> parts, Role role) {
    /** Whether a process's wait is the application's, or its load is what the application waits behind. */
    public enum Role {
        APPLICATION, NEIGHBOUR;

        @com.fasterxml.jackson.annotation.JsonValue
        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public ProcessWait {
        pids = List.copyOf(pids);
        parts = List.copyOf(parts);
        role = role == null ? Role.APPLICATION : role;
    }

    public ProcessWait(String command, List<Integer> pids, String source, long calls, double waitSeconds,
                       List<WaitPart> parts) {
        this(command, pids, source, calls, waitSeconds, parts, Role.APPLICATION);
    }

    public ProcessWait as(Role newRole) {
        return new ProcessWait(command, pids, source, calls, waitSeconds, parts, newRole);
    }

    /** "fio pid 13129", or the command alone for a group of several processes. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public String who() {
        return UnnamedProcess.who(command, pids);
    }

    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean application() {
        return role == Role.APPLICATION;
    }

    /** Seconds of {@code part} on {@code device} (any device when null), both directions. */
    public double seconds(Part part, String device) {
        return parts.stream().filter(p -> p.part() == part && (device == null || device.equals(p.device())))
                .mapToDouble(WaitPart::seconds).sum();
    }

    public Optional<WaitPart> largest() {
        return parts.stream().findFirst();
    }
}
