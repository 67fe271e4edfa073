package dev.ioverdict.report;

import dev.ioverdict.report.charts.Chart;
import dev.ioverdict.report.model.Redacted;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * {@code --redact}: the customer's host names, IP and MAC addresses, WWIDs, serial numbers, user
 * names and paths under home folders replaced by pseudonyms, so a report can go to a vendor.
 *
 * <p>A pseudonym is a keyed hash of the original ({@code host-3fa2c1}): the same original gives the
 * same pseudonym in every file, every report and every comparison made with the same key, and with
 * no order to depend on, two bundles of one host meet under one name. Keyed, because an unkeyed hash
 * of an IPv4 address is undone by trying all 2^32 of them; the key stays with the analyst
 * ({@link RedactionKey}).
 *
 * <p>Names ({@link RedactionNames}) are replaced wherever they appear; addresses and home paths
 * are recognised by their shape. The replacement runs on the finished text of each view (JSON string
 * values, HTML text and attribute values), so nothing a template or chart adds escapes it.
 */
public final class Redaction {
    /** What a pseudonym stands for; {@code id} is the pseudonym's prefix. */
    public enum Kind {
        HOST("host", "host names"), ADDRESS("ip", "IP addresses"), MAC("mac", "MAC addresses"),
        WWID("wwid", "WWIDs and WWNs"), SERIAL("serial", "serial numbers"), USER("user", "user names"),
        PATH("path", "paths under home folders");

        final String id;
        final String what;

        Kind(String id, String what) {
            this.id = id;
            this.what = what;
        }
    }

    /** Names this short are replaced only as whole words ("vm" but not "vmstat"); longer ones anywhere. */
    private static final int WHOLE_WORD_BELOW = 8;
    private static final String OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
    private static final String HEX = "[0-9A-Fa-f]{1,4}";
    static final Pattern SHAPES = Pattern.compile(
            "(?<home>/(?:home|Users)/(?<user>[A-Za-z0-9._-]+)(?<rest>/[^\\s\"'<>:,;()\\[\\]\\\\]*)?)"
            + "|(?<ipv4>(?<![0-9A-Za-z_.])(?:" + OCTET + "\\.){3}" + OCTET + "(?![0-9A-Za-z_]|\\.[0-9]))"
            + "|(?<mac>(?<![0-9A-Za-z_:])(?:[0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}(?![0-9A-Za-z_:]))"
            + "|(?<ipv6>(?<![0-9A-Za-z_:])(?:(?:" + HEX + ":){7}" + HEX + "|" + HEX + "(?::" + HEX + "){0,6}::(?:" + HEX
            + "(?::" + HEX + "){0,6})?|::" + HEX + "(?::" + HEX + "){0,6})(?![0-9A-Za-z_:]))");


    private final byte[] key;
    private final String keyId;
    private final Map<String, Kind> names;
    private final Pattern namesPattern;
    private final Map<Kind, Set<String>> used = new EnumMap<>(Kind.class);

