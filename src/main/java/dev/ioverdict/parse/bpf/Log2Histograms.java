package dev.ioverdict.parse.bpf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.model.bpf.LatencyHistogram;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.text.Numbers;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The log2 histograms of bcc's and bpftrace's latency tools, read line by line. bcc prints a unit
 * header ({@code usecs : count distribution}), rows {@code 128 -> 255 : 12 |****|} (the first,
 * {@code 0 -> 1}, holds 0 and 1), optionally under a section line ({@code disk = 'sda'},
 * {@code Bucket disk = 'xvdb'}, {@code flags = Sync-Write}, {@code operation = 'read'}), an
 * interval's time stamp ({@code 06:20:16}, ext4dist's {@code 10:19:00:}) and biolatency -e's
 * {@code avg = 663 usecs, total: 16575 usecs, count: 25}. bpftrace prints a map header
 * ({@code @usecs:}, {@code @us[xfs_file_read_iter]:}) and rows {@code [128, 256)  12 |@@@@|},
 * {@code [1]  724 |...|}, with K, M, G suffixes for powers of 1024. bcc's -j prints each histogram
 * on one line as a Python dict ({@code {'ts': '2026-11-26 23:10:01', 'val_type': 'usecs', 'data':
 * [{'interval-start': 0, 'interval-end': 1, 'count': 4}, ...], 'disk': 'sda'}}), single-quoted as
 * Python prints it, not JSON; its first bucket starts at 0 and each ends at interval-end inclusive.
 */
final class Log2Histograms {
    /** What the file's banner and keys say the histograms are of. */
    interface Naming {
        /** The tool, from the banner ("Tracing ext4 operation latency...", null when none) and a bpftrace map key. */
        String tool(String banner, String mapKey);

        /** What a bcc section's key is of ("disk", "flags", "operation"), from what the section line says. */
        String keyKind(String said);

        /** A bpftrace map key as the operation, disk ... it stands for. */
        String key(String mapKey);

        /** What a bpftrace map's keys are of, null when the map has none. */
        String mapKeyKind(String mapKey);
    }

    private final ParseContext ctx;
    private final Naming naming;
    private String banner;
    private String interval;
    private String keyKind;
    private String key;
    private Open open;
    /** The histogram just closed, which biolatency -e's average line that follows it belongs to. */
    private Open closed;

    private static final class Open {
        final long line;
        final String text;
        final String source;
        final String unit;
        final double scale;
        final String tool;
        final String keyKind;
        final String key;
        final String interval;
        final List<LatencyHistogram.Bucket> buckets = new ArrayList<>();
        Long printedCount;
        Double printedAverage;

        Open(long line, String text, String source, String unit, double scale, String tool, String keyKind, String key,
             String interval) {
            this.line = line;
            this.text = text;
            this.source = source;
            this.unit = unit;
            this.scale = scale;
            this.tool = tool;
            this.keyKind = keyKind;
            this.key = key;
            this.interval = interval;
        }
    }

    Log2Histograms(ParseContext ctx, Naming naming) {
        this.ctx = ctx;
        this.naming = naming;
    }

    void read(LineReader in) throws IOException {
        String raw;
        while ((raw = in.next()) != null) {
            line(in.number(), raw);
        }
        emit();
    }

    private void line(long number, String raw) {
        String s = raw.strip();
        if (s.isEmpty()) {
            close();
            return;
        }
        if (jsonLine(s)) {
            close();
            emit();
            json(number, s);
            return;
        }
        if (s.startsWith("Tracing ")) {
            banner = s;
            return;
        }
        if (isInterval(s)) {
            close();
            emit();
            interval = s.substring(0, 8);
            return;
        }
        char c = s.charAt(0);
        if (c == '@' && s.endsWith(":")) {
            close();
            emit();
            mapHeader(number, s);
            return;
        }
        if ((c == '[' || c == '(') && open != null && open.source.equals("bpftrace")) {
            if (!bpftraceRow(s)) {
                ctx.skip(number, "unreadable histogram row: " + s);
            }
            return;
        }
        if (s.startsWith("avg = ")) {
            average(number, s);
            return;
        }
        int arrow = s.indexOf("->");
        if (arrow > 0 && open != null && open.source.equals("bcc")) {
            if (!bccRow(s, arrow)) {
                ctx.skip(number, "unreadable histogram row: " + s);
            }
            return;
        }
        int colon = s.indexOf(':');
        if (colon > 0 && s.indexOf("count", colon) > 0 && s.contains("distribution")) {
            close();
            emit();
            String unit = s.substring(0, firstBlank(s)).strip();
            double scale = scale(unit);
            if (scale <= 0) {
                ctx.skip(number, "histogram in a unit ioverdict does not know (" + unit + "): not read");
                return;
            }
            open = new Open(number, s, "bcc", unit, scale, naming.tool(banner, null), keyKind, key, interval);
            return;
        }
        int eq = s.indexOf(" = ");
        if (eq > 0) {
            close();
            emit();
            String said = s.substring(s.lastIndexOf(' ', eq - 1) + 1, eq);
            keyKind = naming.keyKind(said);
            key = unquote(s.substring(eq + 3).strip());
        }
        // anything else ("Attaching 3 probes...", "^C", "Detaching...") is the tools' chatter
    }

