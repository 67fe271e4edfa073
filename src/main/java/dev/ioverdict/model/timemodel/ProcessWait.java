package dev.ioverdict.model.timemodel;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Optional;

/**
 * One command's I/O wait (its processes together) and where it went, largest part first.
 * {@code source}: the trace its syscalls were timed from (the most exact that saw it);
 * {@code calls}: the I/O system calls counted; {@code waitSeconds}: their time in all.
 */
@JsonPropertyOrder({"command", "pids", "source", "calls", "waitSeconds", "parts"})
public record ProcessWait(String command, List<Integer> pids, String source, long calls, double waitSeconds,
                          List<WaitPart> parts) {
    public ProcessWait {
        pids = List.copyOf(pids);
        parts = List.copyOf(parts);
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
