package dev.ioverdict.parse.kernel;

import dev.ioverdict.parse.text.Numbers;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The prefix a kernel log line carries, read by hand (a multi-GB /var/log/messages is read line by
 * line without regex): dmesg's {@code [ 1108.791169] } (optionally after a {@code <4>} level),
 * dmesg -T's {@code [Tue Nov 24 02:03:19 2026] }, syslog's / journalctl's
 * {@code Apr 16 07:07:38 host kernel: } (then possibly the dmesg stamp too) and rsyslog's ISO
 * {@code 2022-05-11T16:40:10.123456+00:00 host kernel: }. {@code tag} is the syslog program
 * ({@code kernel}, {@code multipathd}); null for plain dmesg.
 */
record LogPrefix(int bodyStart, Double uptime, Double epoch, String timeText, String tag) {
    private static final List<String> MONTHS = List.of("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug",
            "Sep", "Oct", "Nov", "Dec");

    /** The prefix of {@code line}, or null when it has none of the known forms. */
    static LogPrefix of(String line) {
        int i = 0;
        if (line.startsWith("<") && line.length() > 3 && line.indexOf('>') > 0 && line.indexOf('>') <= 4) {
            i = line.indexOf('>') + 1; // dmesg -r level
        }
        if (i < line.length() && line.charAt(i) == '[') {
            return bracket(line, i, null, null, null);
        }
        LogPrefix s = syslog(line);
        if (s != null) {
            return s;
        }
        return iso(line);
    }

    /**
     * A line of a kernel log without time stamps (2.6-era dmesg, CONFIG_PRINTK_TIME off): at most
     * a {@code <4>} level before the message.
     */
    static LogPrefix bare(String line) {
        int i = 0;
        if (line.startsWith("<") && line.length() > 3 && line.indexOf('>') > 0 && line.indexOf('>') <= 4) {
            i = line.indexOf('>') + 1;
        }
        return new LogPrefix(i, null, null, null, null);
    }

    /** {@code [ 123.456] } or {@code [Tue Nov 24 02:03:19 2026] } at {@code from}. */
    private static LogPrefix bracket(String line, int from, Double epoch, String timeText, String tag) {
        int close = line.indexOf(']', from);
        if (close < 0) {
            return null;
        }
        String inside = line.substring(from + 1, close).strip();
        int body = close + 1 < line.length() && line.charAt(close + 1) == ' ' ? close + 2 : close + 1;
        double up = seconds(inside);
        if (!Double.isNaN(up)) {
            return new LogPrefix(body, up, epoch, timeText != null ? timeText : "[" + inside + "]", tag);
        }
        if (epoch == null && inside.length() >= 20 && MONTHS.contains(inside.substring(4, 7))) {
            return new LogPrefix(body, null, ctime(inside), inside, tag);
        }
        return null;
    }

    /** {@code Mon DD HH:MM:SS[.ffffff] host tag: } */
    private static LogPrefix syslog(String line) {
        if (line.length() < 16 || !MONTHS.contains(line.substring(0, 3)) || line.charAt(3) != ' ') {
            return null;
        }
        int p = 4;
        while (p < line.length() && line.charAt(p) == ' ') {
            p++;
        }
        int dayEnd = line.indexOf(' ', p);
        if (dayEnd < 0 || dayEnd - p > 2 || !Numbers.isDigits(line, p, dayEnd)) {
            return null;
        }
        int timeEnd = line.indexOf(' ', dayEnd + 1);
        if (timeEnd < 0 || !clock(line, dayEnd + 1)) {
            return null;
        }
        return afterHost(line, timeEnd, null, line.substring(0, timeEnd));
    }

