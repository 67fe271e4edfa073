package dev.ioverdict.analysis.consistency;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.ConsistencyNote;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.Figures;
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
    public void finish(Facts facts, Results results) {
        List<ConsistencyNote> notes = new ArrayList<>();
        results.get(BttReport.class).ifPresent(btt -> notes.addAll(btt(btt)));
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

    private static double share(PhaseStat p, PhaseStat q2c) {
        return p.avg() == null ? 0 : 100 * p.avg() * p.n() / (q2c.avg() * q2c.n());
    }
}