    private Redaction(RedactionKey key, Map<String, Kind> names) {
        this.key = key.bytes();
        this.keyId = key.id();
        this.names = Map.copyOf(names);
        List<String> sorted = new ArrayList<>(names.keySet());
        sorted.sort(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));
        StringBuilder anywhere = new StringBuilder();
        StringBuilder words = new StringBuilder();
        for (String n : sorted) {
            StringBuilder to = n.length() >= WHOLE_WORD_BELOW ? anywhere : words;
            to.append(to.isEmpty() ? "" : "|").append(Pattern.quote(n));
        }
        String alternatives = (anywhere.isEmpty() ? "" : "(?:" + anywhere + ")")
                + (words.isEmpty() ? "" : (anywhere.isEmpty() ? "" : "|")
                + "(?<![A-Za-z0-9_])(?:" + words + ")(?![A-Za-z0-9_])");
        this.namesPattern = alternatives.isEmpty() ? null
                : Pattern.compile("(?<name>" + alternatives + ")|" + SHAPES.pattern(), Pattern.CASE_INSENSITIVE);
    }

    /** Collects the names to hide: from report.json trees and the parsed data. */
    public static RedactionNames with(RedactionKey key) {
        return new RedactionNames(key);
    }

    /** The redaction of {@code names} (lower case, with their kind) under {@code key}. */
    static Redaction of(RedactionKey key, Map<String, Kind> names) {
        return new Redaction(key, names);
    }

    /** Every name and shape in {@code text} replaced. */
    public String text(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        Matcher m = (namesPattern != null ? namesPattern : SHAPES).matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        int at = 0;
        while (m.find()) {
            out.append(text, at, m.start()).append(pseudonym(m));
            at = m.end();
        }
        return at == 0 ? text : out.append(text, at, text.length()).toString();
    }

    private String pseudonym(Matcher m) {
        if (namesPattern != null && m.group("name") != null) {
            String original = m.group("name");
            return pseudonym(names.get(original.toLowerCase(Locale.ROOT)), original);
        }
        if (m.group("home") != null) {
            String path = m.group("home");
            String rest = m.group("rest");
            String folder = path.startsWith("/home/") ? "/home/" : "/Users/";
            return folder + pseudonym(Kind.USER, m.group("user"))
                    + (rest == null ? "" : rest.equals("/") ? "/" : "/" + pseudonym(Kind.PATH, path));
        }
        if (m.group("ipv4") != null) {
            String ip = m.group("ipv4");
            return ip.equals("0.0.0.0") || ip.startsWith("127.") ? ip : pseudonym(Kind.ADDRESS, ip);
        }
        if (m.group("mac") != null) {
            return m.group("mac").equals("00:00:00:00:00:00") ? m.group("mac") : pseudonym(Kind.MAC, m.group("mac"));
        }
        String ip6 = m.group("ipv6");
        return ip6.equals("::1") ? ip6 : pseudonym(Kind.ADDRESS, ip6);
    }

    /**
     * {@code kind-xxxxxx}: the first 24 bits of HMAC-SHA256(key, kind and the original in lower case),
     * the original as one name however it is printed: a host by its first label (db01.example.com is
     * db01), a WWN without lsblk's 0x.
     */
    String pseudonym(Kind kind, String original) {
        String canonical = original.toLowerCase(Locale.ROOT);
        if (kind == Kind.HOST && canonical.indexOf('.') > 0 && Character.isLetter(canonical.charAt(0))) {
            canonical = canonical.substring(0, canonical.indexOf('.'));
        } else if (kind == Kind.WWID && canonical.startsWith("0x")) {
            canonical = canonical.substring(2);
        }
        String p = kind.id + "-" + HexFormat.of().formatHex(hmac(key, kind.id + "\u0000" + canonical), 0, 3);
        synchronized (used) {
            used.computeIfAbsent(kind, k -> new TreeSet<>()).add(p);
        }
        return p;
    }

    static byte[] hmac(byte[] key, String text) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK: " + e, e);
        }
    }

    /** JSON text: the inside of every string literal (keys included), nothing else. */
    public String json(String json) {
        StringBuilder out = new StringBuilder(json.length());
        int i = 0;
        int n = json.length();
        while (i < n) {
            int q = json.indexOf('"', i);
            if (q < 0) {
                out.append(json, i, n);
                break;
            }
            out.append(json, i, q + 1);
            int end = q + 1;
            while (end < n && json.charAt(end) != '"') {
                end += json.charAt(end) == '\\' ? 2 : 1;
            }
            end = Math.min(end, n);
            out.append(text(json.substring(q + 1, end)));
            if (end < n) {
                out.append('"');
            }
            i = end + 1;
        }
        return out.toString();
    }

    /**
     * HTML or XHTML: text and attribute values; not tag or attribute names, class and style
     * attributes (the templates' vocabulary), comments, style or script, nor data: URIs (base64, where a short name could match by chance: their content is
     * redacted before it is encoded).
     */
    public String html(String html) {
        StringBuilder out = new StringBuilder(html.length());
        int i = 0;
        int n = html.length();
        while (i < n) {
            int lt = html.indexOf('<', i);
            if (lt < 0) {
                out.append(text(html.substring(i)));
                break;
            }
            out.append(text(html.substring(i, lt)));
            int end;
            if (html.startsWith("<!--", lt)) {
                end = closing(html, lt, "-->");
                out.append(html, lt, end);
            } else if (startsTag(html, lt, "style") || startsTag(html, lt, "script")) {
                String name = startsTag(html, lt, "style") ? "</style>" : "</script>";
                end = closing(html, lt, name);
                out.append(html, lt, end);
            } else {
                end = closing(html, lt, ">");
                out.append(tag(html.substring(lt, end)));
            }
            i = end;
        }
        return out.toString();
    }

    private static boolean startsTag(String html, int at, String name) {
        return html.regionMatches(true, at + 1, name, 0, name.length()) && at + 1 + name.length() < html.length()
                && !Character.isLetterOrDigit(html.charAt(at + 1 + name.length()));
    }

    private static int closing(String html, int from, String close) {
        int c = html.indexOf(close, from);
        return c < 0 ? html.length() : c + close.length();
    }

    private String tag(String tag) {
        StringBuilder out = new StringBuilder(tag.length());
        int i = 0;
        while (i < tag.length()) {
            char c = tag.charAt(i);
            if ((c == '"' || c == '\'') && i > 0 && tag.charAt(i - 1) == '=') {
                int close = tag.indexOf(c, i + 1);
                close = close < 0 ? tag.length() : close;
                String value = tag.substring(i + 1, close);
                boolean vocabulary = tag.startsWith("class", i - 6) || tag.startsWith("style", i - 6);
                out.append(c).append(value.startsWith("data:") || vocabulary ? value : text(value));
                if (close < tag.length()) {
                    out.append(c);
                }
                i = close + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** A chart with its drawing, labels and data redacted (its CSV is base64 in the page, out of reach later). */
    public Chart chart(Chart c) {
        return new Chart(c.section(), text(c.id()), text(c.title()), text(c.caption()),
                c.svg() == null ? null : html(c.svg()), text(c.csv()), text(c.emptyReason()));
    }

    /** What was replaced so far: kinds, counts and pseudonyms (never the originals), for report.json. */
    public Redacted summary() {
        List<Redacted.Kind> kinds = new ArrayList<>();
        synchronized (used) {
            used.forEach((kind, ps) -> kinds.add(new Redacted.Kind(kind.id, kind.what, ps.size(), List.copyOf(ps))));
        }
        return new Redacted("Host names, IP and MAC addresses, WWIDs, serial numbers, user names and paths under home "
                + "folders are replaced by pseudonyms: the same original gives the same pseudonym in every report and "
                + "comparison made with key " + keyId + ".", keyId, kinds);
    }
}
