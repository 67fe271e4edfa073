package dev.ioverdict.rules.block;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.config.DeviceIdentities;
import dev.ioverdict.analysis.config.DeviceIdentity;
import dev.ioverdict.analysis.config.KernelMajors;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Platform;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockDistributions;
import dev.ioverdict.model.block.BlockIo;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.BttReport;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseDistribution;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.model.block.SchedulerWait;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Input;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.SubjectMetrics;
import dev.ioverdict.rules.Threshold;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The block-layer figures the block rules judge, per device, whether they were computed from a
 * trace (blkparse, perf block tracepoints) or read from a btt report: the figures, the device's
 * name, and the captured lines that show them.
 */
public final class BlockFigures {
    public static final Input<BlockFigures> INPUT = new Input<>("block",
            "block-layer latency data (blkparse, perf block tracepoints or a btt report)",
            "blktrace -d /dev/sdX -w 60 -o trace; blkparse -i trace > blkparse.txt; "
                    + "blkparse -i trace -d trace.bin -O; btt -i trace.bin -A > btt.txt   "
                    + "(or: perf record -a -e block:block_bio_queue,block:block_getrq,block:block_rq_insert,"
                    + "block:block_rq_issue,block:block_rq_complete,block:block_bio_backmerge,block:block_bio_remap "
                    + "-- sleep 60; perf script > perf-block.txt)",
            BlockFigures::of).on(Platform.LINUX);

    /** The Q2C figures the block rules report a device's share of Q2C against. */
    public static final Metric Q2C_AVG = Metric.duration("q2cAvg", "Q2C average");
    public static final Metric IOS = Metric.count("ios", "completed I/Os");
    /** Fewer completed I/Os than this do not make a share of Q2C worth judging. */
    static final Threshold MIN_IOS = Threshold.count("min_ios", "I/Os", 20,
            "fewer completed I/Os (Q2C N) than this are too few to judge");
    public static final Metric LIMIT_SHARE = Metric.percent("limitShare", "limit for the share of Q2C");
    /** What D2C the finding judged, where it is not btt's row. */
    public static final Metric D2C_BASIS = Metric.text("d2cBasis", "D2C counted as");
    /** btt's D2C row counting under half the requests timed from dispatch to completion: each request's D2C is judged. */
    private static final int LOST_MOST = 2;

    private final BlockTrace trace;
    private final BttReport btt;
    private final DeviceIdentities names;
    private final List<PhaseDistribution> distributions;
    /** Each device's D2C once per request (each D..C pair), where the trace timed them. */
    private final List<PhaseDistribution> requestD2c;

    private BlockFigures(BlockTrace trace, BttReport btt, DeviceIdentities names,
                         List<PhaseDistribution> distributions, List<PhaseDistribution> requestD2c) {
        this.trace = trace;
        this.btt = btt;
        this.names = names;
        this.distributions = distributions;
        this.requestD2c = requestD2c;
    }

    public BlockTrace trace() {
        return trace;
    }

    static Optional<BlockFigures> of(CaseData data) {
        var results = data.results();
        BlockTrace trace = results.get(BlockTrace.class).orElseGet(() -> results.get(BlockSection.class)
                .map(s -> new BlockTrace(s, List.of(), List.of(), List.of(), List.of())).orElse(null));
        if (trace == null) {
            return Optional.empty();
        }
        var distributions = results.get(BlockDistributions.class);
        return Optional.of(new BlockFigures(trace, results.get(BttReport.class).orElse(null),
                results.get(StorageConfig.class).map(StorageConfig::identities).orElseGet(DeviceIdentities::empty),
                distributions.map(BlockDistributions::distributions).orElse(List.of()),
                distributions.map(BlockDistributions::requestD2c).orElse(List.of())));
    }

