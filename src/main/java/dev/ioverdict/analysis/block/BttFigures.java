package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.Merges;
import dev.ioverdict.model.block.PhaseStat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * btt's tables from the tracked samples (output.c): the averages per device and for all
 * devices, Device Overhead and Device Merge Information, with btt's row conditions and its
 * rounding (averages to 9 decimals, overheads to 4, ratios to 1).
 */
final class BttFigures {
    private static final Phase[] OVERHEAD = Phase.OVERHEAD.toArray(new Phase[0]);

    private BttFigures() {
    }

    static BlockSection section(BttTracker tracker, String source) {
        List<BttDevice> shown = new ArrayList<>();
        for (BttDevice d : tracker.devices()) {
            if (d.nQs > 0 || d.nDs > 0) {
                shown.add(d);
            }
        }
        boolean micro = !source.equals("blkparse") && microseconds(tracker);
        List<BlockDeviceStats> devices = new ArrayList<>();
        for (BttDevice d : shown) {
            devices.add(new BlockDeviceStats(d.name, source, phases(d, micro), overhead(d), merges(d)));
        }
        return new BlockSection(devices, all(tracker, shown, source, micro));
    }

    /**
     * Whether every delta is a whole number of microseconds (or btt's 1 ns for a zero delta): perf
     * script's time stamps without --ns. Those figures keep that resolution, so a zero delta reads
     * 0 s rather than btt's 1 ns, and a percentile no finer than the stamps it comes from.
     */
    private static boolean microseconds(BttTracker tracker) {
        boolean any = false;
        for (BttDevice d : tracker.devices()) {
            for (Phase p : Phase.BTT) {
                PhaseSamples s = d.samples(p);
                if (s != null && s.n > 0) {
                    any = true;
                    if (s.min % 1000 != 0 && s.min != 1 || s.max % 1000 != 0 && s.max != 1) {
                        return false;
                    }
                }
            }
        }
        return any;
    }

    private static PhaseStat stat(PhaseSamples s, boolean micro) {
        PhaseStat x = s.stat();
        if (!micro) {
            return x;
        }
        return new PhaseStat(x.n(), micros(x.min()), x.avg(), micros(x.max()), micros(x.p50()), micros(x.p95()),
                micros(x.p99()));
    }

    private static Double micros(Double seconds) {
        return seconds == null ? null : Math.round(seconds * 1e6) / 1e6;
    }

    private static Map<Phase, PhaseStat> phases(BttDevice d, boolean micro) {
        Map<Phase, PhaseStat> out = new LinkedHashMap<>();
        for (Phase p : Phase.BTT) {
            PhaseSamples s = d.samples(p);
            if (s != null && s.n > 0) {
                out.put(p, stat(s, micro));
            }
        }
        return out;
    }

    /** A device's Device Overhead row: btt prints one when it has Q2C samples with a total. */
    private static Map<Phase, Double> overhead(BttDevice d) {
        Map<Phase, Double> out = new LinkedHashMap<>();
        long q2c = d.total(Phase.Q2C);
        if (d.n(Phase.Q2C) > 0 && q2c > 0) {
            for (Phase p : OVERHEAD) {
                out.put(p, Btt.round(100.0 * (double) d.total(p) / (double) q2c, 4));
            }
        }
        return out;
    }

    /** A device's Device Merge Information row, printed when it has both Qs and Ds; else null. */
    private static Merges merges(BttDevice d) {
        if (d.nQs == 0 || d.nDs == 0) {
            return null;
        }
        long q = Math.max(d.nQs, d.nDs);
        return new Merges(q, d.nDs, Btt.round((double) q / (double) d.nDs, 1));
    }

    private static BlockDeviceStats all(BttTracker tracker, List<BttDevice> shown, String source, boolean micro) {
        Map<Phase, PhaseStat> phases = new LinkedHashMap<>();
        for (Phase p : Phase.BTT) {
            PhaseSamples all;
            if (p == Phase.Q2Q) {
                all = tracker.allQ2q();
            } else if (p == Phase.Q2Qdm) {
                all = tracker.allQ2qDm();
            } else {
                all = new PhaseSamples();
                for (BttDevice d : tracker.devices()) {
                    all.merge(d.samples(p));
                }
            }
            if (all.n > 0) {
                phases.put(p, stat(all, micro));
            }
        }
        return new BlockDeviceStats("all", source, phases, overall(shown), totalMerges(shown));
    }

    /** The Overall row of Device Overhead: sums over the devices that have a row. */
    private static Map<Phase, Double> overall(List<BttDevice> devices) {
        long[] n = new long[OVERHEAD.length];
        long[] total = new long[OVERHEAD.length];
        long q2c = 0;
        for (BttDevice d : devices) {
            if (d.n(Phase.Q2C) > 0 && d.total(Phase.Q2C) > 0) {
                for (int i = 0; i < OVERHEAD.length; i++) {
                    n[i] += d.n(OVERHEAD[i]);
                    total[i] += d.total(OVERHEAD[i]);
                }
                q2c += d.total(Phase.Q2C);
            }
        }
        Map<Phase, Double> out = new LinkedHashMap<>();
        boolean any = false;
        for (long x : n) {
            any |= x > 0;
        }
        if (any) {
            for (int i = 0; i < OVERHEAD.length; i++) {
                out.put(OVERHEAD[i], n[i] == 0 ? 0.0 : Btt.round(100.0 * ((double) total[i] / q2c), 4));
            }
        }
        return out;
    }

    /** The TOTAL row of Device Merge Information (btt divides as float there); one row: that row. */
    private static Merges totalMerges(List<BttDevice> devices) {
        long q = 0;
        long d = 0;
        int rows = 0;
        Merges only = null;
        for (BttDevice dev : devices) {
            Merges m = merges(dev);
            if (m != null) {
                rows++;
                only = m;
                q += m.q();
                d += m.d();
            }
        }
        if (rows <= 1) {
            return only;
        }
        return new Merges(q, d, Btt.round((float) q / (float) d, 1));
    }
}
