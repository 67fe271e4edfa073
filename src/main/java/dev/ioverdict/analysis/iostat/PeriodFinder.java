package dev.ioverdict.analysis.iostat;

import dev.ioverdict.model.RatioRule;
import dev.ioverdict.model.iostat.ColumnMeaning;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.iostat.Periods;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the periods of a bundle: iostat files of one system (the same devices) over spans that do not
 * overlap (or that print no time at all, as a report pasted into a ticket) are captures of one
 * system at different times, not one capture: pooling them would average a before with its after.
 * Each file is then a period named by the part of its name the others do not share; two periods
 * whose names differ in one part are the same workload under two settings and are compared.
 */
public final class PeriodFinder {
    private static final String SEPARATORS = "-_./";
    /** More files than this are not read as periods (each is still reported on its own). */
    static final int MAX_PERIODS = 64;
    /** Words that name the two sides of a change, in pairs, the earlier first. */
    private static final List<String> STEPS = List.of("before", "after", "pre", "post", "old", "new", "baseline",
            "tuned", "bad", "good", "slow", "fast");

    private PeriodFinder() {
    }

    /** A period as it is built: its entries, one per device, and its name's parts. */
    private record Draft(String input, List<String> parts, Map<String, IostatDevice> devices) {
        IostatDevice any() {
            return devices.values().iterator().next();
        }
    }

