package dev.ioverdict.model.timemodel;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ioverdict.model.UnnamedProcess;
import java.util.List;

/**
 * Seconds of one process group's I/O wait assigned to one {@link Part}, on one device and in one
 * direction where the part has them (null otherwise). {@code sharePct}: of the group's whole wait.
 * {@code method}: "per I/O" where the layers were matched I/O by I/O, else "estimated: how".
 * {@code others}: for {@link Part#BEHIND_OTHER_IO}, whose I/O it waited behind and their share of
 * the device's time while it did.
 */
@JsonPropertyOrder({"part", "direction", "device", "seconds", "sharePct", "method", "others"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WaitPart(Part part, String direction, String device, double seconds, double sharePct, String method,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Neighbour> others) {
    public WaitPart {
        if (seconds < 0 || !Double.isFinite(seconds)) {
            throw new IllegalArgumentException(part + ": " + seconds + " s");
        }
        sharePct = Math.max(0, Math.min(100, sharePct));
        others = others == null ? List.of() : List.copyOf(others);
    }

    /**
     * Another process on the same device: its command ("pid N" where the trace names none, as the
     * kernel's blk tracer leaves it), one of its pids, its share of the device's time.
     */
    @JsonPropertyOrder({"command", "pid", "sharePct"})
    public record Neighbour(String command, Integer pid, double sharePct) {
        /** The neighbour where no block trace names one: the I/O iostat saw that the traced calls did not move. */
        public static final String UNTRACED = "processes the traces do not show";

        /** Whether this is the untraced load iostat shows rather than a process a block trace names. */
        public boolean untraced() {
            return pid == null && UNTRACED.equals(command);
        }

        /** How the report names it: its command and pid, the pid once where the command is only that. */
        public String who() {
            return pid == null || command.equals(UnnamedProcess.name(pid)) ? command : command + " pid " + pid;
        }
    }
}
