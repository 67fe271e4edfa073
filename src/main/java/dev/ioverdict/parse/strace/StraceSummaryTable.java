package dev.ioverdict.parse.strace;

import dev.ioverdict.model.syscall.SyscallSummary;
import dev.ioverdict.parse.text.Numbers;
import java.util.List;

/**
 * The table {@code strace -c} prints (syscall.c / count.c): a header
 * {@code % time     seconds  usecs/call     calls    errors syscall}, a dashed rule, one row per
 * syscall, a rule and a {@code total} row. Numbers follow the locale (comma decimals appear); the
 * errors column is blank when zero.
 */
final class StraceSummaryTable {
    private StraceSummaryTable() {
    }

    static boolean isHeader(String line) {
        int i = 0;
        while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        if (i == line.length() || line.charAt(i) != '%') {
            return false; // every line is asked: no stripped copy for the ones that cannot be the header
        }
        String t = line.strip();
        return t.startsWith("% time") && t.contains("seconds") && t.contains("calls") && t.endsWith("syscall");
    }

    static boolean isRule(String line) {
        String t = line.strip();
        if (t.length() < 6 || t.charAt(0) != '-') {
            return false;
        }
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c != '-' && c != ' ') {
                return false;
            }
        }
        return true;
    }

    /** The syscall name of a row ("total" for the total row), or null when the line is no row. */
    static SyscallSummary row(String line, long number, String input) {
        int n = line.length();
        double[] nums = new double[5];
        int count = 0;
        int i = 0;
        String name = null;
        while (i < n) {
            while (i < n && line.charAt(i) == ' ') {
                i++;
            }
            if (i >= n) {
                break;
            }
            int s = i;
            while (i < n && line.charAt(i) != ' ') {
                i++;
            }
            double v = Numbers.parseDecimal(line, s, i);
            if (!Double.isNaN(v) && name == null) {
                if (count == nums.length) {
                    return null;
                }
                nums[count++] = v;
            } else if (name == null) {
                name = line.substring(s, i);
            } else {
                return null;
            }
        }
        if (name == null || count < 4) {
            return null;
        }
        long calls = (long) nums[3];
        long errors = count == 5 ? (long) nums[4] : 0;
        double total = nums[1];
        return new SyscallSummary("strace", input, number, line, null, null, name, calls, errors, total,
                nums[2] / 1e6, null, null, List.of(), null, null);
    }
}
