package dev.ioverdict.analysis.consistency;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.ConsistencyNote;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.BttReport;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseStat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks the bundle's sources against each other before anything is judged: a btt report whose
 * Device Overhead table does not follow from its own phase rows (hand-edited, or pasted together
 * from two runs) gets one note, and every figure drawn from it can say so.
 */
public final class ConsistencyAnalysis implements Analysis {
    /** Shares further apart than this (percentage points, and a factor of two) disagree. */
    static final double POINTS = 10;

    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(ConsistencyNotes.class).reading(BttReport.class, BlockSection.class, BlockTrace.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        List<ConsistencyNote> notes = new ArrayList<>();
        results.get(BttReport.class).ifPresent(btt -> notes.addAll(btt(btt)));
        results.get(BlockSection.class).ifPresent(block -> notes.addAll(partsAboveTheWhole(block,
                results.get(BttReport.class).orElse(null), results.get(BlockTrace.class).orElse(null))));
        results.put(ConsistencyNotes.class, new ConsistencyNotes(notes));
    }

    static List<ConsistencyNote> btt(BttReport report) {
        List<ConsistencyNote> out = new ArrayList<>();
        for (BttReport.OverheadRow row : report.overhead()) {
            boolean all = row.device().equals(BttReport.ALL);
            List<BttReport.PhaseRow> phases = report.phases(all ? BttReport.Table.ALL_DEVICES : BttReport.Table.PER_DEVICE,
                    row.device());
            if (phases.isEmpty() && report.overhead().size() == 1) {
                phases = report.phases(BttReport.Table.ALL_DEVICES, BttReport.ALL);
            }
            Optional<BttReport.PhaseRow> q2c = phases.stream().filter(p -> p.phase() == Phase.Q2C).findFirst();
            if (q2c.isEmpty() || q2c.get().stat().avg() == null || q2c.get().stat().n() == 0) {
                continue;
            }
            List<String> clashes = new ArrayList<>();
            List<Evidence> lines = new ArrayList<>(List.of(row.evidence(report.input()), q2c.get().evidence(report.input())));
            for (Map.Entry<Phase, Double> e : row.pct().entrySet()) {
                Optional<BttReport.PhaseRow> p = phases.stream().filter(x -> x.phase() == e.getKey()).findFirst();
                double fromRows = p.map(x -> share(x.stat(), q2c.get().stat())).orElse(0.0);
                double printed = e.getValue();
                if (Math.abs(fromRows - printed) >= POINTS && Math.max(fromRows, printed) >= 2 * Math.min(fromRows, printed)) {
                    clashes.add(e.getKey() + " " + Figures.percent(printed) + " in the table, "
                            + Figures.percent(fromRows) + " from its own " + e.getKey() + " row");
                    p.ifPresent(x -> lines.add(x.evidence(report.input())));
                }
            }
            if (!clashes.isEmpty()) {
                out.add(new ConsistencyNote(row.device(), "btt's Device Overhead table for "
                        + (all ? "all devices" : row.device())
                        + " does not follow from its own phase rows (" + String.join("; ", clashes) + "). The report "
                        + "may have been edited or put together from two runs; figures drawn from either are doubtful. "
                        + "Ask for the unedited btt output, or the blktrace files, to settle it.", lines));
            }
        }
        return out;
    }

    /**
     * Device Overhead shares above 100 % of Q2C, alone or as the Q2G + G2I and I2D + M2D sums the
     * rules judge: a part larger than its whole. btt sums each phase over the I/Os that reached
     * its end in the capture, so a trace that lost completions (or a capture cut while requests
     * waited) counts Q2G over many I/Os and Q2C over few. The report withholds those shares and no
     * rule judges them; this note says why, with the figures that disagree.
     */
    static List<ConsistencyNote> partsAboveTheWhole(BlockSection block, BttReport btt, BlockTrace trace) {
        List<ConsistencyNote> out = new ArrayList<>();
        List<BlockDeviceStats> all = new ArrayList<>(block.devices());
        if (block.all() != null) {
            all.add(block.all());
        }
        for (BlockDeviceStats d : all) {
            Map<Phase, Double> pct = d.overheadPct();
            List<String> broken = new ArrayList<>();
            for (Map.Entry<Phase, Double> e : pct.entrySet()) {
                if (e.getValue() != null && e.getValue() > 100) {
                    broken.add(e.getKey() + " " + Figures.percent(e.getValue()));
                }
            }
            double q2gG2i = pct.getOrDefault(Phase.Q2G, 0.0) + pct.getOrDefault(Phase.G2I, 0.0);
            if (q2gG2i > 100 && pct.getOrDefault(Phase.Q2G, 0.0) <= 100 && pct.getOrDefault(Phase.G2I, 0.0) <= 100) {
                broken.add("Q2G + G2I " + Figures.percent(q2gG2i));
            }
            PhaseStat q2c = d.phase(Phase.Q2C);
            double i2d = pct.getOrDefault(Phase.I2D, 0.0);
            double m2d = q2c.avg() == null || q2c.n() == 0 ? 0 : share(d.phase(Phase.M2D), q2c);
            if (i2d + m2d > 100 && i2d <= 100 && m2d <= 100) {
                broken.add("I2D + M2D " + Figures.percent(i2d + m2d));
            }
            if (broken.isEmpty()) {
                continue;
            }
            List<String> counts = new ArrayList<>();
            for (Phase p : List.of(Phase.Q2G, Phase.G2I, Phase.I2D, Phase.D2C)) {
                if (d.phase(p).n() > q2c.n()) {
                    counts.add(p + " over " + Figures.count(d.phase(p).n()) + " I/Os");
                }
            }
            String name = d.device().equals("all") ? "all devices" : d.device();
            List<Evidence> lines = new ArrayList<>();
            if (btt != null && "btt".equals(d.source())) {
                btt.overhead().stream().filter(o -> o.device().equals(d.device())).findFirst()
                        .ifPresent(o -> lines.add(o.evidence(btt.input())));
            }
            if (trace != null) {
                // the slowest traced I/O of the device: its lines name the input and show its clock
                trace.slowest().stream().filter(io -> d.device().equals("all") || io.device().equals(d.device()))
                        .findFirst().ifPresent(io -> lines.addAll(io.lines()));
            }
            List<String> inputs = lines.stream().map(Evidence::input).distinct().toList();
            out.add(new ConsistencyNote(d.device(), "The " + d.source() + " data"
                    + (inputs.isEmpty() ? "" : " (" + String.join(", ", inputs) + ")") + " give shares of Q2C above 100 % on "
                    + name + " (" + String.join(", ", broken) + "), a part larger than its whole: Q2C counts "
                    + Figures.count(q2c.n()) + " completed I/Os" + (counts.isEmpty() ? "" : ", " + String.join(", ", counts))
                    + ". Completions were lost or the capture ended while requests waited. These shares are withheld "
                    + "and no rule judges them; the per-phase averages above still hold for the I/Os each one counts.",
                    lines));
        }
        return out;
    }

    private static double share(PhaseStat p, PhaseStat q2c) {
        return p.avg() == null ? 0 : 100 * p.avg() * p.n() / (q2c.avg() * q2c.n());
    }
}
