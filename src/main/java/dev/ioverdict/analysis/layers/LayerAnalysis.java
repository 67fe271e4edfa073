package dev.ioverdict.analysis.layers;

import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.model.Figures;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.analysis.consistency.ConsistencyNotes;
import dev.ioverdict.model.ConsistencyNote;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.Invariants;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.analysis.syscall.SlowestWaits;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.model.fio.FioJob;
import dev.ioverdict.model.block.BlockDistributions;
import dev.ioverdict.model.block.PhaseDistribution;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.iostat.IostatSection;
import dev.ioverdict.model.iostat.Periods;
import dev.ioverdict.model.layers.LayerTimes;
import dev.ioverdict.model.layers.LayerTimes.Row;
import dev.ioverdict.model.syscall.PhysicalDeviceStat;
import dev.ioverdict.model.syscall.SyscallSection;
import dev.ioverdict.model.syscall.SyscallStat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Lines up what each layer measured for an I/O: the application's I/O syscalls, the block layer's
 * Q2C, the scheduler's I2D, request allocation (Q2G+G2I) and the device (D2C, iostat await,
 * LinuxKI avserv). Runs after the analyses whose results it reads.
 */
public final class LayerAnalysis implements Analysis {
    /** The syscalls in which an application waits for I/O. */
    private static final Set<String> IO_SYSCALLS = Set.of("io_submit", "io_getevents", "io_pgetevents",
            "pread64", "pwrite64", "preadv", "pwritev", "preadv2", "pwritev2", "read", "write", "fsync",
            "fdatasync", "io_uring_enter");

    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(LayerTimes.class).reading(SyscallSection.class, StorageConfig.class,
                BlockSection.class, IostatSection.class, ConsistencyNotes.class, SlowestWaits.class, BlockTrace.class,
                BlockDistributions.class, Periods.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        List<Row> rows = new ArrayList<>();
        results.get(SyscallSection.class).ifPresent(s -> rows.addAll(applicationRows(s)));
        rows.addAll(fioRows(facts));
        StorageConfig names = results.get(StorageConfig.class).orElse(null);
        List<PhaseDistribution> byDirection = results.get(BlockDistributions.class)
                .map(BlockDistributions::distributions).orElse(List.of());
        results.get(BlockSection.class).ifPresent(b -> rows.addAll(blockRows(b, names, byDirection)));
        results.get(IostatSection.class)
                .ifPresent(i -> rows.addAll(iostatRows(i, results.get(Periods.class).orElse(Periods.NONE))));
        results.get(SyscallSection.class).ifPresent(s -> rows.addAll(linuxKiDeviceRows(facts)));
        if (rows.isEmpty()) {
            return;
        }
        List<ConsistencyNote> doubts = results.get(ConsistencyNotes.class).map(ConsistencyNotes::notes).orElse(List.of());
        var paths = IoPaths.of(results.get(SlowestWaits.class).orElse(null), results.get(BlockTrace.class).orElse(null));
        results.put(LayerTimes.class, new LayerTimes(Attribution.sentence(rows, doubts,
                results.get(SyscallSection.class).map(SyscallSection::byProcess).orElse(List.of())), rows,
                paths.map(IoPaths.Result::paths).orElse(null), paths.map(IoPaths.Result::note).orElse(null)));
    }

    /** Fewer calls than this are start-up or housekeeping, not the application's I/O path. */
    static final int MIN_CALLS = 10;

    /** One row per I/O syscall, from the most precise source that measured it. */
    static List<Row> applicationRows(SyscallSection s) {
        List<Row> all = allApplicationRows(s);
        List<Row> frequent = all.stream().filter(r -> r.n() >= MIN_CALLS).toList();
        return frequent.isEmpty() ? all : frequent;
    }

