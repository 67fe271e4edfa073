package dev.ioverdict.model.fio;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ioverdict.model.Figures;
import java.util.List;

/**
 * report.json's {@code fio}: the workload the bundle ran, as fio reported it. {@code jobs}: one row
 * per job and direction (a run read from both its normal and its JSON output counted once);
 * {@code groups}: fio's "Run status group" summary per group and direction; {@code disks}: fio's
 * disk statistics (util: percent of the run the device was busy). Times in seconds, bandwidths in
 * bytes per second, sizes in bytes.
 */
@JsonPropertyOrder({"jobs", "groups", "disks"})
public record FioSection(List<Row> jobs, List<FioGroupStatus> groups, List<FioDiskStats> disks) {
    public FioSection {
        jobs = jobs == null ? List.of() : List.copyOf(jobs);
        groups = groups == null ? List.of() : List.copyOf(groups);
        disks = disks == null ? List.of() : List.copyOf(disks);
    }

    /** The jobs the report's table shows; the rest are counted ("and N more"). */
    public static final int SHOWN = 10;

    @JsonIgnore
    public List<Row> shown() {
        return jobs.subList(0, Math.min(SHOWN, jobs.size()));
    }

    @JsonIgnore
    public int notShown() {
        return jobs.size() - shown().size();
    }

    /** Whether any row has a block trace's figures beside it (the report's table then has their column). */
    @JsonIgnore
    public boolean anyTrace() {
        return jobs.stream().anyMatch(r -> r.trace() != null);
    }

    /**
     * One job's figures for one direction. {@code processes}: how many processes they are of (numjobs
     * under group_reporting); {@code rw}, {@code bs}, {@code iodepth}, {@code direct},
     * {@code ioengine}: the job's options as its output states them (null when it does not);
     * {@code device}: the device fio's disk statistics name for the job; {@code trace}: the same
     * device's D2C in a block trace of the bundle, for the same direction.
     */
    @JsonPropertyOrder({"job", "group", "processes", "direction", "rw", "bs", "iodepth", "direct", "ioengine", "iops",
        "bandwidth", "ios", "runtime", "clat", "device", "trace", "input", "line"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Row(String job, Integer group, Integer processes, String direction, String rw, String bs,
                      Integer iodepth, Boolean direct, String ioengine, Double iops, Double bandwidth, Long ios,
                      Double runtime, Clat clat, String device, Trace trace, String input, long line) {
        /** fio's median completion time at least this many times the block layer's is mostly spent elsewhere. */
        static final double FAR_ABOVE = 2;
        /** ... and by at least this much, seconds: below it the difference is the clocks' and the CPU's. */
        static final double AT_LEAST = 0.0005;
        /** IOPS times mean clat over this many times the requests a job can keep in flight is no latency. */
        static final double IMPOSSIBLE_FACTOR = 2;

        /**
         * Where fio's median completion time went, where it is far above what the block trace measured of the
         * same device and direction; null otherwise: clat over Q2C passed outside the block layer (before the
         * request was queued, or after it completed and before fio collected it), clat over D2C alone (no Q2C in
         * the trace) above the device.
         */
        @JsonIgnore
        public String whereTheTimeWent() {
            String impossible = impossibleClat();
            if (impossible != null) {
                return impossible;
            }
            if (clat == null || clat.p50() == null || trace == null) {
                return null;
            }
            double c = clat.p50();
            double block = trace.q2cP50() != null ? trace.q2cP50() : trace.p50();
            if (c < FAR_ABOVE * block || c - block < AT_LEAST) {
                return null;
            }
            String after = Figures.duration(c - block);
            String of = job + " " + direction + ": fio's median completion time is " + Figures.duration(c) + ", the "
                    + "device's " + Figures.duration(trace.p50()) + " (D2C p50)";
            return trace.q2cP50() != null
                    ? of + " and the block layer's " + Figures.duration(trace.q2cP50()) + " (Q2C p50): " + after + " of "
                    + "each I/O passed outside the block layer: before its request was queued (a filesystem lock, the "
                    + "inode's drain, block allocation) or after it completed, before fio collected it (fio busy on the "
                    + "CPU: a tracer that stops it at each system call, as strace does, or fewer CPUs than its jobs)"
                    : of + ": " + after + " of each I/O passed above the device, in the host's queues or before fio "
                    + "collected the completion";
        }

        /**
         * A clat no request can have had, or null: by Little's law a job keeps its IOPS times its mean completion
         * time in flight, and it never keeps more than its iodepth (per process). fio with io_uring's
         * sqthread_poll misreports clat so (axboe/fio#1484): said, so the figure is not read as a latency.
         */
        @JsonIgnore
        String impossibleClat() {
            if (clat == null || clat.mean() == null || iops == null || iodepth == null || iodepth <= 0) {
                return null;
            }
            int jobs = processes == null || processes < 1 ? 1 : processes;
            double inFlight = iops * clat.mean();
            if (inFlight <= IMPOSSIBLE_FACTOR * iodepth * jobs) {
                return null;
            }
            return String.format(java.util.Locale.ROOT, "%s %s: fio's mean completion time, %s, is no request's latency: "
                    + "at %.0f IOPS it would keep %.0f requests in flight, and the job keeps at most %d%s (Little's law)%s"
                    + "%s", job, direction, Figures.duration(clat.mean()), iops, inFlight, iodepth * jobs,
                    jobs > 1 ? " (iodepth " + iodepth + " x " + jobs + " processes)" : ", its iodepth,",
                    "io_uring".equals(ioengine) ? "; fio misreports clat with io_uring's sqthread_poll (fio issue #1484)" : "",
                    trace == null ? "" : "; the block trace times its " + trace.direction() + " at "
                    + Figures.duration(trace.q2cP50() != null ? trace.q2cP50() : trace.p50()) + " ("
                    + (trace.q2cP50() != null ? "Q2C" : "D2C") + " p50)");
        }
    }

    /** clat (submission to completion) in seconds: fio's mean and its percentiles. */
    @JsonPropertyOrder({"mean", "p50", "p95", "p99", "p99.9"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Clat(Double mean, Double p50, Double p95, Double p99, @JsonProperty("p99.9") Double p999) {
    }

    /**
     * What a block trace of the bundle measured on the job's device: D2C (driver to completion) of the
     * same direction, in seconds, and the median Q2C (queued to completion) beside it where the trace has it. {@code label}: the device as the report names it; {@code source}: the trace's format.
     */
    @JsonPropertyOrder({"label", "phase", "direction", "n", "p50", "p99", "q2cP50"})
    public record Trace(String label, String phase, String direction, long n, double p50, double p99,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Double q2cP50) {
    }
}
