package dev.ioverdict.parse.iostat;

import dev.ioverdict.parse.text.Numbers;
import dev.ioverdict.parse.text.Tokens;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Reads the report stamps iostat prints: sysstat's {@code -t} line ({@code strftime("%x %X")} in
 * the user's locale, e.g. {@code 11/21/26 08:30:01}, {@code 06/14/2018 06:08:37 PM},
 * {@code 21/11/26 08:30:01}, {@code 21.11.2026 08:30:01}; {@code 2026-11-21T08:30:01+0000} with
 * S_TIME_FORMAT=ISO; {@code Time: 06:08:37 PM} before sysstat 9), Solaris {@code -T d}
 * ({@code Mon Nov 24 14:58:36 2003}) and {@code -T u} (seconds since the epoch), and the date of
 * the Linux banner. Day/month order of slashed dates is learnt from the first unambiguous one
 * (a field above 12); until then month first, as in the C and en_US locales. Stamps without an
 * offset are wall-clock time, read as UTC. One instance per file: it keeps that learnt order and
 * the banner date.
 */
final class IostatClock {
    private static final List<String> MONTHS = List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug",
            "sep", "oct", "nov", "dec");
    private static final List<String> DAYS = List.of("mon", "tue", "wed", "thu", "fri", "sat", "sun");

    private Boolean dayFirst;
    /** The date text of the last {@link #slashed} stamp, its day and the day/month order it was read under. */
    private String slashedDate;
    private long slashedDay;
    private Boolean slashedOrder;
    private LocalDate bannerDate;
    private double lastTimeOnly = Double.NaN;
    private long dayCarry;

    /** The banner's date (yyyy-mm-dd), remembered for {@code Time:} stamps; null if unreadable. */
    String banner(String dateToken) {
        bannerDate = date(dateToken);
        return bannerDate == null ? null : bannerDate.toString();
    }

    /** Seconds since the epoch of a stamp line, or NaN when the line is not a stamp. */
    double stamp(String line) {
        if (isSlashed(line)) {
            double t = slashed(line);
            if (!Double.isNaN(t)) {
                return t;
            }
        }
        return anyStamp(line);
    }

    /** {@link #stamp} read the general way: every form, words cut out as Strings, the date through {@link #date}. */
    double anyStamp(String line) {
        String s = line.strip();
        if (s.isEmpty()) {
            return Double.NaN;
        }
        if (Numbers.isDigits(s) && s.length() >= 9 && s.length() <= 11) {
            return Long.parseLong(s);
        }
        List<String> t = Tokens.split(s);
        if (t.size() >= 5 && DAYS.contains(lower3(t.get(0))) && MONTHS.contains(lower3(t.get(1)))) {
            return ctime(t);
        }
        if (t.get(0).equals("Time:") && t.size() >= 2) {
            return timeOnly(t);
        }
        return dateTime(t);
    }

    /**
     * Whether a line is sysstat's {@code -t} stamp in the C and en_US locales and nothing else:
     * {@code 11/21/26 08:30:01} or {@code 11/21/2026 08:30:01}, spaces between, none around. Such a
     * line can be none of the other lines of a report (no banner, CPU line, header or device row
     * has this shape), which lets the reader take it for a stamp without testing those first.
     */
    static boolean isSlashed(String line) {
        int n = line.length();
        if (n < 17 || !Numbers.isDigits(line, 0, 2) || line.charAt(2) != '/' || !Numbers.isDigits(line, 3, 5)
                || line.charAt(5) != '/' || !Numbers.isDigits(line, 6, 8)) {
            return false;
        }
        int i = Numbers.isDigits(line, 8, 10) ? 10 : 8;
        if (line.charAt(i) != ' ') {
            return false;
        }
        while (i < n && line.charAt(i) == ' ') {
            i++;
        }
        return n - i == 8 && Numbers.isDigits(line, i, i + 2) && line.charAt(i + 2) == ':'
                && Numbers.isDigits(line, i + 3, i + 5) && line.charAt(i + 5) == ':' && Numbers.isDigits(line, i + 6, i + 8);
    }

    /**
     * {@link #anyStamp} of an {@link #isSlashed} line, read in place (a long capture has one per
     * report): the date is read through {@link #date} once per day, and again when the day/month
     * order was learnt since. NaN where anything is out of range, for {@link #anyStamp} to judge.
     */
    private double slashed(String line) {
        int dateEnd = line.indexOf(' ');
        if (slashedDate == null || !Objects.equals(slashedOrder, dayFirst) || slashedDate.length() != dateEnd
                || !line.startsWith(slashedDate)) {
            LocalDate d = date(line.substring(0, dateEnd));
            if (d == null) {
                return Double.NaN;
            }
            slashedDate = line.substring(0, dateEnd);
            slashedDay = d.toEpochDay();
            slashedOrder = dayFirst; // after date(), which may have learnt it from this very date
        }
        int t = line.length() - 8;
        int h = two(line, t);
        int m = two(line, t + 3);
        int sec = two(line, t + 6);
        if (h > 23 || m > 59 || sec > 60) {
            return Double.NaN;
        }
        return slashedDay * 86400 + h * 3600L + m * 60L + Math.min(sec, 59);
    }

    private static int two(String s, int at) {
        return (s.charAt(at) - '0') * 10 + s.charAt(at + 1) - '0';
    }

    /** {@code Mon Nov 24 14:58:36 [ZONE] 2003}. */
    private static double ctime(List<String> t) {
        int month = MONTHS.indexOf(lower3(t.get(1))) + 1;
        int day = (int) SysstatNumbers.number(t.get(2));
        int[] hms = hms(t.get(3));
        String yearToken = t.get(t.size() - 1);
        if (hms == null || !Numbers.isDigits(yearToken) || yearToken.length() != 4 || day < 1 || day > 31 || t.size() > 6) {
            return Double.NaN;
        }
        return epoch(Integer.parseInt(yearToken), month, day, hms, 0);
    }

    private double timeOnly(List<String> t) {
        int[] hms = hms(t.get(1));
        if (hms == null || !meridiem(hms, t.size() > 2 ? t.get(2) : null) || t.size() > 3) {
            return Double.NaN;
        }
        double secondsOfDay = hms[0] * 3600 + hms[1] * 60 + hms[2];
        if (!Double.isNaN(lastTimeOnly) && secondsOfDay < lastTimeOnly) {
            dayCarry++; // past midnight
        }
        lastTimeOnly = secondsOfDay;
        LocalDate base = bannerDate != null ? bannerDate : LocalDate.EPOCH;
        return base.plusDays(dayCarry).toEpochSecond(java.time.LocalTime.MIDNIGHT, ZoneOffset.UTC) + secondsOfDay;
    }

    /** {@code DATE TIME [AM|PM]} or {@code DATETTIME[+hhmm]}. */
    private double dateTime(List<String> t) {
        String first = t.get(0);
        int tee = first.indexOf('T');
        if (t.size() == 1 && tee > 0) {
            return iso(first.substring(0, tee), first.substring(tee + 1));
        }
        if (t.size() < 2 || t.size() > 3) {
            return Double.NaN;
        }
        LocalDate d = date(first);
        int[] hms = hms(t.get(1));
        if (d == null || hms == null || !meridiem(hms, t.size() == 3 ? t.get(2) : null)) {
            return Double.NaN;
        }
        return epoch(d.getYear(), d.getMonthValue(), d.getDayOfMonth(), hms, 0);
    }

    private double iso(String datePart, String timePart) {
        int offsetAt = Math.max(timePart.indexOf('+'), timePart.indexOf('-'));
        int offsetSeconds = 0;
        String clock = timePart;
        if (offsetAt > 0) {
            String off = timePart.substring(offsetAt + 1).replace(":", "");
            if (off.length() != 4 || !Numbers.isDigits(off)) {
                return Double.NaN;
            }
            offsetSeconds = Integer.parseInt(off.substring(0, 2)) * 3600 + Integer.parseInt(off.substring(2)) * 60;
            offsetSeconds = timePart.charAt(offsetAt) == '-' ? -offsetSeconds : offsetSeconds;
            clock = timePart.substring(0, offsetAt);
        } else if (timePart.endsWith("Z")) {
            clock = timePart.substring(0, timePart.length() - 1);
        }
        LocalDate d = date(datePart);
        int[] hms = hms(clock);
        if (d == null || hms == null) {
            return Double.NaN;
        }
        return epoch(d.getYear(), d.getMonthValue(), d.getDayOfMonth(), hms, offsetSeconds);
    }

    /** A date of three numeric fields separated by '/', '-' or '.'; null otherwise. */
    private LocalDate date(String s) {
        char sep = s.indexOf('/') >= 0 ? '/' : s.indexOf('-') >= 0 ? '-' : s.indexOf('.') >= 0 ? '.' : 0;
        if (sep == 0) {
            return null;
        }
        int a = s.indexOf(sep);
        int b = s.indexOf(sep, a + 1);
        if (a <= 0 || b <= a + 1 || b == s.length() - 1 || s.indexOf(sep, b + 1) >= 0) {
            return null;
        }
        String p1 = s.substring(0, a);
        String p2 = s.substring(a + 1, b);
        String p3 = s.substring(b + 1);
        if (!Numbers.isDigits(p1) || !Numbers.isDigits(p2) || !Numbers.isDigits(p3) || p1.length() > 4 || p2.length() > 2 || p3.length() > 4) {
            return null;
        }
        int x = Integer.parseInt(p1);
        int y = Integer.parseInt(p2);
        int z = Integer.parseInt(p3);
        int year;
        int month;
        int day;
        if (p1.length() == 4) {
            year = x;
            month = y;
            day = z;
        } else {
            year = p3.length() == 2 ? (z < 70 ? 2000 + z : 1900 + z) : z;
            boolean df = sep == '.' || dayFirst(x, y);
            day = df ? x : y;
            month = df ? y : x;
        }
        if (month < 1 || month > 12 || day < 1 || day > 31) {
            return null;
        }
        try {
            return LocalDate.of(year, month, day);
        } catch (java.time.DateTimeException e) {
            return null;
        }
    }

    private boolean dayFirst(int first, int second) {
        if (dayFirst == null) {
            if (first > 12 && second <= 12) {
                dayFirst = true;
            } else if (second > 12 && first <= 12) {
                dayFirst = false;
            } else {
                return false;
            }
        }
        return dayFirst;
    }

    /** {@code HH:MM:SS} -> {h, m, s}; null when not a clock time. */
    private static int[] hms(String s) {
        if (s.length() < 7 || s.length() > 8 || s.charAt(s.length() - 3) != ':' || s.charAt(s.length() - 6) != ':') {
            return null;
        }
        String h = s.substring(0, s.length() - 6);
        String m = s.substring(s.length() - 5, s.length() - 3);
        String sec = s.substring(s.length() - 2);
        if (!Numbers.isDigits(h) || !Numbers.isDigits(m) || !Numbers.isDigits(sec)) {
            return null;
        }
        int[] v = {Integer.parseInt(h), Integer.parseInt(m), Integer.parseInt(sec)};
        return v[0] > 23 || v[1] > 59 || v[2] > 60 ? null : v;
    }

    /** Applies AM/PM (12 AM is midnight); false when the suffix is something else. */
    private static boolean meridiem(int[] hms, String suffix) {
        if (suffix == null) {
            return true;
        }
        String u = suffix.toUpperCase(Locale.ROOT);
        if (!u.equals("AM") && !u.equals("PM")) {
            return false;
        }
        if (hms[0] < 1 || hms[0] > 12) {
            return false;
        }
        hms[0] = hms[0] % 12 + (u.equals("PM") ? 12 : 0);
        return true;
    }

    private static double epoch(int year, int month, int day, int[] hms, int offsetSeconds) {
        try {
            return LocalDateTime.of(year, month, day, hms[0], hms[1], Math.min(hms[2], 59))
                    .toEpochSecond(ZoneOffset.ofTotalSeconds(offsetSeconds));
        } catch (java.time.DateTimeException e) {
            return Double.NaN;
        }
    }

    private static String lower3(String s) {
        return s.length() < 3 ? s : s.substring(0, 3).toLowerCase(Locale.ROOT);
    }
}
