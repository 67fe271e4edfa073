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
 * A sosreport's failed collections are listed once per command ("collected with an error: xfs_info:
 * ..." with the files it left), not once per file: what the reader needs is which command failed
 * and why. report.json keeps every input.
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
        List<InputSummary> inputs = perCommand(all.stream().map(InputTable::worded).toList());
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

    private static final String COLLECTION_ERROR = "collection-error";
    private static final String COLLECTED = "collected with an error: ";
    /** Messages of one failed command shown in its row; the rest are counted. */
    private static final int MESSAGES = 3;

    /**
     * The failed collections of each command merged into one row, at the place of its first file:
     * the files it left as the path, each distinct message once.
     */
    static List<InputSummary> perCommand(List<InputSummary> inputs) {
        Map<String, List<InputSummary>> byCommand = new java.util.LinkedHashMap<>();
        for (InputSummary i : inputs) {
            String command = failedCommand(i);
            if (command != null) {
                byCommand.computeIfAbsent(command, c -> new ArrayList<>()).add(i);
            }
        }
        if (byCommand.isEmpty()) {
            return inputs;
        }
        List<InputSummary> out = new ArrayList<>();
        for (InputSummary i : inputs) {
            String command = failedCommand(i);
            if (command == null) {
                out.add(i);
                continue;
            }
            List<InputSummary> files = byCommand.get(command);
            if (files.get(0) != i) {
                continue;
            }
            out.add(files.size() == 1 ? i : merged(command, files));
        }
        return out;
    }

    private static InputSummary merged(String command, List<InputSummary> files) {
        java.util.LinkedHashSet<String> messages = new java.util.LinkedHashSet<>();
        long lines = 0;
        for (InputSummary f : files) {
            lines += f.lines();
            for (String n : f.notes()) {
                if (n.startsWith(COLLECTED + command + ": ")) {
                    messages.add(n.substring(COLLECTED.length() + command.length() + 2));
                }
            }
        }
        List<String> shown = messages.stream().limit(MESSAGES).toList();
        String note = COLLECTED + command + ": " + String.join(" / ", shown)
                + (messages.size() > MESSAGES ? " (and " + (messages.size() - MESSAGES) + " other messages)" : "")
                + " (" + files.size() + " files)";
        String paths = String.join(", ", files.stream().map(InputSummary::path).toList());
        InputSummary first = files.get(0);
        return new InputSummary(paths, first.format(), first.detectedBecause(), lines, 0, 0, null, null, List.of(), 0,
                List.of(note));
    }

    /** The command a failed collection names in its note ("collected with an error: xfs_info: ..."), or null. */
    private static String failedCommand(InputSummary i) {
        if (!i.format().equals(COLLECTION_ERROR) || i.damaged()) {
            return null;
        }
        for (String n : i.notes()) {
            int colon = n.indexOf(": ", COLLECTED.length());
            if (n.startsWith(COLLECTED) && colon > COLLECTED.length()) {
                return n.substring(COLLECTED.length(), colon);
            }
        }
        return null;
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
