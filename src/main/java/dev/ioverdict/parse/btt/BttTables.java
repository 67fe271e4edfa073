package dev.ioverdict.parse.btt;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.BttReport;
import dev.ioverdict.model.block.BttReport.MergeRow;
import dev.ioverdict.model.block.BttReport.OverheadRow;
import dev.ioverdict.model.block.BttReport.PhaseRow;
import dev.ioverdict.model.block.BttReport.Row;
import dev.ioverdict.model.block.BttReport.Table;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.text.Excerpt;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The section-by-section state machine over one btt report; rows it cannot read become warnings. */
final class BttTables {
    static final List<String> OVERHEAD_COLUMNS = List.of("Q2G", "G2I", "Q2M", "I2D", "D2C");

    private final ParseContext ctx;
    private BttSection section = BttSection.NONE;
    /** The phase a Per Device / Per Process sub-table is about (its header's first column). */
    private String phase;
    private List<String> overheadColumns = OVERHEAD_COLUMNS;
    private final List<PhaseRow> phases = new ArrayList<>();
    private final List<OverheadRow> overhead = new ArrayList<>();
    private final List<MergeRow> merges = new ArrayList<>();
    private final List<Row> others = new ArrayList<>();

    BttTables(ParseContext ctx) {
        this.ctx = ctx;
    }

    /** One line: {@code own} is its text without a listing's line number, {@code raw} as captured. */
    void accept(String own, long number, String raw) {
        if (own.isBlank() || BttText.isRule(own)) {
            return;
        }
        String name = BttText.sectionName(own);
        if (name != null) {
            section = BttSection.byName(name);
            phase = null;
            if (section == BttSection.UNKNOWN) {
                // a section of a newer btt: nothing of the file is damaged, ioverdict just does not read it
                ctx.note("btt section '" + name + "' (line " + number + ") is not known to ioverdict; its rows are not read");
            }
            return;
        }
        if (own.stripLeading().startsWith("#")) {
            section = BttSection.ACTIVITY;
            return;
        }
        if (section == BttSection.NONE) {
            section = implicitSection(own);
            if (section == BttSection.NONE) {
                ctx.skip(number, "not part of a btt report: " + Excerpt.of(raw));
                return;
            }
        }
        switch (section) {
            case PER_PROCESS, PER_DEVICE, ALL_DEVICES -> phaseLine(own, number, raw);
            case OVERHEAD -> overheadLine(own, number, raw);
            case MERGES -> mergeLine(own, number, raw);
            case ACTIVITY -> activityLine(own, number, raw);
            case UNKNOWN, NONE -> { }
            default -> otherLine(own, number, raw);
        }
    }

    void finish() {
        if (phases.isEmpty() && overhead.isEmpty() && merges.isEmpty() && others.isEmpty()) {
            ctx.note("holds no I/O: no btt table rows"); // btt over a trace without requests prints its headings only
            return;
        }
        ctx.emit(new BttReport(ctx.input(), phases, overhead, merges, others));
    }

    /** A table pasted without its section header: its column header says which one. */
    private static BttSection implicitSection(String own) {
        if (isPhaseHeader(own)) {
            return BttText.tokens(own).get(0).equals("ALL") ? BttSection.ALL_DEVICES : BttSection.PER_DEVICE;
        }
        if (isOverheadHeader(own)) {
            return BttSection.OVERHEAD;
        }
        if (own.contains("#Q") && own.contains("Ratio")) {
            return BttSection.MERGES;
        }
        return BttSection.NONE;
    }

    /** {@code            ALL           MIN           AVG           MAX           N} (or a phase name first). */
    static boolean isPhaseHeader(String own) {
        List<String> t = BttText.tokens(own);
        return t.size() == 5 && t.get(1).equals("MIN") && t.get(2).equals("AVG") && t.get(3).equals("MAX")
                && t.get(4).equals("N");
    }

    /** {@code       DEV |       Q2G       G2I       Q2M       I2D       D2C}. */
    static boolean isOverheadHeader(String own) {
        int bar = own.indexOf('|');
        return bar > 0 && own.substring(0, bar).strip().equals("DEV") && own.contains("D2C") && own.contains("Q2G");
    }

