package dev.ioverdict.parse.dm;

import dev.ioverdict.model.config.ListedDevice;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.text.Excerpt;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code multipath -ll} / {@code -l} in both layouts: the current one ({@code mpatha (3600...) dm-3
 * HP,HSV400}, {@code size=... features=...}, {@code |-+- policy=...}, path rows
 * {@code | |- 0:0:0:1 sda 8:0 active ready running}) and RHEL 5's bracketed one
 * ({@code [size=10 GB][features="0"]}, {@code \_ 2:0:0:6 sdb 8:16 [active][ready]}); a map named
 * by its WWID has no parenthesised WWID. {@code -v4}'s "paths list" rows are read as paths on
 * their own. Each map becomes a {@link ListedDevice} with its paths; each path row is a record.
 */
public final class MultipathFormat extends TextFormat {
    public MultipathFormat() {
        super("multipath", "`multipath -ll` / `-l` (current and RHEL 5 layouts, `-v4` path lists): map alias, WWID, dm-N, paths",
                Recogniser.of(
                        Signature.certain("{0} multipath map header(s) and {1} path rows (H:C:T:L dev maj:min)",
                                Clue.lines(l -> header(l) != null), Clue.lines(MultipathFormat::isPathRow)),
                        Signature.likely("{0} multipath path rows (H:C:T:L dev maj:min)",
                                Clue.lines(MultipathFormat::isPathRow).atLeast(3))));
    }

    private static boolean isPathRow(String line) {
        return header(line) == null && pathAt(Dm.tokens(line)) >= 0;
    }

    /** {name, wwid, dm-N, vendor} of a map header line, or null. */
    static String[] header(String line) {
        if (line.isEmpty() || Character.isWhitespace(line.charAt(0)) || "|`\\[=".indexOf(line.charAt(0)) >= 0) {
            return null;
        }
        List<String> t = Dm.tokens(line);
        if (t.size() < 2 || t.get(0).endsWith(":") || t.get(0).contains("=")) {
            return null;
        }
        String name = t.get(0);
        String wwid = null;
        int i = 1;
        if (t.get(1).startsWith("(") && t.get(1).endsWith(")") && t.get(1).length() > 10) {
            wwid = t.get(1).substring(1, t.get(1).length() - 1);
            i = 2;
        }
        String dm = i < t.size() && t.get(i).startsWith("dm-") ? t.get(i) : null;
        if (dm == null && wwid == null) {
            return null;
        }
        if (wwid == null && Dm.looksLikeWwid(name)) {
            wwid = name;
            name = null;
        }
        String vendor = dm != null && i + 1 < t.size() ? String.join(" ", t.subList(i + 1, t.size())) : null;
        if (vendor != null && vendor.startsWith("[")) {
            vendor = null;
        }
        return new String[] {name, wwid, dm, vendor};
    }

    /** Index of the H:C:T:L token of a path row, followed by the device and maj:min; -1 when not a path row. */
    static int pathAt(List<String> t) {
        for (int i = 0; i + 2 < t.size(); i++) {
            if (Dm.hctl(t.get(i)) && Dm.majMin(t.get(i + 2)) != null) {
                return i;
            }
        }
        return -1;
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        String[] map = null;
        long mapLine = 0;
        String mapText = null;
        List<String> paths = new ArrayList<>();
        String line;
        while ((line = in.nextNonBlank()) != null) {
            long n = in.number();
            String[] h = header(line);
            if (h != null) {
                emit(ctx, map, mapLine, mapText, paths);
                map = h;
                mapLine = n;
                mapText = line;
                paths = new ArrayList<>();
                ctx.record();
                continue;
            }
            List<String> t = Dm.tokens(line);
            int p = pathAt(t);
            if (p >= 0) {
                String dev = t.get(p + 1);
                ctx.record();
                if (map != null) {
                    paths.add(dev);
                }
                ctx.emit(new ListedDevice(dev, null, null, Dm.majMin(t.get(p + 2)), List.of(),
                        null, ctx.input(), n, line));
                continue;
            }
            String s = line.strip();
            boolean structural = s.startsWith("size=") || s.startsWith("[size=") || s.startsWith("|-+-")
                    || s.startsWith("`-+-") || s.startsWith("\\_") || s.startsWith("=====")
                    || s.startsWith("uuid ") || (t.size() > 1 && t.get(0).endsWith(":"))
                    || s.contains(" = ") || s.startsWith("*word") || s.startsWith("process ") || s.startsWith("forked ")
                    || s.contains("multipath -l");
            if (!structural) {
                ctx.skip(n, "not multipath -ll output: " + Excerpt.of(line));
            }
        }
        emit(ctx, map, mapLine, mapText, paths);
    }

    private static void emit(ParseContext ctx, String[] map, long line, String text, List<String> paths) {
        if (map != null) {
            ctx.emit(new ListedDevice(map[2], map[0], map[1], null, paths, map[3], ctx.input(), line, text));
        }
    }
}
