package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.Phase;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.Merges;
import dev.ioverdict.model.block.PhaseStat;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compares ioverdict's block figures with btt's, as btt2json.py read them from btt's own text
 * (blkgen's expected.json): every figure at the precision btt prints it. Returns the differences.
 */
final class BttOracle {
    private BttOracle() {
    }

    static List<String> differences(JsonNode expected, BlockSection section) {
        List<String> diffs = new ArrayList<>();
        comparePhases("all", expected.path("all_devices"), section.all(), false, diffs);
        Set<String> btts = new HashSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = expected.path("per_device").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            btts.add(e.getKey());
            BlockDeviceStats ours = device(section, e.getKey());
            if (ours == null) {
                diffs.add(e.getKey() + ": btt has the device, ioverdict has not");
                continue;
            }
            comparePhases(e.getKey(), e.getValue(), ours, true, diffs);
        }
        for (BlockDeviceStats d : section.devices()) {
            boolean hasPhases = d.phases().keySet().stream().anyMatch(p -> !p.equals(Phase.M2D));
            if (hasPhases && !btts.contains(d.device())) {
                diffs.add(d.device() + ": ioverdict has phases " + d.phases().keySet() + ", btt has no row");
            }
        }
        compareOverhead(expected.path("device_overhead"), section, diffs);
        compareMerges(expected.path("merge"), section, diffs);
        return diffs;
    }

    private static BlockDeviceStats device(BlockSection section, String name) {
        return section.devices().stream().filter(d -> d.device().equals(name)).findFirst().orElse(null);
    }

    private static void comparePhases(String where, JsonNode want, BlockDeviceStats ours, boolean perDevice,
                                      List<String> diffs) {
        Set<String> wanted = new HashSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = want.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String phase = e.getKey();
            wanted.add(phase);
            PhaseStat got = Phase.byName(phase).map(ours.phases()::get).orElse(null);
            JsonNode w = e.getValue();
            if (got == null) {
                diffs.add(where + " " + phase + ": btt n=" + w.path("n").asLong() + ", ioverdict none");
                continue;
            }
            if (got.n() != w.path("n").asLong()) {
                diffs.add(where + " " + phase + " n: btt " + w.path("n").asLong() + ", ioverdict " + got.n());
            }
            check(where + " " + phase + " min", w.path("min"), got.min(), 9, diffs);
            check(where + " " + phase + " avg", w.path("avg"), got.avg(), 9, diffs);
            check(where + " " + phase + " max", w.path("max"), got.max(), 9, diffs);
        }
        for (Phase phase : ours.phases().keySet()) {
            // btt prints M2D only for All Devices, though it keeps it per device too
            if (!wanted.contains(phase.name()) && !(perDevice && phase == Phase.M2D)) {
                diffs.add(where + " " + phase + ": ioverdict n=" + ours.phases().get(phase).n() + ", btt has no row");
            }
        }
    }

    private static void compareOverhead(JsonNode want, BlockSection section, List<String> diffs) {
        for (Iterator<Map.Entry<String, JsonNode>> it = want.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            BlockDeviceStats ours = e.getKey().equals("Overall") ? section.all() : device(section, e.getKey());
            if (ours == null) {
                diffs.add("overhead " + e.getKey() + ": no such device");
                continue;
            }
            for (Iterator<Map.Entry<String, JsonNode>> cols = e.getValue().fields(); cols.hasNext(); ) {
                Map.Entry<String, JsonNode> c = cols.next();
                check("overhead " + e.getKey() + " " + c.getKey(), c.getValue(), Phase.byName(c.getKey()).map(ours.overheadPct()::get).orElse(null), 4,
                        diffs);
            }
        }
        for (BlockDeviceStats d : section.devices()) {
            if (!d.overheadPct().isEmpty() && !want.has(d.device())) {
                diffs.add("overhead " + d.device() + ": ioverdict has a row, btt not");
            }
        }
        if (!section.all().overheadPct().isEmpty() && !want.has("Overall")) {
            diffs.add("overhead Overall: ioverdict has a row, btt not");
        }
    }

    private static void compareMerges(JsonNode want, BlockSection section, List<String> diffs) {
        int rows = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = want.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equals("TOTAL")) {
                compareMerge("TOTAL", e.getValue(), section.all().merges(), diffs);
                continue;
            }
            rows++;
            BlockDeviceStats ours = device(section, e.getKey());
            compareMerge(e.getKey(), e.getValue(), ours == null ? null : ours.merges(), diffs);
        }
        long ourRows = section.devices().stream().filter(d -> d.merges() != null).count();
        if (ourRows != rows) {
            diffs.add("merge rows: btt " + rows + ", ioverdict " + ourRows);
        }
    }

    private static void compareMerge(String where, JsonNode want, Merges got, List<String> diffs) {
        if (got == null) {
            diffs.add("merge " + where + ": ioverdict has none");
            return;
        }
        if (got.q() != want.path("q").asLong() || got.d() != want.path("d").asLong()) {
            diffs.add("merge " + where + ": btt #Q/#D " + want.path("q") + "/" + want.path("d") + ", ioverdict "
                    + got.q() + "/" + got.d());
        }
        check("merge " + where + " ratio", want.path("ratio"), got.ratio(), 1, diffs);
    }

    private static void check(String what, JsonNode want, Double got, int decimals, List<String> diffs) {
        String w = want.isMissingNode() || want.isNull() ? "null" : printed(want.decimalValue(), decimals);
        String g = got == null ? "null" : printed(new BigDecimal(got), decimals);
        if (!w.equals(g)) {
            diffs.add(what + ": btt " + w + ", ioverdict " + g);
        }
    }

    /** As printf("%.Nf") prints it: the exact value, ties to even. */
    static String printed(BigDecimal v, int decimals) {
        return v.setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    }
}
