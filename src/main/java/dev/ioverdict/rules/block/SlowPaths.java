package dev.ioverdict.rules.block;

import dev.ioverdict.analysis.config.DeviceIdentities;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.BlockTrace.Remap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.statistics.descriptive.Median;

/** Legs of a dm/multipath device (from the trace's remaps) whose D2C is far above their siblings'. */
final class SlowPaths {
    private SlowPaths() {
    }

    /** Slow leg's device id to a sentence naming the dm device and the siblings it was compared with. */
    static Map<String, String> find(List<Remap> remaps, List<BlockFigures.Device> devices, double ratio,
                                    double minAvgSeconds, DeviceIdentities names) {
        Map<String, Double> d2cAvg = new HashMap<>();
        for (BlockFigures.Device d : devices) {
            if (d.phase(Phase.D2C).n() > 0 && d.phase(Phase.D2C).avg() != null) {
                d2cAvg.put(d.id(), d.phase(Phase.D2C).avg());
            }
        }
        Map<String, List<String>> legsOf = new TreeMap<>();
        for (Remap r : remaps) {
            if (d2cAvg.containsKey(r.to()) && !legsOf.computeIfAbsent(r.from(), k -> new ArrayList<>()).contains(r.to())) {
                legsOf.get(r.from()).add(r.to());
            }
        }
        Map<String, String> slow = new LinkedHashMap<>();
        legsOf.forEach((dm, legs) -> {
            if (legs.size() < 2) {
                return;
            }
            for (String leg : legs) {
                List<String> siblings = legs.stream().filter(l -> !l.equals(leg)).toList();
                double typical = Median.withDefaults().evaluate(siblings.stream().mapToDouble(d2cAvg::get).toArray());
                double mine = d2cAvg.get(leg);
                if (mine >= minAvgSeconds && mine >= ratio * typical) {
                    slow.put(leg, "it is the slow path of " + names.label(dm) + ": D2C avg " + Figures.duration(mine)
                            + " against " + Figures.duration(typical) + " on " + String.join(", ",
                            siblings.stream().map(names::label).toList()) + " (path " + names.label(dm) + " -> "
                            + names.label(leg) + ")");
                }
            }
        });
        return slow;
    }
}