    private void phaseLine(String own, long number, String raw) {
        if (isPhaseHeader(own)) {
            String first = BttText.tokens(own).get(0);
            phase = first.equals("ALL") ? null : first;
            return;
        }
        List<String> t = BttText.tokens(own);
        if (t.size() < 5) {
            ctx.skip(number, "btt " + section.title() + " row without MIN AVG MAX N: " + Excerpt.of(raw));
            return;
        }
        int k = t.size();
        double min = BttText.number(t.get(k - 4));
        double avg = BttText.number(t.get(k - 3));
        double max = BttText.number(t.get(k - 2));
        long n = BttText.integer(t.get(k - 1));
        if (Double.isNaN(min) || Double.isNaN(avg) || Double.isNaN(max) || n < 0) {
            ctx.skip(number, "btt " + section.title() + " row with unreadable numbers: " + Excerpt.of(raw));
            return;
        }
        String label = own.substring(0, labelEnd(own, k - 4)).strip();
        String rowPhase;
        Table table;
        if (section == BttSection.ALL_DEVICES) {
            rowPhase = label;
            label = BttReport.ALL;
            table = Table.ALL_DEVICES;
        } else {
            rowPhase = phase;
            table = section == BttSection.PER_DEVICE ? Table.PER_DEVICE : Table.PER_PROCESS;
            if (table == Table.PER_DEVICE) {
                label = BttText.device(label);
            }
        }
        Phase known = rowPhase == null ? null : Phase.byName(rowPhase).filter(Phase.BTT::contains).orElse(null);
        if (known == null) {
            ctx.skip(number, "btt row of an unknown phase '" + (rowPhase == null ? label : rowPhase) + "'");
            return;
        }
        phases.add(new PhaseRow(table, label, known, new PhaseStat(n, min, avg, max, null, null, null), number, raw));
        ctx.record();
    }

    private void overheadLine(String own, long number, String raw) {
        int bar = own.indexOf('|');
        if (isOverheadHeader(own)) {
            overheadColumns = BttText.tokens(own, bar + 1, own.length());
            return;
        }
        List<String> t = bar < 0 ? List.of() : BttText.tokens(own, bar + 1, own.length());
        if (t.size() != overheadColumns.size()) {
            ctx.skip(number, "btt Device Overhead row without " + overheadColumns.size() + " percentages: "
                    + Excerpt.of(raw));
            return;
        }
        Map<Phase, Double> pct = new LinkedHashMap<>();
        for (int i = 0; i < t.size(); i++) {
            double v = BttText.number(t.get(i));
            if (Double.isNaN(v)) {
                ctx.skip(number, "btt Device Overhead row with an unreadable percentage: " + Excerpt.of(raw));
                return;
            }
            // a column btt does not print (a hand-edited header) has no phase to belong to
            Phase.byName(overheadColumns.get(i)).ifPresent(phase -> pct.put(phase, v));
        }
        String label = own.substring(0, bar).strip();
        overhead.add(new OverheadRow(label.equals("Overall") ? BttReport.ALL : BttText.device(label), pct, number, raw));
        ctx.record();
    }

    private void mergeLine(String own, long number, String raw) {
        if (own.contains("#Q")) {
            return; // the column header, printed again above the TOTAL row
        }
        int bar = own.indexOf('|');
        List<String> t = bar < 0 ? List.of() : BttText.tokens(own, bar + 1, own.length());
        t = t.stream().filter(x -> !x.equals("|")).toList();
        long[] v = new long[6];
        double ratio = t.size() == 7 ? BttText.number(t.get(2)) : Double.NaN;
        boolean ok = !Double.isNaN(ratio);
        for (int i = 0, j = 0; ok && i < 7; i++) {
            if (i != 2) {
                v[j] = BttText.integer(t.get(i));
                ok = v[j++] >= 0;
            }
        }
        if (!ok) {
            ctx.skip(number, "btt Device Merge Information row not '#Q #D Ratio | BLKmin BLKavg BLKmax Total': "
                    + Excerpt.of(raw));
            return;
        }
        String label = own.substring(0, bar).strip();
        merges.add(new MergeRow(label.equals("TOTAL") ? BttReport.ALL : BttText.device(label), v[0], v[1], ratio,
                v[2], v[3], v[4], v[5], number, raw));
        ctx.record();
    }

    private void otherLine(String own, long number, String raw) {
        int bar = own.indexOf('|');
        if (bar < 0 && own.strip().startsWith("...(")) {
            return; // "...(3 more)": btt's note that more seek distances share the MODE count
        }
        if (bar < 0) {
            ctx.skip(number, "btt " + section.title() + " row without 'DEV |': " + Excerpt.of(raw));
            return;
        }
        List<String> cells = BttText.tokens(own, bar + 1, own.length()).stream().filter(x -> !x.equals("|")).toList();
        if (cells.isEmpty() || cells.stream().anyMatch(BttTables::isHeading)) {
            return; // a column header, or "Overall |" repeating it
        }
        String label = own.substring(0, bar).strip();
        others.add(new Row(section.title(), BttText.device(label), cells, number, raw));
        ctx.record();
    }

    private void activityLine(String own, long number, String raw) {
        for (String tok : BttText.tokens(own)) {
            if (Double.isNaN(BttText.number(tok))) {
                ctx.skip(number, "btt activity data line not 'time value': " + Excerpt.of(raw));
                return;
            }
        }
    }

    private static boolean isHeading(String cell) {
        char c = cell.charAt(0);
        return Character.isLetter(c) || c == '#' || c == '%' || c == '<' || c == '>';
    }

    /** Where the k-th token (0-based) starts: the label is everything before the numbers. */
    private static int labelEnd(String s, int k) {
        int i = 0;
        int seen = -1;
        int n = s.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            if (i < n && ++seen == k) {
                return i;
            }
            while (i < n && !Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }
        return n;
    }
}
