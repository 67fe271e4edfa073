package dev.ioverdict.model.timemodel;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The model over one stretch of the capture (seconds since each input's first timed record):
 * each command's wait in it, and per device who held the device's time.
 */
@JsonPropertyOrder({"from", "to", "waits", "devices"})
public record Slice(double from, double to, List<CommandWait> waits, List<DeviceShare> devices) {
    public Slice {
        waits = List.copyOf(waits);
        devices = List.copyOf(devices);
    }

    /** A command's (its processes') I/O wait in the slice, and its calls. */
    public record CommandWait(String command, List<Integer> pids, double waitSeconds, long calls) {
        public CommandWait {
            pids = List.copyOf(pids);
        }
    }

    /**
     * One device in the slice: the device time its requests took (sum of D2C), its requests, the
     * average D2C of each command's requests and each command's share of the device's time.
     */
    public record DeviceShare(String device, double deviceSeconds, long requests, List<Holder> holders) {
        public DeviceShare {
            holders = List.copyOf(holders);
        }
    }

    @JsonPropertyOrder({"command", "requests", "sharePct", "avgD2c"})
    public record Holder(String command, long requests, double sharePct, double avgD2c) {
    }
}