    /**
     * One device's figures; phases fall back to All Devices when the input has only one device. {@code bttD2c}:
     * btt's own D2C where {@code phases} holds each request's D2C in its place (see {@link #devices}), else null.
     */
    public record Device(String id, String name, String label, String source, Map<Phase, PhaseStat> phases,
                         Map<Phase, Double> overheadPct, PhaseStat bttD2c) {
        public Device(String id, String name, String label, String source, Map<Phase, PhaseStat> phases,
                      Map<Phase, Double> overheadPct) {
            this(id, name, label, source, phases, overheadPct, null);
        }

        /** Whether {@link #phase}(D2C) counts each request once, btt's row having left most of them out. */
        public boolean d2cByRequest() {
            return bttD2c != null;
        }

        public PhaseStat phase(Phase p) {
            return phases.getOrDefault(p, PhaseStat.EMPTY);
        }

        /** btt's Device Overhead share of {@code p} (percent of Q2C); computed as btt does when not given. */
        public double share(Phase p) {
            Double v = overheadPct.get(p);
            if (v != null) {
                return v;
            }
            PhaseStat x = phase(p);
            PhaseStat q2c = phase(Phase.Q2C);
            if (x.avg() == null || q2c.avg() == null || q2c.n() == 0 || q2c.avg() == 0) {
                return 0;
            }
            return 100 * x.avg() * x.n() / (q2c.avg() * q2c.n());
        }

        public boolean fromBtt() {
            return "btt".equals(source);
        }

        /** The device as findings name it: by name when known, else by number. */
        public Subject subject() {
            return Subject.device(name != null ? name : id, label);
        }

        /** The kind of data these figures come from: a btt report or a block trace. */
        public EvidenceKind sourceKind() {
            return fromBtt() ? EvidenceKind.BTT_REPORT : EvidenceKind.BLOCK_TRACE;
        }

        /** A finding about this device: its source kind, and its name, number and source as every block finding carries them. */
        public void describe(RuleContext.FindingBuilder f) {
            f.source(sourceKind())
                    .text(SubjectMetrics.DEVICE, name != null ? name : id)
                    .text(SubjectMetrics.DEVNO, id)
                    .text(SubjectMetrics.SOURCE, source);
            if (d2cByRequest()) {
                f.text(D2C_BASIS, "each request's D..C (" + Figures.count(phase(Phase.D2C).n()) + " requests): btt's "
                        + "D2C counts the " + Figures.count(bttD2c.n()) + " queued bios that lie inside their request; "
                        + whyBttLeavesOut(phase(Phase.Q2G).n() + phase(Phase.Q2M).n()));
            }
        }
    }

    public List<Device> devices() {
        BlockSection s = trace.section();
        // btt without -A: when one device has Device Overhead figures (dm and md devices never do),
        // the All Devices table is that device's.
        long withOverhead = s.devices().stream().filter(d -> !d.overheadPct().isEmpty()).count();
        List<Device> out = new ArrayList<>();
        for (BlockDeviceStats d : s.devices()) {
            Map<Phase, PhaseStat> phases = d.phases();
            if (!phases.containsKey(Phase.Q2C) && !phases.containsKey(Phase.D2C) && withOverhead == 1
                    && !d.overheadPct().isEmpty() && s.all() != null) {
                phases = s.all().phases();
            }
            String name = names.find(d.device()).map(DeviceIdentity::kernelName).orElse(KernelMajors.name(d.device()));
            PhaseStat btt = phases.getOrDefault(Phase.D2C, PhaseStat.EMPTY);
            PhaseStat byRequest = byRequest(requestD2c, d.device(), btt);
            if (byRequest != null) {
                Map<Phase, PhaseStat> withRequests = new java.util.EnumMap<>(Phase.class);
                withRequests.putAll(phases);
                withRequests.put(Phase.D2C, byRequest);
                phases = withRequests;
            }
            out.add(new Device(d.device(), name, names.label(d.device()), d.source(), phases,
                    d.overheadPct(), byRequest == null ? null : btt));
        }
        return out;
    }

    /**
     * The device's D2C counted once per request, where btt's row (one sample per queued bio inside its request)
     * left out most of the requests the trace timed from dispatch to completion: bios split after they were queued
     * lie inside no request, so a stream of bios larger than the queue's max_sectors_kb has almost no btt D2C. A
     * device service judged on the few left would be judged on nothing. Null where btt's row stands.
     * {@code requestD2c}: {@code BlockDistributions.requestD2c}; {@code btt}: btt's row, null where it gave none.
     */
    public static PhaseStat byRequest(List<PhaseDistribution> requestD2c, String device, PhaseStat btt) {
        PhaseDistribution all = requestD2c.stream().filter(x -> x.device().equals(device)).findFirst().orElse(null);
        return all != null && lostMost(btt == null ? 0 : btt.n(), all.n()) && all.avg() != null ? all.stat() : null;
    }

    /**
     * Why btt's D2C row left out a device's requests, from the bios queued on it ({@code queued}: its Q2G and Q2M
     * samples): none where they come from the device above (a request-based multipath leg), else bios split after
     * they were queued.
     */
    public static String whyBttLeavesOut(long queued) {
        return queued == 0 ? "no bio was queued on the device itself: its requests come from the device above it"
                : "bios split after they were queued (larger than max_sectors_kb) lie inside none";
    }

    /**
     * Whether btt's D2C row ({@code bttN} samples) left out most of the {@code requests} the trace timed from
     * dispatch to completion, where they are enough to judge.
     */
    private static boolean lostMost(long bttN, long requests) {
        return requests >= MIN_IOS.defaultValue() && bttN * LOST_MOST < requests;
    }

    /** The traced device of kernel name {@code name} ("loop0", as iostat names it), if the figures hold it. */
    public Optional<Device> device(String name) {
        return devices().stream().filter(d -> name.equals(d.name())).findFirst();
    }

    DeviceIdentities names() {
        return names;
    }

