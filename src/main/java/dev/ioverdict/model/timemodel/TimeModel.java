package dev.ioverdict.model.timemodel;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The one currency every cause is measured in (report.json {@code timeModel}): the seconds the
 * application spent in I/O system calls, per command, assigned to where they went; or, where the
 * bundle holds no application trace, the devices' own time (await x IOPS over the capture), and
 * {@code unit} says which. {@code captureSeconds}: the span the waits were measured over;
 * {@code waitSeconds}: the whole every share is of, the application's processes together (a
 * neighbour's own wait is listed but not in it).
 */
@JsonPropertyOrder({"unit", "basis", "captureSeconds", "waitSeconds", "processes", "devices", "slices", "notes"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TimeModel(String unit, Basis basis, double captureSeconds, double waitSeconds,
                        List<ProcessWait> processes, List<DeviceTime> devices,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Slice> slices,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> notes) {
    public static final String APPLICATION_UNIT = "s of the application's I/O wait";
    public static final String BLOCK_UNIT = "s of device time (queue to completion of each process's requests)";
    public static final String DEVICE_UNIT = "s of device time (await x IOPS over the capture)";

    /** What the seconds are: the application's wait, or (no application trace) the devices' own time. */
    public enum Basis { APPLICATION, DEVICE }

    public TimeModel {
        processes = List.copyOf(processes);
        devices = List.copyOf(devices);
        slices = slices == null ? List.of() : List.copyOf(slices);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /** Seconds of {@code part} on {@code device} (null: any) over the application's commands. */
    public double seconds(Part part, String device) {
        return application().stream().mapToDouble(p -> p.seconds(part, device)).sum();
    }

    /** The processes whose wait is the whole, without the neighbours whose load they wait behind. */
    public List<ProcessWait> application() {
        return processes.stream().filter(ProcessWait::application).toList();
    }

    /** The whole that shares are of, in words: "the application's I/O wait" or "the devices' own time". */
    public String wholeInWords() {
        return basis == Basis.DEVICE ? "the devices' own time" : "the application's I/O wait";
    }

    /** Below this share of the span the application was traced for, its whole I/O wait does not bind it, percent. */
    public static final double IO_BOUND_PCT = 5;

    /**
     * Whether the application is bound by its I/O at all: it waited at least {@link #IO_BOUND_PCT} of the span
     * it was traced for (always, with the devices' own time as the unit). Page 1 says so where it is not, and no
     * device then holds its wait.
     */
    public boolean ioBound() {
        return basis != Basis.APPLICATION || captureSeconds <= 0 || waitSeconds >= IO_BOUND_PCT / 100 * captureSeconds;
    }

    /** {@code seconds} as a share of the whole wait, percent. */
    public double share(double seconds) {
        return waitSeconds > 0 ? Math.min(100, 100 * seconds / waitSeconds) : 0;
    }

    public java.util.Optional<DeviceTime> device(String device) {
        return devices.stream().filter(d -> d.device().equals(device)).findFirst();
    }
}