    private void mapHeader(long number, String s) {
        int bracket = s.indexOf('[');
        int end = s.length() - 1;
        String name = s.substring(1, bracket > 0 ? bracket : end);
        String mapKey = bracket > 0 && s.lastIndexOf(']') > bracket ? s.substring(bracket + 1, s.lastIndexOf(']')) : null;
        double scale = scale(name);
        if (scale <= 0) {
            ctx.skip(number, "bpftrace map @" + name + " is not a latency histogram ioverdict knows the unit of: not read");
            return;
        }
        open = new Open(number, s, "bpftrace", name.isEmpty() ? "usecs" : name, scale, naming.tool(banner, mapKey),
                mapKey == null ? null : naming.mapKeyKind(mapKey), mapKey == null ? null : naming.key(mapKey), interval);
    }

    /** {@code 128 -> 255 : 12 |****|}: values low to high inclusive, in whole units. */
    private boolean bccRow(String s, int arrow) {
        int colon = s.indexOf(':', arrow);
        if (colon < 0) {
            return false;
        }
        long low = Numbers.unsigned(s, 0, trimEnd(s, 0, arrow));
        int hs = skipBlanks(s, arrow + 2);
        long high = Numbers.unsigned(s, hs, trimEnd(s, hs, colon));
        int cs = skipBlanks(s, colon + 1);
        int ce = cs;
        while (ce < s.length() && Numbers.isDigit(s.charAt(ce))) {
            ce++;
        }
        long count = Numbers.unsigned(s, cs, ce);
        if (low < 0 || high < low || count < 0) {
            return false;
        }
        open.buckets.add(new LatencyHistogram.Bucket(low * open.scale, (high + 1) * open.scale, count));
        return true;
    }

    /** {@code [128, 256)  12 |@@@@|}, {@code [1]  724 |...|}, {@code [1K, 2K)}; bpftrace's {@code (..., 0)} is below zero. */
    private boolean bpftraceRow(String s) {
        int close = 1;
        while (close < s.length() && s.charAt(close) != ')' && s.charAt(close) != ']') {
            close++;
        }
        if (close >= s.length()) {
            return false;
        }
        int cs = skipBlanks(s, close + 1);
        int ce = cs;
        while (ce < s.length() && Numbers.isDigit(s.charAt(ce))) {
            ce++;
        }
        long count = Numbers.unsigned(s, cs, ce);
        if (count < 0) {
            return false;
        }
        if (s.charAt(0) == '(') {
            open.buckets.add(new LatencyHistogram.Bucket(0, 0, count));
            return true;
        }
        int comma = s.indexOf(',');
        double low;
        double high;
        if (comma > 0 && comma < close) {
            low = suffixed(s, 1, comma);
            high = suffixed(s, skipBlanks(s, comma + 1), close);
        } else {
            low = suffixed(s, 1, close);
            high = low + 1;
        }
        if (Double.isNaN(low) || Double.isNaN(high) || high < low) {
            return false;
        }
        open.buckets.add(new LatencyHistogram.Bucket(low * open.scale, high * open.scale, count));
        return true;
    }

    private void average(long number, String s) {
        Open h = open != null ? open : closed;
        if (h == null) {
            return;
        }
        int avgEnd = firstBlank(s, 6);
        double avg = Numbers.parseDecimal(s, 6, avgEnd);
        int count = s.indexOf("count: ");
        long n = count < 0 ? -1 : Numbers.unsigned(s, count + 7, trimEnd(s, count + 7, s.length()));
        if (Double.isNaN(avg) || n < 0) {
            ctx.warn(number, "unreadable average line: " + s);
            return;
        }
        h.printedAverage = avg * h.scale;
        h.printedCount = n;
    }

    private void close() {
        if (open != null) {
            closed = open;
            open = null;
        }
    }

    private void emit() {
        Open h = open != null ? open : closed;
        open = null;
        closed = null;
        if (h == null || h.buckets.isEmpty()) {
            return;
        }
        ctx.emit(new LatencyHistogram(ctx.input(), h.line, h.text, h.tool, h.source, h.keyKind, h.key, h.interval,
                h.unit, h.buckets, h.printedCount, h.printedAverage));
        ctx.record();
    }

    /** A periodic report's stamp: {@code 06:20:16} (biolatency -T) or {@code 10:19:00:} (ext4dist). */
    static boolean isInterval(String s) {
        int n = s.length();
        return (n == 8 || (n == 9 && s.charAt(8) == ':')) && s.charAt(2) == ':' && s.charAt(5) == ':'
                && Numbers.isDigits(s, 0, 2) && Numbers.isDigits(s, 3, 5) && Numbers.isDigits(s, 6, 8);
    }

