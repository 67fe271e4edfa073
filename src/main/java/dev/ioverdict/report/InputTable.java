package dev.ioverdict.report;

import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.iostat.IostatDialect;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The report's inventory of inputs, bounded: a bundle of 100,000 one-line files must give a page
 * (and a PDF) of reasonable size, so past {@code limit} files only the ones that matter are listed
 * one by one (recognised or warned about first, in path order) and the rest are counted per format.
 * report.json keeps every input.
 */
record InputTable(List<InputSummary> listed, List<Group> grouped) {
    /** Files listed one by one unless the {@code ioverdict.report.listedInputs} system property says otherwise. */
    static final int LISTED = 200;

    /** The files of one format not listed one by one, summed. */
    record Group(String format, long files, long lines, long records, long skipped, long warnings) {
    }

    static int listedLimit() {
        String v = System.getProperty("ioverdict.report.listedInputs");
        try {
            return v == null ? LISTED : Math.max(1, Integer.parseInt(v.strip()));
        } catch (NumberFormatException e) {
            return LISTED;
        }
    }

    static InputTable of(List<InputSummary> all, int limit) {
        List<InputSummary> inputs = all.stream().map(InputTable::worded).toList();
        if (inputs.size() <= limit) {
            return new InputTable(inputs, List.of());
        }
        List<InputSummary> first = new ArrayList<>();
        List<InputSummary> rest = new ArrayList<>();
        for (InputSummary i : inputs) {
            (matters(i) ? first : rest).add(i);
        }
        first.addAll(rest);
        List<InputSummary> listed = new ArrayList<>(first.subList(0, limit));
        listed.sort(java.util.Comparator.comparing(InputSummary::path));
        Map<String, long[]> sums = new TreeMap<>();
        for (InputSummary i : first.subList(limit, first.size())) {
            long[] s = sums.computeIfAbsent(i.format(), f -> new long[5]);
            s[0]++;
            s[1] += i.lines();
            s[2] += i.records();
            s[3] += i.skipped();
            s[4] += i.warnings().size() + i.warningsNotListed();
        }
        List<Group> grouped = new ArrayList<>();
        sums.forEach((format, s) -> grouped.add(new Group(format, s[0], s[1], s[2], s[3], s[4])));
        return new InputTable(listed, grouped);
    }

    /**
     * The reason a format was recognised, with the parser's dialect id ({@code sysstat-new}) in the
     * words a reader knows: ids belong to report.json, the page says what was seen.
     */
    private static InputSummary worded(InputSummary i) {
        String because = i.detectedBecause();
        if (because == null) {
            return i;
        }
        String words = because;
        for (IostatDialect d : IostatDialect.values()) {
            words = words.replace("(" + d.id() + ")", "(" + DIALECT_WORDS.get(d) + ")");
        }
        return words.equals(because) ? i : i.withDetectedBecause(words);
    }

    private static final Map<IostatDialect, String> DIALECT_WORDS = Map.of(
            IostatDialect.SYSSTAT_NEW, "sysstat 11.5.7 or later",
            IostatDialect.SYSSTAT_OLD, "sysstat up to 11.5.6",
            IostatDialect.SOLARIS, "Solaris or illumos");

    private static boolean matters(InputSummary i) {
        return !i.format().equals("unknown") && i.records() > 0 || !i.warnings().isEmpty();
    }
}
