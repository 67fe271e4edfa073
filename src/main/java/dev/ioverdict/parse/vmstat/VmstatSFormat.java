package dev.ioverdict.parse.vmstat;

import dev.ioverdict.parse.text.Tokens;
import dev.ioverdict.model.vmstat.VmstatCounter;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Regressions;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.text.Excerpt;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code vmstat -s}: one counter a line, number first. Solaris prints
 * {@code 126424 total name lookups (cache hits 96%)}; Linux procps prints {@code 500232 K total memory}.
 */
public final class VmstatSFormat extends TextFormat {
    private static final String[] MARKERS = {
        "total name lookups", "system calls", "pages paged in", "swap ins", "cpu context switches",
        "K total memory", "idle cpu ticks", "forks", "interrupts", "pages swapped in",
    };

    public VmstatSFormat() {
        super("vmstat-s", "`vmstat -s` counters (Solaris, Linux procps)",
                Recogniser.of(Signature.certain("{0} 'N counter' lines with vmstat -s counter names",
                        Clue.lines(l -> parseCounter(l, 0, null) != null).share(80).atLeast(0),
                        Clue.contains(MARKERS).atLeast(2))));
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        Regressions decreasing = new Regressions("a cumulative counter decreased from one snapshot to the next",
                "both values are kept as printed (a reboot between the snapshots, or a 32-bit counter that wrapped: "
                        + "differences across it mean nothing)");
        Map<String, long[]> last = new HashMap<>(); // counter -> {value, line}
        String line;
        while ((line = in.nextNonBlank()) != null) {
            VmstatCounter c = parseCounter(line, in.number(), ctx.input());
            if (c == null) {
                ctx.skip(in.number(), overflows(line)
                        ? "counter above 2^63-1, not a vmstat -s value: " + Excerpt.of(line)
                        : "not a vmstat -s counter line: " + Excerpt.of(line));
                continue;
            }
            if (cumulative(line)) {
                long[] before = last.put(c.name(), new long[] {c.value(), in.number()});
                if (before != null && c.value() < before[0]) {
                    decreasing.at(in.number(), "'" + c.name() + "' " + c.value() + " after " + before[0]
                            + " at line " + before[1]);
                }
            }
            ctx.emit(c);
            ctx.record();
        }
        decreasing.report(ctx);
    }

    /** Linux's memory and swap lines ({@code 500232 K free memory}) and the boot time are levels, not counts. */
    private static boolean cumulative(String line) {
        return !line.contains(" K ") && !line.contains("boot time");
    }

    /** Whether the line's leading number has more digits than a long holds. */
    private static boolean overflows(String line) {
        String s = line.strip();
        int digits = 0;
        while (digits < s.length() && Character.isDigit(s.charAt(digits))) {
            digits++;
        }
        return digits >= 19 && (digits > 19 || s.substring(0, 19).compareTo("9223372036854775807") > 0);
    }

    /** Parses {@code <digits> [K ]name [(... NN%)]}; null if the line is not of that shape. */
    static VmstatCounter parseCounter(String line, long number, String input) {
        int i = 0;
        int n = line.length();
        i = Tokens.skipSpaces(line, i);
        int digitsStart = i;
        long value = 0;
        while (i < n && Character.isDigit(line.charAt(i))) {
            int d = line.charAt(i) - '0';
            if (value > (Long.MAX_VALUE - d) / 10) {
                return null; // never wrapped into a negative count
            }
            value = value * 10 + d;
            i++;
        }
        if (i == digitsStart || i >= n || line.charAt(i) != ' ') {
            return null;
        }
        String name = line.substring(i).trim();
        if (name.startsWith("K ")) {
            name = name.substring(2);
        }
        if (name.isEmpty() || !Character.isLetter(name.charAt(0))) {
            return null;
        }
        Integer percent = null;
        int open = name.indexOf('(');
        if (open > 0) {
            int pct = name.indexOf('%', open);
            if (pct > 0) {
                int j = pct - 1;
                while (j > open && Character.isDigit(name.charAt(j))) {
                    j--;
                }
                if (j < pct - 1) {
                    percent = Integer.parseInt(name.substring(j + 1, pct));
                }
            }
            name = name.substring(0, open).trim();
        }
        return new VmstatCounter(input, number, line, name, value, percent);
    }
}