    /** Seconds per unit of a bcc unit header or a bpftrace map name; 0 when it names no time unit. */
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** A histogram bcc's -j printed: {@code {'ts': ..., 'val_type': ..., 'data': [...]}} on one line. */
    static boolean jsonLine(String s) {
        return (s.startsWith("{'ts': ") || s.startsWith("{\"ts\": ")) && s.contains("val_type") && s.contains("data");
    }

    private void json(long number, String s) {
        JsonNode h;
        try {
            // Python's repr: single quotes (and b'..' for a bytes key), otherwise JSON
            h = MAPPER.readTree(s.replace(": b'", ": '").replace('\'', '"'));
        } catch (IOException | RuntimeException e) {
            ctx.skip(number, "unreadable biolatency -j line: " + s.substring(0, Math.min(80, s.length())));
            return;
        }
        String unit = h.path("val_type").asText("");
        double scale = scale(unit);
        if (scale <= 0 || !h.path("data").isArray()) {
            ctx.skip(number, "histogram in a unit ioverdict does not know (" + unit + "): not read");
            return;
        }
        List<LatencyHistogram.Bucket> buckets = new ArrayList<>();
        for (JsonNode b : h.path("data")) {
            long low = b.path("interval-start").asLong(-1);
            long high = b.path("interval-end").asLong(-1);
            long count = b.path("count").asLong(-1);
            if (low < 0 || high < low || count < 0) {
                ctx.skip(number, "unreadable bucket in a biolatency -j line: " + b);
                return;
            }
            buckets.add(new LatencyHistogram.Bucket(low * scale, (high + 1) * scale, count));
        }
        String kind = null;
        String value = null;
        for (var it = h.fieldNames(); it.hasNext();) {
            String f = it.next();
            if (!f.equals("ts") && !f.equals("val_type") && !f.equals("data")) {
                kind = naming.keyKind(f);
                value = h.path(f).asText();
            }
        }
        ctx.record();
        if (!buckets.isEmpty()) {
            ctx.emit(new LatencyHistogram(ctx.input(), number, s, naming.tool(banner, null), "bcc", kind, value,
                    h.path("ts").asText(null), unit, buckets, null, null));
        }
    }

    static double scale(String unit) {
        return switch (unit) {
            case "usecs", "us", "usec", "" -> 1e-6;
            case "msecs", "ms", "msec" -> 1e-3;
            case "nsecs", "ns", "nsec" -> 1e-9;
            case "secs", "s" -> 1;
            default -> unit.endsWith("usecs") || unit.endsWith("_us") ? 1e-6
                    : unit.endsWith("msecs") || unit.endsWith("_ms") ? 1e-3
                    : unit.endsWith("nsecs") || unit.endsWith("_ns") ? 1e-9 : 0;
        };
    }

    /** 512, 1K, 2M: bpftrace's powers of 1024. */
    private static double suffixed(String s, int from, int to) {
        int end = trimEnd(s, from, to);
        if (end <= from) {
            return Double.NaN;
        }
        double mult = switch (s.charAt(end - 1)) {
            case 'K' -> 1024;
            case 'M' -> 1024.0 * 1024;
            case 'G' -> 1024.0 * 1024 * 1024;
            case 'T' -> 1024.0 * 1024 * 1024 * 1024;
            default -> 1;
        };
        long v = Numbers.unsigned(s, from, mult == 1 ? end : end - 1);
        return v < 0 ? Double.NaN : v * mult;
    }

    /** {@code 'xvdb'}, {@code b'sda'}, {@code Read}: the value without Python's quotes. */
    static String unquote(String v) {
        String s = v;
        if (s.startsWith("b'") || s.startsWith("b\"")) {
            s = s.substring(1);
        }
        if (s.length() >= 2 && (s.charAt(0) == '\'' || s.charAt(0) == '"') && s.charAt(s.length() - 1) == s.charAt(0)) {
            s = s.substring(1, s.length() - 1);
        }
        return s;
    }

    private static int firstBlank(String s) {
        return firstBlank(s, 0);
    }

    private static int firstBlank(String s, int from) {
        int i = from;
        while (i < s.length() && s.charAt(i) != ' ' && s.charAt(i) != '\t') {
            i++;
        }
        return i;
    }

    private static int skipBlanks(String s, int from) {
        int i = from;
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    private static int trimEnd(String s, int from, int to) {
        int e = to;
        while (e > from && (s.charAt(e - 1) == ' ' || s.charAt(e - 1) == '\t')) {
            e--;
        }
        int b = from;
        while (b < e && (s.charAt(b) == ' ' || s.charAt(b) == '\t')) {
            b++;
        }
        return e;
    }
}
