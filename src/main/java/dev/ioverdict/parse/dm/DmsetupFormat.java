package dev.ioverdict.parse.dm;

import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.config.ListedDevice;
import dev.ioverdict.parse.LineSink;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.parse.SinkFormat;
import dev.ioverdict.parse.text.Excerpt;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * {@code dmsetup info -C}, {@code dmsetup ls} and {@code ls --tree}, and {@code dmsetup table}
 * (with or without {@code -v}): which device-mapper device has which name, major:minor and UUID
 * (a multipath map's UUID is {@code mpath-<WWID>}), and which devices each sits on. A dm device's
 * kernel name is {@code dm-<minor>}. One {@link ListedDevice} per device.
 */
public final class DmsetupFormat extends SinkFormat {
    private static final Set<String> TARGETS = Set.of("linear", "striped", "multipath", "thin-pool", "thin",
            "crypt", "raid", "mirror", "snapshot", "snapshot-origin", "zero", "error", "cache", "writecache",
            "era", "delay", "flakey", "verity", "integrity", "vdo", "switch", "dust");

    public DmsetupFormat() {
        super("dmsetup", InputClock.UNSTATED,
                "`dmsetup info -C`, `ls [--tree]`, `table [-v]`: device-mapper names, majors and minors, stacking",
                DmsetupFormat::recognition, Reader::new);
    }

    private static Recognition recognition(Sample sample) {
        int ls = 0;
        for (String line : sample.nonBlank()) {
            List<String> t = Dm.tokens(line);
            if (infoHeader(t)) {
                return Recognition.certain("dmsetup info -C header 'Name Maj Min Stat Open Targ Event UUID'");
            }
            if (line.startsWith("Major, minor:")) {
                return Recognition.certain("dmsetup -v 'Major, minor:' line");
            }
            if (tableLine(t) >= 0) {
                return Recognition.certain("dmsetup table line 'NAME: START LENGTH " + t.get(tableLine(t) + 2) + " ...'");
            }
            if (lsEntry(line) != null) {
                ls++;
            }
        }
        return ls >= 2 && ls * 2 >= sample.nonBlank().size() ? Recognition.likely(ls + " dmsetup ls 'NAME (MAJ:MIN)' lines")
                : Recognition.NO;
    }

    private static boolean infoHeader(List<String> t) {
        return t.size() >= 4 && t.get(0).equals("Name") && t.get(1).equals("Maj") && t.get(2).equals("Min");
    }

    /** Index of START in a table line ({@code [name:] start length target args}), or -1. */
    static int tableLine(List<String> t) {
        int i = !t.isEmpty() && t.get(0).endsWith(":") ? 1 : 0;
        return t.size() >= i + 3 && Dm.digits(t.get(i)) && Dm.digits(t.get(i + 1)) && TARGETS.contains(t.get(i + 2))
                ? i : -1;
    }

    /** {name, majMin, depth} of an ls / ls --tree line ({@code name (253:3)}, {@code  └─sdc (8:32)}), or null. */
    static Object[] lsEntry(String line) {
        int open = line.lastIndexOf('(');
        int close = line.lastIndexOf(')');
        if (open < 0 || close < open || !line.substring(close + 1).isBlank()) {
            return null;
        }
        String mm = Dm.majMin(line.substring(open, close + 1));
        if (mm == null) {
            return null;
        }
        int depth = 0;
        while (depth < open && "│├└─|`- \t".indexOf(line.charAt(depth)) >= 0) {
            depth++;
        }
        String name = line.substring(depth, open).strip();
        return new Object[] {name.isEmpty() ? null : name, mm, depth};
    }

    private static final class Reader implements LineSink {
        private final ParseContext ctx;
        private boolean info;
        private String verboseName;
        private String verboseMajMin;
        private long verboseLine;
        private String verboseText;
        /** ls --tree: the open nodes, deepest last: {name, majMin, depth, line, text, children}. */
        private final Deque<Node> tree = new ArrayDeque<>();

        private record Node(String name, String majMin, int depth, long line, String text, List<String> under) {
        }

        Reader(ParseContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public void line(String line, long n) {
            List<String> t = Dm.tokens(line);
            if (infoHeader(t)) {
                info = true;
                return;
            }
            if (info && t.size() >= 4 && Dm.digits(t.get(1)) && Dm.digits(t.get(2))) {
                String uuid = t.size() >= 8 ? t.get(7) : null;
                String wwid = uuid != null && uuid.contains("mpath-") ? uuid.substring(uuid.indexOf("mpath-") + 6)
                        : null;
                ctx.emit(new ListedDevice("dm-" + Integer.parseInt(t.get(2)), t.get(0), wwid,
                        Integer.parseInt(t.get(1)) + ":" + Integer.parseInt(t.get(2)), List.of(), null,
                        ctx.input(), n, line));
                ctx.record();
                return;
            }
            if (line.startsWith("Name:")) {
                verboseName = line.substring(5).strip();
                verboseLine = n;
                verboseText = line;
                return;
            }
            if (line.startsWith("Major, minor:")) {
                verboseMajMin = Dm.majMin(line.substring(13));
                return;
            }
            int start = tableLine(t);
            if (start >= 0) {
                table(n, line, t, start);
                return;
            }
            Object[] ls = lsEntry(line);
            if (ls != null) {
                tree(n, line, ls);
                return;
            }
            if (!line.contains(": ") && !line.startsWith("#") && !line.contains("dmsetup")) {
                ctx.skip(n, "not dmsetup output: " + Excerpt.of(line));
            }
        }

        @Override
        public void end() {
            while (!tree.isEmpty()) {
                close(tree.removeLast());
            }
        }

        private void table(long n, String line, List<String> t, int start) {
            String name = start == 1 ? t.get(0).substring(0, t.get(0).length() - 1) : verboseName;
            List<String> under = new ArrayList<>();
            for (int i = start + 3; i < t.size(); i++) {
                String mm = Dm.majMin(t.get(i));
                if (mm != null || t.get(i).startsWith("/dev/")) {
                    under.add(mm != null ? mm : t.get(i));
                }
            }
            String mm = start == 1 ? null : verboseMajMin;
            String dev = mm == null ? null : "dm-" + mm.substring(mm.indexOf(':') + 1);
            ctx.emit(new ListedDevice(dev, name, null, mm, under, t.get(start + 2), ctx.input(),
                    start == 1 || verboseText == null ? n : verboseLine, start == 1 || verboseText == null ? line
                    : verboseText));
            ctx.record();
        }

        private void tree(long n, String line, Object[] ls) {
            int depth = (Integer) ls[2];
            while (!tree.isEmpty() && tree.peekLast().depth() >= depth) {
                close(tree.removeLast());
            }
            String name = (String) ls[0];
            String mm = (String) ls[1];
            if (!tree.isEmpty()) {
                tree.peekLast().under().add(name != null ? name : mm);
            }
            tree.addLast(new Node(name, mm, depth, n, line, new ArrayList<>()));
            ctx.record();
        }

        /** A node with children, or at the top of the tree, is a dm device: dm-<minor>. */
        private void close(Node node) {
            boolean top = tree.isEmpty();
            if (!node.under().isEmpty() || top && node.depth() == 0) {
                ctx.emit(new ListedDevice("dm-" + node.majMin().substring(node.majMin().indexOf(':') + 1),
                        node.name(), null, node.majMin(), node.under(), null, ctx.input(), node.line(), node.text()));
            } else if (node.name() != null) {
                ctx.emit(new ListedDevice(node.name(), null, null, node.majMin(), List.of(), null, ctx.input(),
                        node.line(), node.text()));
            }
        }
    }
}
