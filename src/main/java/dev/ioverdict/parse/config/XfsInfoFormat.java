package dev.ioverdict.parse.config;

import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.model.config.XfsGeometry;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The XFS geometry block of {@code xfs_info} and {@code mkfs.xfs}: sections {@code meta-data},
 * {@code data}, {@code naming}, {@code log}, {@code realtime}, each continued on lines that start
 * with {@code =}, holding {@code key=value} pairs. Several outputs may follow each other in one file
 * (a consultant's loop over the mounts); a prompt line before one ({@code # xfs_info /oracle/redo})
 * or a bare path heading gives its mount point, or its device when the argument is under /dev.
 * Emits an {@link XfsGeometry} and a {@link FilesystemInfo} per block, quoting the {@code data}
 * line that states the block size.
 */
public final class XfsInfoFormat extends TextFormat {
    private static final String[] SECTIONS = {"meta-data", "data", "naming", "log", "realtime"};

    public XfsInfoFormat() {
        super("xfs-info", "`xfs_info` / `mkfs.xfs` geometry (one or several filesystems)",
                Recogniser.of(Signature.certain(
                        "{0} XFS geometry block(s): 'meta-data=' and 'data = bsize='",
                        Clue.lines(l -> "meta-data".equals(sectionOf(l))),
                        Clue.lines(l -> "data".equals(sectionOf(l)) && l.contains("bsize=")))));
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        Block block = null;
        String hint = null;
        String line;
        while ((line = in.next()) != null) {
            String section = sectionOf(line);
            if ("meta-data".equals(section)) {
                finish(block, ctx);
                block = new Block(hint);
                hint = null;
            }
            if (section != null && block != null) {
                block.add(section, line, in.number());
                continue;
            }
            if (section != null) {
                ctx.skip(in.number(), "XFS geometry line before any 'meta-data=' line");
                continue;
            }
            if (line.isBlank()) {
                continue;
            }
            String target = targetOf(line);
            if (target != null) {
                finish(block, ctx);
                block = null;
                hint = target;
            } else if (toolError(line)) {
                // the collection failed for that target, the file is not damaged
                ctx.note("the tool reported an error (line " + in.number() + "): " + line.strip());
            }
            // anything else is mkfs.xfs chatter ("Discarding blocks...Done.") or a heading
        }
        finish(block, ctx);
    }

    private static void finish(Block block, ParseContext ctx) {
        if (block == null) {
            return;
        }
        XfsGeometry g = block.geometry(ctx.input());
        if (g.blockSize() == null) {
            ctx.warn(block.metaLine, "XFS geometry without a 'data = bsize=' line: block size unknown");
        }
        ctx.emit(g);
        ctx.emit(new FilesystemInfo(g.device(), g.mount(), "xfs", g.blockSize(), g.sectorSize(), g.input(),
                g.line(), g.text()));
        ctx.record();
    }

    /** The section a geometry line belongs to ("" for an '=' continuation line), or null. */
    static String sectionOf(String line) {
        int eq = line.indexOf('=');
        if (eq < 0) {
            return null;
        }
        String head = line.substring(0, eq);
        if (head.isBlank()) {
            return head.isEmpty() ? null : "";
        }
        String word = head.strip();
        for (String s : SECTIONS) {
            if (s.equals(word)) {
                return s;
            }
        }
        return null;
    }

    /** The filesystem a prompt line or a heading names: xfs_info's or mkfs.xfs's argument, or a lone path. */
    private static String targetOf(String line) {
        String arg = CommandLine.lastArgumentOf(line, "xfs_info");
        if (arg == null) {
            arg = CommandLine.lastArgumentOf(line, "mkfs.xfs");
        }
        if (arg != null) {
            return arg;
        }
        String s = line.strip();
        int from = 0;
        int to = s.length();
        while (from < to && "#$=-:<>[]* ".indexOf(s.charAt(from)) >= 0) {
            from++;
        }
        while (to > from && "#$=-:<>[]* ".indexOf(s.charAt(to - 1)) >= 0) {
            to--;
        }
        String path = s.substring(from, to);
        return path.startsWith("/") && path.indexOf(' ') < 0 ? path : null;
    }

    private static boolean toolError(String line) {
        String s = line.strip();
        return s.startsWith("xfs_info:") || s.startsWith("mkfs.xfs:") || s.contains("is not a mounted XFS filesystem");
    }

    /** One geometry block being read: {@code section.key -> value} and the section values. */
    private static final class Block {
        private final String target;
        private final Map<String, String> values = new LinkedHashMap<>();
        private final Map<String, String> sectionValues = new LinkedHashMap<>();
        private String current;
        private long metaLine;
        private long dataLine;
        private String dataText;

        Block(String target) {
            this.target = target;
        }

        void add(String section, String line, long number) {
            if (!section.isEmpty()) {
                current = section;
                if (section.equals("meta-data")) {
                    metaLine = number;
                }
            }
            int i = line.indexOf('=') + 1;
            int n = line.length();
            StringBuilder sectionValue = new StringBuilder();
            boolean pairsStarted = false;
            while (i < n) {
                while (i < n && (line.charAt(i) == ' ' || line.charAt(i) == '\t' || line.charAt(i) == ',')) {
                    i++;
                }
                int start = i;
                while (i < n && line.charAt(i) != ' ' && line.charAt(i) != '\t' && line.charAt(i) != ',') {
                    i++;
                }
                if (start == i) {
                    break;
                }
                String word = line.substring(start, i);
                int eq = word.indexOf('=');
                if (eq > 0) {
                    pairsStarted = true;
                    String key = word.substring(0, eq);
                    values.putIfAbsent(current + "." + key, word.substring(eq + 1));
                    if (current.equals("data") && key.equals("bsize")) {
                        dataLine = number;
                        dataText = line;
                    }
                } else if (!pairsStarted) {
                    sectionValue.append(sectionValue.isEmpty() ? "" : " ").append(word);
                }
                // words after the pairs are units ("blks")
            }
            if (!section.isEmpty()) {
                sectionValues.put(section, sectionValue.toString());
            }
        }

        XfsGeometry geometry(String input) {
            String device = sectionValues.getOrDefault("meta-data", "");
            if (device.isEmpty() && target != null && target.startsWith("/dev/")) {
                device = target;
            }
            String mount = target != null && !target.startsWith("/dev/") && !target.equals(device) ? target : null;
            return new XfsGeometry(device.isEmpty() ? null : device, mount,
                    integer("meta-data.isize"), integer("meta-data.agcount"), number("meta-data.agsize"),
                    integer("meta-data.sectsz"), flag("meta-data.crc"), flag("meta-data.reflink"),
                    integer("data.bsize"), number("data.blocks"), number("data.sunit"), number("data.swidth"),
                    integer("naming.bsize"), flag("naming.ftype"),
                    nullIfEmpty(sectionValues.get("log")), integer("log.bsize"), number("log.blocks"),
                    integer("log.sectsz"), number("log.sunit"),
                    nullIfEmpty(sectionValues.get("realtime")), integer("realtime.extsz"),
                    values, input, dataLine != 0 ? dataLine : metaLine, dataText != null ? dataText : "");
        }

        private Long number(String key) {
            String v = values.get(key);
            if (v == null || v.isEmpty()) {
                return null;
            }
            long x = 0;
            for (int i = 0; i < v.length(); i++) {
                char c = v.charAt(i);
                if (c < '0' || c > '9' || x > Long.MAX_VALUE / 10 - 10) {
                    return null;
                }
                x = x * 10 + (c - '0');
            }
            return x;
        }

        private Integer integer(String key) {
            Long v = number(key);
            return v == null || v > Integer.MAX_VALUE ? null : v.intValue();
        }

        private Boolean flag(String key) {
            Long v = number(key);
            return v == null ? null : v != 0;
        }

        private static String nullIfEmpty(String s) {
            return s == null || s.isEmpty() ? null : s;
        }
    }
}
