package dev.ioverdict.rules.block;

import dev.ioverdict.analysis.config.KernelMajors;
import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.block.BlockIo;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.SubjectMetrics;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Slow completions on devices btt cannot pair: paths of a multipath device that show A, D and C but
 * no Q (seed 000's excerpt), where btt prints no D2C at all. The tracker follows them from D to C;
 * an outlier there is as much device time as any other, so it is reported, with medium confidence
 * because btt's own figures cannot confirm it.
 */
final class UnpairedCompletions {
    public static final Metric PATH = Metric.text("path", "path");
    public static final Metric D2C_MAX = Metric.duration("d2cMax", "D2C maximum");
    public static final Metric IOS = Metric.count("ios", "slow completions");

    private UnpairedCompletions() {
    }

    /** The physical end of an I/O's path, e.g. "70,592" of "252,169 -> 70,592". */
    static String leg(BlockIo io) {
        String p = io.path() == null || io.path().isEmpty() ? io.device() : io.path();
        int arrow = p.lastIndexOf("-> ");
        return arrow < 0 ? p.strip() : p.substring(arrow + 3).strip();
    }

    /** "252,169 -> 70,592 (3 of the 3 slowest)": the path most of a device's slowest I/Os took, if any. */
    static String dominantPath(BlockTrace trace, String device) {
        List<BlockIo> mine = trace.slowest().stream().filter(io -> io.device().equals(device)
                && io.path() != null && io.path().contains("->")).limit(5).toList();
        if (mine.isEmpty()) {
            return null;
        }
        Map<String, Long> byPath = mine.stream().collect(Collectors.groupingBy(BlockIo::path, LinkedHashMap::new,
                Collectors.counting()));
        var top = byPath.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
        return top.getKey() + " (" + top.getValue() + " of the " + mine.size() + " slowest)";
    }

    static void report(RuleContext ctx, BlockTrace trace, Set<String> devicesWithD2c, double outlier) {
        Map<String, List<BlockIo>> byLeg = new LinkedHashMap<>();
        for (BlockIo io : trace.slowest()) {
            Double d2c = io.phases().get(Phase.D2C);
            String leg = leg(io);
            if (d2c != null && d2c >= outlier && !devicesWithD2c.contains(leg) && !devicesWithD2c.contains(io.device())) {
                byLeg.computeIfAbsent(leg, k -> new ArrayList<>()).add(io);
            }
        }
        for (Map.Entry<String, List<BlockIo>> e : byLeg.entrySet()) {
            List<BlockIo> ios = e.getValue().stream()
                    .sorted(Comparator.comparingDouble((BlockIo io) -> io.phases().get(Phase.D2C)).reversed()).toList();
            BlockIo worst = ios.get(0);
            double max = worst.phases().get(Phase.D2C);
            String leg = e.getKey();
            String name = ctx.optional(Inputs.STORAGE).flatMap(c -> c.deviceName(leg)).orElse(KernelMajors.name(leg));
            String label = ctx.optional(Inputs.STORAGE).map(c -> c.label(leg)).orElseGet(() -> name != null
                    ? name + " (" + leg + ")" : leg);
            var f = ctx.finding(Subject.device(name != null ? name : leg, label),
                            "Slow completion below the driver on path " + leg + ": D2C " + Figures.duration(max))
                    .severity(Severity.WARNING)
                    .doubt(Confidence.MEDIUM, "btt pairs nothing on this path (no Q): its own figures cannot confirm "
                            + "these completions")
                    .summary(ios.size() + " I/O(s) on " + leg + " (path " + worst.path() + ") took up to "
                            + Figures.duration(max) + " from issue (D) to completion (C), while issuing took "
                            + Figures.duration(worst.phases().getOrDefault(Phase.A2D, 0.0)) + " after the remap (A). The trace "
                            + "has no Q for this device, so btt pairs nothing here; these completions are followed "
                            + "from D to C directly. The time is spent below the driver: device, HBA, fabric or array.")
                    .recommendation("Escalate to the storage side with these lines: the path device " + leg
                            + " (its LUN and H:C:T:L from 'multipath -ll' and 'lsblk -o NAME,MAJ:MIN,HCTL,WWN'), the "
                            + "issue and completion times quoted below, and the I/O type. For btt's full figures, trace "
                            + "the multipath device and its paths together: blktrace -d /dev/dm-N -d /dev/sdX ...")
                    .source(EvidenceKind.BLOCK_TRACE)
                    .text(SubjectMetrics.DEVICE, leg)
                    .text(SubjectMetrics.DEVNO, leg)
                    .text(PATH, worst.path())
                    .figure(D2C_MAX, max)
                    .figure(IOS, ios.size())
                    .impact(Impact.measured(ios.stream().mapToDouble(io -> io.phases().get(Phase.D2C)).sum(),
                            "sum of the D2C of these completions"));
            ios.stream().limit(3).forEach(io -> f.evidence(io.lines()));
            f.report();
        }
    }
}
