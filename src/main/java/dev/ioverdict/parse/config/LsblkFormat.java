package dev.ioverdict.parse.config;

import dev.ioverdict.parse.text.Tokens;
import dev.ioverdict.model.config.BlockDevice;
import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.model.config.QueueSetting;
import dev.ioverdict.model.config.SchedulerSetting;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * lsblk: the default tree (ASCII {@code |-}/{@code `-} and UTF-8 {@code ├─}/{@code └─}), any
 * {@code -o} column choice up to every column, list output, and {@code -P} {@code KEY="value"}
 * pairs. One {@link BlockDevice} per device (a device the tree shows under several parents, as
 * multipath and md members do, once, with all its parents). For mounted devices with a known
 * FSTYPE also a {@link FilesystemInfo}; for whole devices (not partitions, whose queue is their
 * disk's) a {@link SchedulerSetting} from SCHED and {@link QueueSetting}s from RQ-SIZE, ROTA,
 * LOG-SEC, PHY-SEC, MIN-IO, OPT-IO and RA under their sysfs names.
 */
public final class LsblkFormat extends TextFormat {
    /** lsblk column -> /sys/block/DEV/queue attribute it shows. */
    private static final Map<String, String> QUEUE_COLUMNS = orderedMap(
            "RQ-SIZE", "nr_requests", "ROTA", "rotational", "LOG-SEC", "logical_block_size",
            "PHY-SEC", "physical_block_size", "MIN-IO", "minimum_io_size", "OPT-IO", "optimal_io_size",
            "RA", "read_ahead_kb");
    private static final Set<String> NO_FILESYSTEM = Set.of("", "swap", "LVM2_member", "linux_raid_member",
            "crypto_LUKS", "mpath_member");

    public LsblkFormat() {
        super("lsblk", "`lsblk` (tree, `-o` columns, `-P` pairs, all columns)",
                LsblkFormat::recognition);
    }

    private static Recognition recognition(Sample sample) {
        int pairs = 0;
        for (String line : sample.lines()) {
            LsblkTable t = LsblkTable.header(line);
            if (t != null) {
                return t.has("MAJ:MIN") || t.columnCount() >= 3
                        ? Recognition.certain("lsblk header: " + line.strip())
                        : Recognition.likely("lsblk header: " + line.strip());
            }
            Map<String, String> p = pairs(line);
            if (p != null) {
                pairs++;
            }
        }
        return pairs > 0 ? Recognition.certain(pairs + " lsblk -P KEY=\"value\" lines") : Recognition.NO;
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        Map<String, Device> devices = new LinkedHashMap<>();
        LsblkTable table = null;
        List<String> stack = new ArrayList<>();
        String line;
        while ((line = in.nextNonBlank()) != null) {
            Map<String, String> p = pairs(line);
            if (p != null) {
                add(devices, p, -1, null, in.number(), line);
                continue;
            }
            LsblkTable header = LsblkTable.header(line);
            if (header != null) {
                table = header;
                stack.clear();
                continue;
            }
            if (table == null) {
                if (CommandLine.command(line) == null) {
                    ctx.skip(in.number(), "line before any lsblk header");
                }
                continue;
            }
            LsblkTable.Row row = table.cut(line);
            if (row == null) {
                if (CommandLine.command(line) == null) {
                    ctx.skip(in.number(), "does not fit the lsblk columns (no MAJ:MIN)");
                }
                continue;
            }
            if (row.depth() < 0) {
                continue; // another mount point of the device above
            }
            String name = nameOf(row.cells());
            String parent = null;
            if (table.has("NAME")) {
                while (stack.size() > row.depth()) {
                    stack.remove(stack.size() - 1);
                }
                parent = row.depth() > 0 && stack.size() == row.depth() ? stack.get(row.depth() - 1) : null;
                while (stack.size() < row.depth()) {
                    stack.add(null);
                }
                stack.add(name);
            }
            add(devices, row.cells(), row.depth(), parent, in.number(), line);
        }
        for (Device d : devices.values()) {
            emit(d, ctx);
        }
    }

    private static void add(Map<String, Device> devices, Map<String, String> cells, int depth, String treeParent,
                            long number, String line) {
        String name = nameOf(cells);
        if (name.isEmpty()) {
            return;
        }
        Device d = devices.computeIfAbsent(name, k -> new Device(cells, number, line));
        String parent = treeParent != null ? treeParent : cells.getOrDefault("PKNAME", "");
        if (!parent.isEmpty() && !d.parents.contains(parent)) {
            d.parents.add(parent);
        }
    }

    private static void emit(Device d, ParseContext ctx) {
        Map<String, String> c = d.cells;
        String name = nameOf(c);
        String type = blankToNull(c.get("TYPE"));
        String kernel = kernelName(c, name, type);
        String mount = blankToNull(firstLine(c.containsKey("MOUNTPOINT") ? c.get("MOUNTPOINT") : c.get("MOUNTPOINTS")));
        String fstype = blankToNull(c.get("FSTYPE"));
        String rota = c.get("ROTA");
        BlockDevice b = new BlockDevice(name, kernel, blankToNull(c.get("MAJ:MIN")), type, blankToNull(c.get("SIZE")),
                mount, fstype, rota == null || rota.isEmpty() ? null : !rota.equals("0"),
                integer(c.get("LOG-SEC")), integer(c.get("PHY-SEC")), integer(c.get("MIN-IO")),
                blankToNull(c.get("SCHED")), integer(c.get("RQ-SIZE")), integer(c.get("RA")), d.parents,
                blankToNull(c.get("WWN")), blankToNull(c.get("SERIAL")), ctx.input(), d.line, d.text);
        ctx.emit(b);
        ctx.record();
        if (mount != null && !mount.startsWith("[") && fstype != null && !NO_FILESYSTEM.contains(fstype)) {
            ctx.emit(new FilesystemInfo(name, mount, fstype, null, null, ctx.input(), d.line, d.text));
        }
        if (b.partition()) {
            return;
        }
        if (b.scheduler() != null) {
            ctx.emit(new SchedulerSetting(b.sysName(), b.scheduler(), List.of(), ctx.input(), d.line, d.text));
        }
        for (Map.Entry<String, String> q : QUEUE_COLUMNS.entrySet()) {
            String v = c.get(q.getKey());
            if (v != null && !v.isEmpty()) {
                ctx.emit(new QueueSetting(b.sysName(), q.getValue(), v, ctx.input(), d.line, d.text));
            }
        }
    }

    /** NAME without its "(dm-0)" suffix (old lsblk), else KNAME. */
    private static String nameOf(Map<String, String> c) {
        String name = c.getOrDefault("NAME", "");
        int paren = name.indexOf(" (");
        if (paren > 0) {
            name = name.substring(0, paren);
        }
        return name.isEmpty() ? c.getOrDefault("KNAME", "") : name;
    }

    /**
     * KNAME, or old lsblk's "name (dm-0)", or dm-MINOR for a device-mapper device, or the name
     * itself where kernel and lsblk names agree.
     */
    private static String kernelName(Map<String, String> c, String name, String type) {
        String kname = c.get("KNAME");
        if (kname != null && !kname.isEmpty()) {
            return kname;
        }
        String full = c.getOrDefault("NAME", "");
        int paren = full.indexOf(" (");
        if (paren > 0 && full.endsWith(")")) {
            return full.substring(paren + 2, full.length() - 1);
        }
        if (name.startsWith("dm-")) {
            return name;
        }
        boolean mapped = type != null && (type.equals("lvm") || type.equals("crypt") || type.equals("mpath")
                || type.equals("dm") || type.startsWith("dmraid"));
        if (!mapped) {
            return name;
        }
        // device-mapper names its devices dm-<minor>: the tree shows only the mapped name
        String majMin = c.getOrDefault("MAJ:MIN", "");
        int colon = majMin.indexOf(':');
        return colon > 0 && colon < majMin.length() - 1 ? "dm-" + majMin.substring(colon + 1) : null;
    }

    /**
     * Parses an lsblk -P line into KEY -> value (\xHH escapes decoded), or null when the line is
     * not one: it must consist of KEY="value" pairs only and name NAME or KNAME.
     */
    static Map<String, String> pairs(String line) {
        Map<String, String> out = new LinkedHashMap<>();
        int i = 0;
        int n = line.length();
        while (i < n) {
            i = Tokens.skipSpaces(line, i);
            if (i == n) {
                break;
            }
            int eq = line.indexOf("=\"", i);
            if (eq <= i) {
                return null;
            }
            String key = line.substring(i, eq);
            if (!LsblkTable.COLUMNS.contains(key)) {
                return null;
            }
            int close = line.indexOf('"', eq + 2);
            if (close < 0) {
                return null;
            }
            out.put(key, LsblkTable.unescape(line.substring(eq + 2, close)));
            i = close + 1;
        }
        return out.containsKey("NAME") || out.containsKey("KNAME") ? out : null;
    }

    private static Integer integer(String s) {
        if (s == null || s.isEmpty() || s.length() > 9) {
            return null;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return null;
            }
        }
        return Integer.parseInt(s);
    }

    /** MOUNTPOINTS lists every mount point of the device, one per line (\x0a in -P and -r). */
    private static String firstLine(String s) {
        int nl = s == null ? -1 : s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private static Map<String, String> orderedMap(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    /** A device as first seen, collecting the parents of its later appearances. */
    private static final class Device {
        final Map<String, String> cells;
        final long line;
        final String text;
        final List<String> parents = new ArrayList<>();

        Device(Map<String, String> cells, long line, String text) {
            this.cells = cells;
            this.line = line;
            this.text = text;
        }
    }
}
