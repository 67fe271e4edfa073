package dev.ioverdict.model.block;

import dev.ioverdict.model.Evidence;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * btt's own text report as a customer sent it, row by row with the line each came from (for
 * evidence). Device labels are normalised to "8,0"; btt's "Overall" and "TOTAL" rows are "all".
 * {@code others} keeps the rows of the sections ioverdict only recognises (seek, plug, active
 * requests, active periods, Q2D histogram) as btt printed them.
 */
public record BttReport(String input, List<PhaseRow> phases, List<OverheadRow> overhead, List<MergeRow> merges,
                        List<Row> others) implements BlockFact {
    public static final String ALL = "all";

    public BttReport {
        phases = List.copyOf(phases);
        overhead = List.copyOf(overhead);
        merges = List.copyOf(merges);
        others = List.copyOf(others);
    }

    /** Which phase table a row sits in: All Devices, or the -A Per Device / Per Process tables. */
    public enum Table { ALL_DEVICES, PER_DEVICE, PER_PROCESS }

    /** One MIN/AVG/MAX/N row; {@code label} is the device ("all" in All Devices) or the process. */
    public record PhaseRow(Table table, String label, Phase phase, PhaseStat stat, long line, String text) {
        public Evidence evidence(String input) {
            return new Evidence(input, line, text);
        }
    }

    /** One Device Overhead row: percent of Q2C time per phase (Q2G, G2I, Q2M, I2D, D2C). */
    public record OverheadRow(String device, Map<Phase, Double> pct, long line, String text) {
        public OverheadRow {
            pct = Phases.copy(pct);
        }

        public Evidence evidence(String input) {
            return new Evidence(input, line, text);
        }
    }

    /** One Device Merge Information row (block counts in 512-byte sectors). */
    public record MergeRow(String device, long q, long d, double ratio, long blkMin, long blkAvg, long blkMax,
                           long total, long line, String text) {
    }

    /** A row of a section kept as printed: its label and the cells after the first '|'. */
    public record Row(String section, String label, List<String> cells, long line, String text) {
        public Row {
            cells = List.copyOf(cells);
        }
    }

    public List<PhaseRow> phases(Table table, String label) {
        return phases.stream().filter(p -> p.table() == table && p.label().equals(label)).toList();
    }

    public boolean hasPerDevice() {
        return phases.stream().anyMatch(p -> p.table() == Table.PER_DEVICE);
    }
}