    public List<BlockTrace.Remap> remaps() {
        return trace.remaps();
    }

    /** The device's Device Overhead row and its rows of {@code phases}, when the figures came from btt. */
    public List<Evidence> bttLines(Device d, Phase... phases) {
        List<Evidence> out = new ArrayList<>();
        if (btt == null || !d.fromBtt()) {
            return out;
        }
        btt.overhead().stream().filter(o -> o.device().equals(d.id())).findFirst()
                .ifPresent(o -> out.add(o.evidence(btt.input())));
        boolean perDevice = btt.phases().stream().anyMatch(p -> p.table() == BttReport.Table.PER_DEVICE
                && p.label().equals(d.id()));
        for (Phase phase : phases) {
            btt.phases().stream()
                    .filter(p -> p.phase().equals(phase))
                    .filter(p -> perDevice ? p.table() == BttReport.Table.PER_DEVICE && p.label().equals(d.id())
                            : p.table() == BttReport.Table.ALL_DEVICES)
                    .findFirst().ifPresent(p -> out.add(p.evidence(btt.input())));
        }
        return out;
    }

    /** The captured lines of the device's {@code k} traced I/Os with the longest {@code phase}. */
    public List<Evidence> slowestLines(Device d, Phase phase, int k) {
        return slowest(d, phase, k).stream().flatMap(io -> io.lines().stream()).toList();
    }

    /** The same, of one direction's I/Os only ("reads" or "writes"). */
    public List<Evidence> slowestLines(Device d, Phase phase, String direction, int k) {
        char flag = direction.startsWith("read") ? 'R' : 'W';
        return slowest(d, phase, io -> io.rwbs().indexOf(flag) >= 0, k).stream()
                .flatMap(io -> io.lines().stream()).toList();
    }

    /**
     * The device's {@code phase} of its reads and of its writes apart, when a trace timed both (a btt
     * report has no such split, and a device that did one direction has only the whole).
     */
    public List<PhaseDistribution> byDirection(Device d, Phase phase) {
        return distributions.stream()
                .filter(x -> x.device().equals(d.id()) && x.phase() == phase && x.direction() != null && x.n() > 0)
                .toList();
    }

    /** The device's {@code phase} of all its I/Os, when a trace timed them (a btt report has no distribution). */
    public java.util.Optional<PhaseDistribution> whole(Device d, Phase phase) {
        return distributions.stream()
                .filter(x -> x.device().equals(d.id()) && x.phase() == phase && x.direction() == null && x.n() > 0)
                .findFirst();
    }

    /** The captured lines of the traced I/Os of one class (reads, writes, a process) that waited longest in the scheduler. */
    public List<Evidence> slowestOfClass(Device d, SchedulerWait cls, int k) {
        Predicate<BlockIo> member = switch (cls.label()) {
            case "reads" -> io -> io.rwbs().indexOf('R') >= 0;
            case "writes" -> io -> io.rwbs().indexOf('W') >= 0;
            default -> io -> cls.kind().equals("process") && cls.label().equals(io.comm());
        };
        return trace.slowest().stream()
                .filter(io -> io.device().equals(d.id()) && member.test(io))
                .sorted(Comparator.comparingDouble((BlockIo io) -> -(io.phases().getOrDefault(Phase.I2D, 0.0)
                        + io.phases().getOrDefault(Phase.M2D, 0.0))))
                .limit(k).flatMap(io -> io.lines().stream()).toList();
    }

    /** Whether the traced I/O comes from Oracle's processes (ora_lgwr_..., ora_dbw0_...), so Oracle's advice fits. */
    public boolean oracleWorkload() {
        return trace.slowest().stream().anyMatch(io -> io.comm() != null && io.comm().startsWith("ora_"));
    }

    /**
     * How a cause that holds requests in the host ({@code where}: "in the I/O scheduler") restates
     * iostat's await and queue of the same device: the block trace shows where they wait.
     */
    static Meaning.InsideView heldIn(String where, Metric share) {
        return (cause, iostat) -> {
            String held = cause.measurement(share).map(m -> m.display() + " of Q2C").orElse("most of Q2C");
            return "iostat's view of the same device: " + iostat.title() + ". The block trace shows where the requests "
                    + "wait: " + where + " (" + held + "), which iostat counts in await and aqu-sz.";
        };
    }

    public List<BlockIo> slowest(Device d, Phase phase, int k) {
        return slowest(d, phase, io -> true, k);
    }

    private List<BlockIo> slowest(Device d, Phase phase, Predicate<BlockIo> which, int k) {
        return trace.slowest().stream()
                .filter(io -> io.device().equals(d.id()) && io.phases().get(phase) != null && which.test(io))
                .sorted(Comparator.comparingDouble((BlockIo io) -> io.phases().get(phase)).reversed())
                .limit(k).toList();
    }
}