    private static List<Row> allApplicationRows(SyscallSection s) {
        List<Row> out = new ArrayList<>();
        for (String name : IO_SYSCALLS.stream().sorted().toList()) {
            s.byName().stream()
                    .filter(x -> x.name().equals(name) && x.count() > 0 && x.avg() != null)
                    .min(Comparator.comparingInt((SyscallStat x) -> rank(x.source())).thenComparing(SyscallStat::input))
                    .ifPresent(x -> out.add(new Row("application", name, x.source(), x.input(), x.count(), x.avg(),
                            x.p99(), x.max())));
        }
        return out;
    }

    /** fio's own view of each job: slat is the submission (io_submit for libaio), clat the wait for completion. */
    static List<Row> fioRows(Facts facts) {
        List<Row> out = new ArrayList<>();
        for (FioJob j : facts.all(FioJob.class)) {
            long n = j.issued() == null ? 0 : j.issued();
            String scope = j.job() + (j.pid() == null ? "" : " (pid " + j.pid() + ")");
            if (j.slat() != null) {
                out.add(new Row("application", "fio " + j.direction() + " slat (submission)", "fio", scope, n,
                        j.slat().avg(), null, j.slat().max()));
            }
            if (j.clat() != null) {
                // fio's percentiles are the bounds of its histogram's bins: one can lie past the exact max
                Double p99 = Invariants.within(j.clatPercentiles().get("99.00"), j.clat().min(), j.clat().max());
                out.add(new Row("application", "fio " + j.direction() + " clat (completion"
                        + (p99 == null ? "" : "; p99 from fio's histogram") + ")", "fio", scope, n,
                        j.clat().avg(), p99, j.clat().max()));
            }
        }
        return out;
    }

    /** Devices shown one by one, those holding the most block-layer time first. */
    static final int MAX_DEVICES = 4;

    /**
     * The block layer's phases per device, never averaged over devices (a dm device and its paths,
     * or a fast disk and a slow one, would make a figure that is true of none); btt text without
     * per-device tables gives only all devices together, and says so.
     */
    static List<Row> blockRows(BlockSection section, StorageConfig names) {
        return blockRows(section, names, List.of());
    }

    /** The same, with Q2C and D2C of reads and of writes apart where a device did both. */
    static List<Row> blockRows(BlockSection section, StorageConfig names, List<PhaseDistribution> byDirection) {
        List<Row> out = new ArrayList<>();
        List<BlockDeviceStats> devices = section.devices().stream()
                .filter(d -> q2c(d).n() > 0 || d.phase(Phase.D2C).n() > 0)
                .sorted(Comparator.comparingDouble((BlockDeviceStats d) -> -time(q2c(d))).thenComparing(BlockDeviceStats::device))
                .limit(MAX_DEVICES).toList();
        if (devices.isEmpty() && section.all() != null) {
            // btt without -A: with one device, the All Devices table is that device's
            String scope = section.devices().size() == 1
                    ? (names == null ? section.devices().get(0).device() : names.label(section.devices().get(0).device()))
                    : "all devices (no per-device figures)";
            rows(out, section.all(), scope);
            return out;
        }
        for (BlockDeviceStats d : devices) {
            String scope = names == null ? d.device() : names.label(d.device());
            rows(out, d, scope);
            directionRows(out, d.device(), d.source(), scope, byDirection);
        }
        return out;
    }

    private static void rows(List<Row> out, BlockDeviceStats d, String scope) {
        phase(out, "block", "Q2C (queued to completed)", d, d.phases().containsKey(Phase.Q2C) ? Phase.Q2C : Phase.Q2Cdm,
                scope);
        phase(out, "allocation", "Q2G (waiting for a request)", d, Phase.Q2G, scope);
        phase(out, "allocation", "G2I (request to insert)", d, Phase.G2I, scope);
        phase(out, "scheduler", "I2D (in the I/O scheduler)", d, Phase.I2D, scope);
        phase(out, "scheduler", "M2D (merged, in the I/O scheduler)", d, Phase.M2D, scope);
        phase(out, "device", "D2C (driver, HBA, device)", d, Phase.D2C, scope);
    }

