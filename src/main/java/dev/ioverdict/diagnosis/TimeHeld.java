package dev.ioverdict.diagnosis;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.config.DeviceStacks;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseStat;
import java.util.List;
import java.util.Optional;

/**
 * How much time the devices of one stack hold, to tell where a stack's time is spent. Where the
 * block trace has every device of the group: the lower devices' D2C (the time in them) against the
 * upper device's Q2C (all its requests' time, the lower devices' included), summed over the
 * requests; else each finding's own time (its impact: D2C x completions, await x IOPS).
 */
record TimeHeld(double below, double above, String how) {

    boolean heldBelow() {
        return below >= StackedDevices.HELD_BELOW * above;
    }

    static TimeHeld of(List<Finding> bottoms, List<Finding> uppers, CaseData data, DeviceStacks stacks) {
        Optional<BlockSection> section = data.results().get(BlockTrace.class).map(BlockTrace::section)
                .or(() -> data.results().get(BlockSection.class));
        if (section.isPresent()) {
            double below = 0;
            double above = 0;
            boolean all = true;
            for (Finding f : bottoms) {
                Double s = total(section.get(), f, stacks, Phase.D2C);
                all &= s != null;
                below += s == null ? 0 : s;
            }
            for (Finding f : uppers) {
                Double s = total(section.get(), f, stacks, Phase.Q2C);
                all &= s != null;
                above = Math.max(above, s == null ? 0 : s);
            }
            if (all && above > 0) {
                return new TimeHeld(below, above, "D2C below " + Figures.duration(below) + " against Q2C above "
                        + Figures.duration(above) + " in the block trace");
            }
        }
        double below = bottoms.stream().mapToDouble(Finding::weight).sum();
        double above = uppers.stream().mapToDouble(Finding::weight).max().orElse(0);
        return new TimeHeld(below, above, Figures.duration(below) + " below against " + Figures.duration(above)
                + " above, as each finding measured it");
    }

    /** A phase's average x its count on the finding's device (btt's Q2Cdm for a dm device without Q2C). */
    private static Double total(BlockSection section, Finding f, DeviceStacks stacks, Phase phase) {
        String key = stacks.key(f.subject().id());
        for (BlockDeviceStats d : section.devices()) {
            if (stacks.key(d.device()).equals(key)) {
                PhaseStat p = d.phase(phase);
                if ((p.n() == 0 || p.avg() == null) && phase == Phase.Q2C) {
                    p = d.phase(Phase.Q2Cdm);
                }
                return p.n() == 0 || p.avg() == null ? null : p.avg() * p.n();
            }
        }
        return null;
    }
}
