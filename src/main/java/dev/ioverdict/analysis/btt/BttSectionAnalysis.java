package dev.ioverdict.analysis.btt;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.BttReport;
import dev.ioverdict.model.block.BttReport.MergeRow;
import dev.ioverdict.model.block.BttReport.Table;
import dev.ioverdict.model.block.Merges;
import dev.ioverdict.model.block.PhaseStat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The block section from a btt report the customer sent, when the bundle has no trace to compute
 * it from: figures computed from blkparse or perf events (an earlier analysis) always win. The
 * chosen report is also a result of its own ({@code BttReport}), for rules that quote its lines.
 */
public final class BttSectionAnalysis implements Analysis {
    /** Reads the block section and trace to fill them only where no analysis computed them from a trace. */
    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(BttReport.class, BlockSection.class, BlockTrace.class)
                .reading(BlockSection.class, BlockTrace.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        List<BttReport> reports = facts.all(BttReport.class);
        if (reports.isEmpty()) {
            return;
        }
        // btt.txt and btt -A of the same trace often come together: the -A one says more.
        BttReport chosen = reports.stream()
                .max(Comparator.comparingInt((BttReport r) -> r.phases().size() + r.overhead().size() + r.merges().size())
                        .thenComparing(BttReport::input, Comparator.reverseOrder()))
                .orElseThrow();
        results.put(BttReport.class, chosen);
        boolean traced = results.get(BlockTrace.class).map(t -> !t.section().devices().isEmpty()).orElse(false)
                || results.get(BlockSection.class).map(s -> !s.devices().isEmpty()).orElse(false);
        if (traced) {
            return;
        }
        BlockSection section = section(chosen);
        results.put(BlockSection.class, section);
        results.put(BlockTrace.class, new BlockTrace(section, List.of(), List.of(), List.of(), List.of()));
    }

    static BlockSection section(BttReport report) {
        Set<String> devices = new LinkedHashSet<>();
        report.phases().stream().filter(p -> p.table() == Table.PER_DEVICE).forEach(p -> devices.add(p.label()));
        report.overhead().forEach(o -> devices.add(o.device()));
        report.merges().forEach(m -> devices.add(m.device()));
        devices.remove(BttReport.ALL);
        List<String> sorted = new ArrayList<>(devices);
        sorted.sort(BttSectionAnalysis::byDeviceNumber);
        List<BlockDeviceStats> perDevice = new ArrayList<>();
        for (String d : sorted) {
            perDevice.add(stats(report, d, Table.PER_DEVICE));
        }
        BlockDeviceStats all = stats(report, BttReport.ALL, Table.ALL_DEVICES);
        if (all.merges() == null && !report.merges().isEmpty()) {
            long q = report.merges().stream().mapToLong(MergeRow::q).sum();
            long d = report.merges().stream().mapToLong(MergeRow::d).sum();
            all = new BlockDeviceStats(all.device(), all.source(), all.phases(), all.overheadPct(),
                    new Merges(q, d, d == 0 ? 0 : (double) q / d));
        }
        return new BlockSection(perDevice, all);
    }

    private static BlockDeviceStats stats(BttReport report, String device, Table table) {
        Map<Phase, PhaseStat> phases = new LinkedHashMap<>();
        report.phases(table, device).forEach(p -> phases.putIfAbsent(p.phase(), p.stat()));
        Map<Phase, Double> overhead = report.overhead().stream().filter(o -> o.device().equals(device))
                .findFirst().map(BttReport.OverheadRow::pct).orElse(Map.of());
        Merges merges = report.merges().stream().filter(m -> m.device().equals(device)).findFirst()
                .map(m -> new Merges(m.q(), m.d(), m.ratio())).orElse(null);
        return new BlockDeviceStats(device, "btt", phases, overhead, merges);
    }

    /** "8,0" before "8,16" before "253,0"; labels that are not numbers after, by name. */
    static int byDeviceNumber(String a, String b) {
        long ka = key(a);
        long kb = key(b);
        if (ka >= 0 && kb >= 0) {
            return Long.compare(ka, kb);
        }
        if (ka >= 0 || kb >= 0) {
            return ka >= 0 ? -1 : 1;
        }
        return a.compareTo(b);
    }

    private static long key(String device) {
        int comma = device.indexOf(',');
        if (comma <= 0) {
            return -1;
        }
        try {
            return Long.parseLong(device.substring(0, comma)) << 32 | Long.parseLong(device.substring(comma + 1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