    /**
     * Q2C and D2C of reads and of writes, each its own row: a device that serves writes in 2 ms and
     * starves 88 reads for 100 ms averages to "20 ms" overall, a figure true of neither.
     */
    private static void directionRows(List<Row> out, String device, String source, String scope,
                                      List<PhaseDistribution> byDirection) {
        // the tracker splits one queue-to-completion histogram per direction, filed under Q2C and Q2Cdm alike
        for (List<Phase> phases : List.of(List.of(Phase.Q2C, Phase.Q2Cdm), List.of(Phase.D2C))) {
            for (String direction : List.of("reads", "writes")) {
                byDirection.stream().filter(p -> p.device().equals(device) && phases.contains(p.phase())
                        && direction.equals(p.direction()) && p.n() > 0 && p.avg() != null).findFirst()
                        .ifPresent(p -> out.add(new Row(p.phase() == Phase.D2C ? "device" : "block",
                                (p.phase() == Phase.D2C ? "D2C" : "Q2C") + " of " + direction, source, scope, p.n(), p.avg(),
                                p.percentile(99), p.upTo()[p.upTo().length - 1])));
            }
        }
    }

    static PhaseStat q2c(BlockDeviceStats d) {
        return d.phases().containsKey(Phase.Q2C) ? d.phase(Phase.Q2C) : d.phase(Phase.Q2Cdm);
    }

    private static double time(PhaseStat p) {
        return p.avg() == null ? 0 : p.avg() * p.n();
    }

    private static void phase(List<Row> out, String layer, String what, BlockDeviceStats s, Phase name, String scope) {
        PhaseStat p = s.phases().get(name);
        if (p == null || p.n() == 0 || p.avg() == null) {
            return;
        }
        out.add(new Row(layer, what, s.source(), scope, p.n(), p.avg(), p.p99(), p.max()));
    }

    /** The response time iostat gives for each busy device (await, r/w_await, svc_t, asvc_t), in seconds. */
    static List<Row> iostatRows(IostatSection section, Periods periods) {
        List<Row> out = new ArrayList<>();
        // several captures in one bundle: each row says which one, or sd0 shows up four times unexplained
        Map<String, String> captureOf = new java.util.HashMap<>();
        if (section.devices().stream().map(IostatDevice::input).distinct().count() > 1) {
            section.devices().forEach(d -> captureOf.put(d.input(), d.input()));
            periods.periods().forEach(p -> captureOf.put(p.input(), p.label()));
        }
        for (IostatDevice d : section.devices()) {
            if (d.idle() || d.samples() == 0) {
                continue;
            }
            String column = null;
            IostatDevice.Stat best = null;
            for (Map.Entry<String, IostatDevice.Stat> e : d.metrics().entrySet()) {
                String k = e.getKey();
                boolean response = k.equals("await") || k.endsWith("_await") || k.equals("svc_t") || k.equals("asvc_t");
                if (response && (best == null || e.getValue().avg() > best.avg())) {
                    best = e.getValue();
                    column = k;
                }
            }
            if (best != null && best.max() > 0) {
                String scope = captureOf.containsKey(d.input()) ? d.device() + " (" + captureOf.get(d.input()) + ")"
                        : d.device();
                out.add(new Row("device", "iostat " + column, "iostat", scope, d.samples(), best.avg() / 1000,
                        null, best.max() / 1000));
            }
        }
        return out;
    }

    static List<Row> linuxKiDeviceRows(Facts facts) {
        List<Row> out = new ArrayList<>();
        for (PhysicalDeviceStat p : facts.all(PhysicalDeviceStat.class)) {
            if (!"t".equals(p.rw()) || p.total() == null || p.total() == 0) {
                continue;
            }
            out.add(new Row("device", "LinuxKI avserv", "linuxki", p.device() != null ? p.device() : p.devT(),
                    p.total(), p.avservMs() / 1000, null, p.maxservMs() == null ? null : p.maxservMs() / 1000));
        }
        return out;
    }

    private static int rank(String source) {
        return InputFormats.tracerRank(source);
    }

    static String ms(double seconds) {
        return Figures.duration(seconds);
    }
}
