package dev.ioverdict.parse.dm;

import dev.ioverdict.parse.text.Numbers;
import java.util.ArrayList;
import java.util.List;

/** Small helpers the device-mapper listings share (short files: simple code is fine here). */
final class Dm {
    private Dm() {
    }

    static List<String> tokens(String line) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = line.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            int s = i;
            while (i < n && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i > s) {
                out.add(line.substring(s, i));
            }
        }
        return out;
    }

    /** "8:32", "(8:32)", "(253, 3)" pieces -> "8:32"; null otherwise. */
    static String majMin(String s) {
        String t = s.replace("(", "").replace(")", "").replace(" ", "");
        int c = t.indexOf(':') >= 0 ? t.indexOf(':') : t.indexOf(',');
        if (c <= 0 || c == t.length() - 1) {
            return null;
        }
        String a = t.substring(0, c);
        String b = t.substring(c + 1);
        return digits(a) && digits(b) ? Integer.parseInt(a) + ":" + Integer.parseInt(b) : null;
    }

    /** SCSI address host:channel:target:lun. */
    static boolean hctl(String s) {
        int parts = 1;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ':') {
                parts++;
            } else if (c < '0' || c > '9') {
                return false;
            }
        }
        return parts == 4 && !s.startsWith(":") && !s.endsWith(":") && !s.contains("::");
    }

    /** A SCSI WWID as multipath prints it: 33 hex digits starting 3 (NAA), or at least 16 hex digits. */
    static boolean looksLikeWwid(String s) {
        if (s.length() < 16) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (Character.digit(s.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    static boolean digits(String s) {
        return s.length() <= 9 && Numbers.isDigits(s); // parses as an int
    }
}