    /** {@code 2022-05-11T16:40:10[.fff][+00:00|Z] host tag: } */
    private static LogPrefix iso(String line) {
        if (line.length() < 20 || line.charAt(4) != '-' || line.charAt(10) != 'T' || !Numbers.isDigits(line, 0, 4)
                || !clock(line, 11)) {
            return null;
        }
        int end = line.indexOf(' ');
        if (end < 0) {
            return null;
        }
        Double epoch = null;
        try {
            LocalDateTime t = LocalDateTime.parse(line.substring(0, 19));
            int offset = 0;
            int sign = Math.max(line.lastIndexOf('+', end), line.lastIndexOf('-', end));
            if (sign > 19 && end - sign >= 5) {
                String off = line.substring(sign + 1, end).replace(":", "");
                if (off.length() == 4 && Numbers.isDigits(off, 0, 4)) {
                    offset = Integer.parseInt(off.substring(0, 2)) * 3600 + Integer.parseInt(off.substring(2)) * 60;
                    offset = line.charAt(sign) == '-' ? -offset : offset;
                }
            }
            epoch = (double) t.toEpochSecond(ZoneOffset.ofTotalSeconds(offset));
        } catch (RuntimeException e) {
            // keep the line with its text stamp only
        }
        return afterHost(line, end, epoch, line.substring(0, end));
    }

    private static LogPrefix afterHost(String line, int spaceAfterTime, Double epoch, String timeText) {
        int hostEnd = line.indexOf(' ', spaceAfterTime + 1);
        if (hostEnd < 0) {
            return null;
        }
        int colon = line.indexOf(": ", hostEnd + 1);
        int tagEnd = colon < 0 && line.endsWith(":") ? line.length() - 1 : colon;
        if (tagEnd < 0) {
            return null;
        }
        String tag = line.substring(hostEnd + 1, tagEnd);
        if (tag.indexOf(' ') >= 0) {
            return null;
        }
        int bracket = tag.indexOf('[');
        String program = bracket > 0 ? tag.substring(0, bracket) : tag;
        int body = Math.min(line.length(), tagEnd + 2);
        if (body < line.length() && line.charAt(body) == '[') {
            LogPrefix inner = bracket(line, body, epoch, timeText, program);
            if (inner != null) {
                return new LogPrefix(inner.bodyStart(), inner.uptime(), epoch, timeText, program);
            }
        }
        return new LogPrefix(body, null, epoch, timeText, program);
    }

    /** {@code 1108.791169} -> seconds; NaN when not a plain decimal. */
    static double seconds(String s) {
        int dot = s.indexOf('.');
        if (s.isEmpty() || dot == 0 || dot == s.length() - 1) {
            return Double.NaN;
        }
        long digits = 0;
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (k == dot) {
                continue;
            }
            if (c < '0' || c > '9') {
                return Double.NaN;
            }
            digits = digits * 10 + (c - '0');
        }
        int places = dot < 0 ? 0 : s.length() - dot - 1;
        if (s.length() - (dot < 0 ? 0 : 1) <= 15) {
            // both exact doubles (under 2^53, a power of ten up to 10^15): one division rounds as
            // parseDouble does, to the double nearest the decimal, without its general reading
            return digits / POW10[places];
        }
        return Double.parseDouble(s);
    }

    static final double[] POW10 = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
        1e13, 1e14, 1e15};

    /** {@code Tue Nov 24 02:03:19 2026}. */
    private static Double ctime(String s) {
        try {
            String[] parts = s.trim().split(" +"); // once per line of a dmesg -T file, not per field
            int month = MONTHS.indexOf(parts[1]) + 1;
            String[] hms = parts[3].split(":");
            return (double) LocalDateTime.of(Integer.parseInt(parts[4]), month, Integer.parseInt(parts[2]),
                    Integer.parseInt(hms[0]), Integer.parseInt(hms[1]), Integer.parseInt(hms[2]))
                    .toEpochSecond(ZoneOffset.UTC);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static boolean clock(String s, int at) {
        return s.length() >= at + 8 && Numbers.isDigits(s, at, at + 2) && s.charAt(at + 2) == ':' && Numbers.isDigits(s, at + 3, at + 5)
                && s.charAt(at + 5) == ':' && Numbers.isDigits(s, at + 6, at + 8);
    }
}
