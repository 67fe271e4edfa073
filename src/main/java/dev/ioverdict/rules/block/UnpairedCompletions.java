package dev.ioverdict.rules.block;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.block.BlockIo;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.rules.RuleContext;
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

    static void report(RuleContext ctx, BlockTrace trace, Set<String> devicesWithD2c) {
        double outlier = ctx.threshold("outlier_ms") / 1000;
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
            var f = ctx.finding("Slow completion below the driver on path " + e.getKey() + ": D2C " + Text.sec(max))
                    .severity(Severity.WARNING)
                    .confidence(Finding.Confidence.MEDIUM)
                    .summary(ios.size() + " I/O(s) on " + e.getKey() + " (path " + worst.path() + ") took up to "
                            + Text.sec(max) + " from issue (D) to completion (C), while issuing took "
                            + Text.sec(worst.phases().getOrDefault(Phase.A2D, 0.0)) + " after the remap (A). The trace "
                            + "has no Q for this device, so btt pairs nothing here; these completions are followed "
                            + "from D to C directly. The time is spent below the driver: device, HBA, fabric or array.")
                    .recommendation("Escalate to the storage side with these lines: the path device " + e.getKey()
                            + " (its LUN and H:C:T:L from 'multipath -ll' and 'lsblk -o NAME,MAJ:MIN,HCTL,WWN'), the "
                            + "issue and completion times quoted below, and the I/O type. For btt's full figures, trace "
                            + "the multipath device and its paths together: blktrace -d /dev/dm-N -d /dev/sdX ...")
                    .metric("device", e.getKey())
                    .metric("devno", e.getKey())
                    .metric("path", worst.path())
                    .metric("d2cMax", Text.round(max))
                    .metric("ios", ios.size())
                    .weight(ios.stream().mapToDouble(io -> io.phases().get(Phase.D2C)).sum());
            ios.stream().limit(3).forEach(io -> f.evidence(io.lines()));
            f.report();
        }
    }
}