    public static Periods of(List<IostatDevice> iostat) {
        Map<String, Draft> byInput = new LinkedHashMap<>();
        for (IostatDevice d : iostat == null ? List.<IostatDevice>of() : iostat) {
            byInput.computeIfAbsent(d.input(), i -> new Draft(i, parts(i), new LinkedHashMap<>()))
                    .devices().putIfAbsent(d.device(), d);
        }
        List<Draft> drafts = new ArrayList<>(byInput.values());
        // the tests below pair every file with every other: a bundle of thousands of iostat files is an
        // archive of captures, not periods of one system to compare, and must not cost n squared
        if (drafts.size() < 2 || drafts.size() > MAX_PERIODS || !oneSystem(drafts) || overlap(drafts)) {
            return Periods.NONE;
        }
        trimCommonParts(drafts);
        drafts.sort(Comparator.comparing((Draft d) -> d.any().firstTime() == null ? 0 : d.any().firstTime())
                .thenComparing(d -> String.join("-", d.parts()), PeriodFinder::natural));
        List<Periods.Period> periods = drafts.stream().map(PeriodFinder::period).toList();
        List<Periods.Change> changes = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            for (int j = i + 1; j < drafts.size(); j++) {
                changes.addAll(changes(drafts.get(i), drafts.get(j), drafts.size() == 2));
            }
        }
        boolean stamped = drafts.stream().allMatch(d -> d.any().firstTime() != null);
        String note = drafts.size() + " iostat files report the same devices over " + (stamped
                ? "spans that do not overlap" : "no stated time") + ": each is a period with its own figures, "
                + "not one series";
        return new Periods(periods, changes, note);
    }

    private static Periods.Period period(Draft d) {
        IostatDevice first = d.any();
        return new Periods.Period(label(d), d.input(), first.run(), first.samples(), first.seconds(), first.firstTimeText(),
                first.lastTimeText());
    }

    private static String label(Draft d) {
        return d.parts().isEmpty() ? d.input() : String.join("-", d.parts());
    }

    /** The name's parts without its extension: "iostat-x-cp-maxcontig6.txt" is iostat, x, cp, maxcontig6. */
    static List<String> parts(String input) {
        String name = input;
        int dot = name.lastIndexOf('.');
        if (dot > name.lastIndexOf('/') + 1) {
            name = name.substring(0, dot);
        }
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= name.length(); i++) {
            if (i == name.length() || SEPARATORS.indexOf(name.charAt(i)) >= 0) {
                if (i > start) {
                    parts.add(name.substring(start, i));
                }
                start = i + 1;
            }
        }
        return parts;
    }

    /** Leaves each name the parts that tell it from the others (the shared "iostat-x" goes). */
    private static void trimCommonParts(List<Draft> drafts) {
        while (drafts.stream().allMatch(d -> d.parts().size() > 1)
                && drafts.stream().map(d -> d.parts().get(0)).distinct().count() == 1) {
            drafts.forEach(d -> d.parts().remove(0));
        }
        while (drafts.stream().allMatch(d -> d.parts().size() > 1)
                && drafts.stream().map(d -> d.parts().get(d.parts().size() - 1)).distinct().count() == 1) {
            drafts.forEach(d -> d.parts().remove(d.parts().size() - 1));
        }
    }

    /**
     * One system: every two files in the same iostat dialect share at least half the devices of the
     * smaller one. Sample outputs of several systems in one folder share a name or two (sd0), not their disks.
     */
    private static boolean oneSystem(List<Draft> drafts) {
        for (int i = 0; i < drafts.size(); i++) {
            for (int j = i + 1; j < drafts.size(); j++) {
                Draft a = drafts.get(i);
                Draft b = drafts.get(j);
                long shared = a.devices().keySet().stream().filter(b.devices()::containsKey).count();
                if (a.any().dialect() != b.any().dialect()
                        || shared == 0 || 2 * shared < Math.min(a.devices().size(), b.devices().size())) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Two files whose stamped spans overlap are one capture (two runs, two hosts), not two periods. */
    private static boolean overlap(List<Draft> drafts) {
        for (int i = 0; i < drafts.size(); i++) {
            for (int j = i + 1; j < drafts.size(); j++) {
                IostatDevice a = drafts.get(i).any();
                IostatDevice b = drafts.get(j).any();
                if (a.firstTime() != null && a.lastTime() != null && b.firstTime() != null && b.lastTime() != null
                        && a.firstTime() <= b.lastTime() && b.firstTime() <= a.lastTime()) {
                    return true;
                }
                if ((a.firstTime() == null) != (b.firstTime() == null)) {
                    return true; // one stamped, one not: nothing says they are apart
                }
            }
        }
        return false;
    }

    /**
     * The figures of two periods that differ in one part of their names, for every device busy in
     * either, when that part is a setting (maxcontig6, maxcontig128), a before and an after, or the
     * two are all the bundle holds: cp against mkfile under one setting is two workloads, not a change.
     */
    private static List<Periods.Change> changes(Draft a, Draft b, boolean onlyTwo) {
        if (a.parts().size() != b.parts().size()) {
            return List.of();
        }
        int differ = -1;
        for (int i = 0; i < a.parts().size(); i++) {
            if (!a.parts().get(i).equals(b.parts().get(i))) {
                if (differ >= 0) {
                    return List.of();
                }
                differ = i;
            }
        }
        if (differ < 0) {
            return List.of();
        }
        String va = a.parts().get(differ);
        String vb = b.parts().get(differ);
        String setting = setting(va, vb);
        int stepA = STEPS.indexOf(va.toLowerCase(java.util.Locale.ROOT));
        int stepB = STEPS.indexOf(vb.toLowerCase(java.util.Locale.ROOT));
        boolean steps = stepA >= 0 && stepB >= 0 && stepA / 2 == stepB / 2;
        if (setting == null && !steps && !onlyTwo) {
            return List.of();
        }
        Draft from = a;
        Draft to = b;
        if (setting != null && number(va.substring(setting.length())) > number(vb.substring(setting.length()))
                || steps && stepA > stepB) {
            from = b;
            to = a;
        }
        String fromValue = setting == null ? from.parts().get(differ) : from.parts().get(differ).substring(setting.length());
        String toValue = setting == null ? to.parts().get(differ) : to.parts().get(differ).substring(setting.length());
        List<String> rest = new ArrayList<>(a.parts());
        rest.remove(differ);
        String workload = rest.isEmpty() ? null : String.join("-", rest);
        List<Periods.Change> out = new ArrayList<>();
        for (var e : from.devices().entrySet()) {
            IostatDevice before = e.getValue();
            IostatDevice after = to.devices().get(e.getKey());
            if (after == null || before.quiet() && after.quiet()) {
                continue;
            }
            for (String column : before.keyColumns()) {
                IostatDevice.Stat sb = before.metrics().get(column);
                IostatDevice.Stat sa = after.metrics().get(column);
                if (sb == null || sa == null || sb.avg() == 0 && sa.avg() == 0
                        || ColumnMeaning.latency(column) && (sb.avg() == 0 || sa.avg() == 0)) {
                    continue; // an await of 0 means no request of that kind, not an instant one
                }
                boolean significant = RatioRule.significant(sb.avg(), sa.avg());
                out.add(new Periods.Change(label(from), label(to), setting, fromValue, toValue, workload, e.getKey(),
                        column + " avg", ColumnMeaning.unit(column), sb.avg(), sa.avg(),
                        sb.avg() == 0 ? null : round((sa.avg() - sb.avg()) / sb.avg() * 100),
                        sb.avg() == 0 ? null : Math.round(sa.avg() / sb.avg() * 1000) / 1000.0, significant,
                        List.of(before.samples(), after.samples()), change(column, significant, sb.avg(), sa.avg()),
                        ColumnMeaning.latency(column)));
            }
        }
        return out;
    }

    /** The letters two values share before their numbers ("maxcontig" of maxcontig6 and maxcontig128), or null. */
    private static String setting(String a, String b) {
        int i = 0;
        while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i) && !Character.isDigit(a.charAt(i))) {
            i++;
        }
        boolean numbers = i > 0 && i < a.length() && i < b.length() && isNumber(a.substring(i)) && isNumber(b.substring(i));
        return numbers ? a.substring(0, i) : null;
    }

    private static boolean isNumber(String s) {
        return !s.isEmpty() && s.chars().allMatch(Character::isDigit) && s.length() < 18;
    }

    private static long number(String s) {
        return isNumber(s) ? Long.parseLong(s) : 0;
    }

    /** "maxcontig6" before "maxcontig128": numbers inside names compare as numbers. */
    static int natural(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char ca = a.charAt(i);
            char cb = b.charAt(j);
            if (Character.isDigit(ca) && Character.isDigit(cb)) {
                int si = i;
                int sj = j;
                while (i < a.length() && Character.isDigit(a.charAt(i))) {
                    i++;
                }
                while (j < b.length() && Character.isDigit(b.charAt(j))) {
                    j++;
                }
                String na = a.substring(si, i).replaceFirst("^0+(?=.)", "");
                String nb = b.substring(sj, j).replaceFirst("^0+(?=.)", "");
                int c = na.length() != nb.length() ? Integer.compare(na.length(), nb.length()) : na.compareTo(nb);
                if (c != 0) {
                    return c;
                }
            } else {
                if (ca != cb) {
                    return Character.compare(ca, cb);
                }
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    private static String change(String column, boolean significant, double before, double after) {
        if (!significant) {
            return "none";
        }
        return switch (ColumnMeaning.better(column)) {
            case NEITHER -> "changed";
            case LOWER -> after < before ? "better" : "worse";
            case HIGHER -> after > before ? "better" : "worse";
        };
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
