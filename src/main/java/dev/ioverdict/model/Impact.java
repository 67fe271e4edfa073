package dev.ioverdict.model;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How much of the observed I/O time a finding explains: {@code seconds} of waiting in the capture,
 * as a share ({@code sharePct}) of {@code of} (e.g. "io_submit + io_getevents time of fio pid
 * 19468", "Q2C time on sdb") when that total is known. {@code measured} says whether the seconds
 * were summed from the capture or estimated; {@code method} says how, in words.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Impact(double seconds, Double sharePct, String of, boolean measured, String method,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) java.util.List<ProcessShare> processes) {
    public static final Impact NONE = new Impact(0, null, null, false, "not measurable from this data");

    public Impact {
        processes = processes == null ? java.util.List.of() : java.util.List.copyOf(processes);
    }

    public Impact(double seconds, Double sharePct, String of, boolean measured, String method) {
        this(seconds, sharePct, of, measured, method, java.util.List.of());
    }

    /** The same seconds seen per process group: each group's seconds and their share of its own wait. */
    public record ProcessShare(String command, java.util.List<Integer> pids, double seconds, double sharePct) {
        public ProcessShare {
            pids = java.util.List.copyOf(pids);
        }
    }

    /** The largest share any one process group loses to it (the victim's view), else the overall share. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public Double worstSharePct() {
        return processes.stream().map(ProcessShare::sharePct).max(Double::compare).orElse(sharePct);
    }

    public static Impact measured(double seconds, String method) {
        return new Impact(seconds, null, null, true, method);
    }

    public static Impact estimated(double seconds, String method) {
        return new Impact(seconds, null, null, false, method);
    }

    /**
     * The same seconds as a share of a known total; no share when the seconds exceed the total (a
     * part larger than its whole says the two were counted over different sets, not a fact).
     */
    public Impact of(double totalSeconds, String what) {
        Double share = Invariants.sharePct(seconds, totalSeconds);
        return new Impact(seconds, share, share == null ? null : what, measured, method, processes);
    }
}
