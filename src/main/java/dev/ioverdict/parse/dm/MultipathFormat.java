package dev.ioverdict.parse.dm;

import dev.ioverdict.model.config.DeviceIdentity;
import dev.ioverdict.parse.InputFile;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.Lines;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
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
 * their own. Each map becomes a {@link DeviceIdentity} with its paths; each path row is a record.
 */
public final class MultipathFormat implements InputFormat {
    @Override
    public String id() {
        return "multipath";
    }

    @Override
    public String description() {
        return "`multipath -ll` / `-l` (current and RHEL 5 layouts, `-v4` path lists): map alias, WWID, dm-N, paths";
    }

    @Override
    public Recognition recognise(Sample sample) {
        int maps = 0;
        int paths = 0;
        for (String line : sample.lines()) {
            if (header(line) != null) {
                maps++;
            } else if (pathAt(Dm.tokens(line)) >= 0) {
                paths++;
            }
        }
        if (paths == 0) {
            return Recognition.NO;
        }
        if (maps > 0) {
            return Recognition.certain(maps + " multipath map header(s) and " + paths + " path rows (H:C:T:L dev maj:min)");
        }
        return paths >= 3 ? Recognition.likely(paths + " multipath path rows (H:C:T:L dev maj:min)") : Recognition.NO;
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
    public void parse(InputFile file, ParseContext ctx) throws IOException {
        try (Lines lines = Lines.of(file, ctx)) {
            String[] map = null;
            long mapLine = 0;
            String mapText = null;
            List<String> paths = new ArrayList<>();
            String line;
            while ((line = lines.next()) != null) {
                long n = lines.number();
                if (line.isBlank()) {
                    continue;
                }
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
                    ctx.emit(new DeviceIdentity(dev, null, null, Dm.majMin(t.get(p + 2)), List.of(),
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
            ctx.lines(lines.number());
        }
    }

    private static void emit(ParseContext ctx, String[] map, long line, String text, List<String> paths) {
        if (map != null) {
            ctx.emit(new DeviceIdentity(map[2], map[0], map[1], null, paths, map[3], ctx.input(), line, text));
        }
    }
}
