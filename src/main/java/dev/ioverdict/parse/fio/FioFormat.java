package dev.ioverdict.parse.fio;

import dev.ioverdict.model.fio.FioDiskStats;
import dev.ioverdict.model.fio.FioGroupStatus;
import dev.ioverdict.model.fio.FioJob;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.text.Numbers;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * fio's normal (human) output. Before the run, one line per job
 * {@code NAME: (g=0): rw=randrw, bs=(R) 16.0KiB-16.0KiB, ..., ioengine=libaio, iodepth=4} (the
 * options the report states); per job {@code NAME: (groupid=0, jobs=1): err= 0: pid=N: DATE},
 * then per direction {@code write: IOPS=..., BW=...(io/runmsec)}, the {@code slat/clat/lat (usec|msec|nsec):}
 * lines, {@code clat percentiles (unit):} with its {@code |  99.00th=[ 19792]} rows, and
 * {@code issued rwts: total=r,w,t,x}; after all jobs, the group summary
 * ({@code Run status group 0 (all jobs):} with a {@code READ: bw=..., io=..., run=...} line per
 * direction) and the disk statistics ({@code Disk stats (read/write):} with
 * {@code sda: ios=r/w, merge=r/w, ticks=r/w, in_queue=N, util=P%} per device, a dm device's slaves
 * indented under it). The other lines (bw and iops samples, lat buckets, cpu, IO depths) are fio's
 * own summaries of what is read here and are passed over.
 */
public final class FioFormat extends TextFormat {
    private static final String JOB = "fio job header 'NAME: (groupid=' with IOPS / version lines";

    public FioFormat() {
        super("fio", "fio's normal output (per-job IOPS, bandwidth, slat/clat/lat, clat percentiles; "
                        + "`Run status group` summary; `Disk stats`)",
                Recogniser.of(
                        Signature.certain(JOB, Clue.contains(": (groupid="), Clue.contains(": IOPS=")),
                        Signature.certain(JOB, Clue.contains(": (groupid="), Clue.startsWith("fio-")),
                        Signature.certain("fio group summary 'Run status group N (all jobs):' with 'READ: bw='",
                                Clue.startsWith("Run status group "), Clue.contains("READ: bw=", "WRITE: bw=", "TRIM: bw=")),
                        Signature.certain("fio disk statistics 'Disk stats (read/write):' with 'ios=' lines",
                                Clue.startsWith("Disk stats (read/write):"), Clue.contains(": ios="))));
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        read(in, ctx, true, true);
    }

    /**
     * Reads fio's normal output; {@code jobs} false when the same run's jobs and disks were read
     * from its JSON (fio's {@code --output-format=normal,json} writes both into one file), so that
     * only the group summary, which fio's JSON does not have, is taken from the text.
     */
    static void read(LineReader in, ParseContext ctx, boolean jobs, boolean disks) throws IOException {
        Map<String, Map<String, String>> planned = new HashMap<>();
        Job job = null;
        Direction dir = null;
        int group = -1;
        boolean inDisks = false;
        int diskIndent = -1;
        String diskParent = null;
        String line;
        while ((line = in.next()) != null) {
            if (line.startsWith("Run status group ")) {
                finish(job, ctx, jobs);
                job = null;
                dir = null;
                inDisks = false;
                group = (int) Numbers.parseLong(line, 17, digitsEnd(line, 17), -1);
                continue;
            }
            if (line.startsWith("Disk stats (")) {
                finish(job, ctx, jobs);
                job = null;
                dir = null;
                group = -1;
                inDisks = disks;
                diskIndent = -1;
                continue;
            }
            String s = line.strip();
            if (group >= 0 && s.indexOf(": bw=") > 0) {
                groupStatus(s, group, line, in.number(), ctx);
                continue;
            }
            if (inDisks && s.indexOf(": ios=") > 0) {
                int indent = line.length() - line.stripLeading().length();
                if (diskIndent < 0 || indent <= diskIndent) {
                    diskIndent = indent;
                    diskParent = null;
                }
                String name = s.substring(0, s.indexOf(": ios="));
                disk(s, name, indent > diskIndent ? diskParent : null, line, in.number(), ctx);
                if (indent == diskIndent) {
                    diskParent = name;
                }
                continue;
            }
            int g = line.indexOf(": (g=");
            if (g > 0 && !line.startsWith(" ") && line.contains("rw=")) {
                planned.put(line.substring(0, g), plannedOptions(line));
                continue;
            }
            int groupId = line.indexOf(": (groupid=");
            if (groupId > 0 && !line.startsWith(" ")) {
                finish(job, ctx, jobs);
                dir = null;
                String name = line.substring(0, groupId);
                job = new Job(name, pidOf(line), whole(metric(line, "groupid=")), whole(metric(line, "jobs=")),
                        planned.getOrDefault(name, Map.of()));
                continue;
            }
            if (job == null) {
                continue;
            }
            int iops = s.indexOf(": IOPS=");
            if (iops > 0 && (s.startsWith("read") || s.startsWith("write") || s.startsWith("trim"))) {
                dir = new Direction(job, s.substring(0, iops), in.number(), line);
                dir.iops = metric(s, "IOPS=");
                dir.bandwidth = bandwidth(s);
                dir.runtime = runtime(s);
                continue;
            }
            if (dir == null) {
                continue;
            }
            boolean latencyLine = s.startsWith("slat (") || s.startsWith("clat (") || s.startsWith("lat (");
            // "lat (msec)   : 2=16.64%, 4=40.38%" is fio's bucket distribution, not the stats line
            if (latencyLine && s.contains("min=")) {
                FioJob.Latency l = latency(s);
                if (l == null) {
                    ctx.warn(in.number(), "unreadable fio latency line: " + s);
                } else if (s.startsWith("slat")) {
                    dir.slat = l;
                } else if (s.startsWith("clat")) {
                    dir.clat = l;
                } else {
                    dir.lat = l;
                }
            } else if (s.startsWith("clat percentiles (")) {
                dir.percentileScale = unitScale(s, s.indexOf('(') + 1);
            } else if (s.startsWith("|") && dir.percentileScale > 0) {
                percentiles(s, dir);
            } else if (s.startsWith("issued rwts: total=")) {
                issued(s, job);
            } else if (!s.startsWith("|")) {
                dir.percentileScale = 0;
            }
        }
        finish(job, ctx, jobs);
    }

    private static final class Job {
        final String name;
        final Integer pid;
        final int group;
        final int jobs;
        final Map<String, String> options;
        final Map<String, Long> issued = new LinkedHashMap<>();
        final List<Direction> directions = new ArrayList<>();

        Job(String name, Integer pid, int group, int jobs, Map<String, String> options) {
            this.name = name;
            this.pid = pid;
            this.group = group;
            this.jobs = jobs;
            this.options = options;
        }
    }

    private static final class Direction {
        final String name;
        final long line;
        final String text;
        double iops = Double.NaN;
        double bandwidth = Double.NaN;
        Double runtime;
        FioJob.Latency slat;
        FioJob.Latency clat;
        FioJob.Latency lat;
        double percentileScale;
        final Map<String, Double> percentiles = new LinkedHashMap<>();

        Direction(Job job, String name, long line, String text) {
            this.name = name;
            this.line = line;
            this.text = text;
            job.directions.add(this);
        }
    }

    /** A job's directions are complete at its end: fio prints the issued counts after all of them. */
    private static void finish(Job job, ParseContext ctx, boolean emit) {
        if (job == null || !emit) {
            return;
        }
        for (Direction d : job.directions) {
            ctx.emit(new FioJob(ctx.input(), d.line, d.text, job.name, job.pid, d.name, d.iops,
                    d.bandwidth, job.issued.get(d.name), d.slat, d.clat, d.lat, d.percentiles,
                    job.group < 0 ? null : job.group, job.jobs < 0 ? null : job.jobs, job.options, d.runtime, null));
            ctx.record();
        }
    }

    /**
     * {@code reader: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B,
     * ioengine=libaio, iodepth=1}: rw, bs (one size when reads, writes and trims share it) ioengine, iodepth.
     */
    static Map<String, String> plannedOptions(String line) {
        Map<String, String> out = new LinkedHashMap<>();
        String rw = word(line, "rw=");
        if (rw != null) {
            out.put("rw", rw);
        }
        int r = line.indexOf("bs=(R) ");
        if (r > 0) {
            List<String> sizes = new ArrayList<>();
            for (String tag : new String[] {"(R) ", "(W) ", "(T) "}) {
                int at = line.indexOf(tag, r);
                if (at > 0) {
                    String range = word(line, at + tag.length());
                    int dash = range.indexOf('-');
                    sizes.add(dash > 0 && range.substring(0, dash).equals(range.substring(dash + 1))
                            ? range.substring(0, dash) : range);
                }
            }
            out.put("bs", sizes.stream().distinct().count() == 1 ? sizes.get(0) : String.join(",", sizes));
        }
        for (String k : new String[] {"ioengine", "iodepth"}) {
            String v = word(line, k + "=");
            if (v != null) {
                out.put(k, v);
            }
        }
        return out;
    }

    private static String word(String line, String key) {
        int i = line.indexOf(key);
        return i < 0 ? null : word(line, i + key.length());
    }

    private static String word(String line, int from) {
        int end = from;
        while (end < line.length() && line.charAt(end) != ',' && line.charAt(end) != ' ') {
            end++;
        }
        return line.substring(from, end);
    }

    /** {@code READ: bw=64.9MiB/s (68.0MB/s), 9943KiB/s-55.2MiB/s (10.2MB/s-57.8MB/s), io=195MiB (204MB), run=3001-3002msec} */
    private static void groupStatus(String s, int group, String line, long number, ParseContext ctx) {
        String direction = s.substring(0, s.indexOf(':')).toLowerCase(Locale.ROOT);
        double bw = bandwidth(s.replace(": bw=", ": BW="));
        int range = s.indexOf("), ");
        double min = Double.NaN;
        double max = Double.NaN;
        if (range > 0) {
            String r = word(s, range + 3);
            int dash = r.indexOf("/s-");
            if (dash > 0) {
                min = bytes(r.substring(0, dash + 2).replace("/s", ""));
                max = bytes(r.substring(dash + 3).replace("/s", ""));
            }
        }
        String io = word(s, "io=");
        String run = word(s, "run=");
        double runMin = Double.NaN;
        double runMax = Double.NaN;
        if (run != null && run.endsWith("msec")) {
            int dash = run.indexOf('-');
            runMin = parseDouble(run.substring(0, dash < 0 ? run.length() - 4 : dash)) / 1e3;
            runMax = parseDouble(run.substring(dash + 1, run.length() - 4)) / 1e3;
        }
        if (Double.isNaN(bw) || io == null) {
            ctx.skip(number, "unreadable fio group summary line: " + s);
            return;
        }
        ctx.emit(new FioGroupStatus(ctx.input(), number, line, group, direction, bw, min, max, bytes(io), runMin, runMax));
        ctx.record();
    }

    /** {@code loop0: ios=17115/6673, merge=0/0, ticks=2811/3849, in_queue=6661, util=74.85%} (aggr* of dm devices passed over). */
    private static void disk(String s, String name, String under, String line, long number, ParseContext ctx) {
        long[] ios = pair(s, " ios=");
        long[] merge = pair(s, " merge=");
        long[] ticks = pair(s, " ticks=");
        double inQueue = metric(s, " in_queue=");
        String util = word(s, " util=");
        double u = util == null ? Double.NaN : parseDouble(util.replace("%", ""));
        if (ios == null || Double.isNaN(u)) {
            ctx.skip(number, "unreadable fio disk statistics line: " + s);
            return;
        }
        ctx.emit(new FioDiskStats(ctx.input(), number, line, name, ios[0], ios[1], merge == null ? 0 : merge[0],
                merge == null ? 0 : merge[1], ticks == null ? 0 : ticks[0], ticks == null ? 0 : ticks[1],
                Double.isNaN(inQueue) ? 0 : (long) inQueue, u, under));
        ctx.record();
    }

    private static long[] pair(String s, String key) {
        String v = word(s, key);
        int slash = v == null ? -1 : v.indexOf('/');
        if (slash < 0) {
            return null;
        }
        long a = Numbers.unsigned(v, 0, slash);
        long b = Numbers.unsigned(v, slash + 1, v.length());
        return a < 0 || b < 0 ? null : new long[] {a, b};
    }

    private static int whole(double v) {
        return Double.isNaN(v) ? -1 : (int) v;
    }

    private static int digitsEnd(String s, int from) {
        int end = from;
        while (end < s.length() && Character.isDigit(s.charAt(end))) {
            end++;
        }
        return end;
    }

    /** {@code (29.1MiB/3001msec)} on the IOPS line: the direction's run time in seconds. */
    static Double runtime(String s) {
        int ms = s.indexOf("msec)");
        int slash = ms < 0 ? -1 : s.lastIndexOf('/', ms);
        if (slash < 0) {
            return null;
        }
        double v = parseDouble(s.substring(slash + 1, ms));
        return Double.isNaN(v) ? null : v / 1e3;
    }

    private static void issued(String s, Job job) {
        String[] names = {"read", "write", "trim", "sync"};
        int i = s.indexOf("total=") + 6;
        for (String n : names) {
            int comma = s.indexOf(',', i);
            int space = s.indexOf(' ', i);
            int end = comma < 0 ? (space < 0 ? s.length() : space) : (space >= 0 && space < comma ? space : comma);
            long v = Numbers.unsigned(s, i, end);
            if (v >= 0) {
                job.issued.put(n, v);
            }
            if (comma < 0 || (space >= 0 && space < comma)) {
                break;
            }
            i = comma + 1;
        }
    }

    static Integer pidOf(String line) {
        int p = line.indexOf(": pid="); // not the "pid=" inside "groupid="
        if (p < 0) {
            return null;
        }
        p += 2;
        int end = p + 4;
        while (end < line.length() && Character.isDigit(line.charAt(end))) {
            end++;
        }
        long v = Numbers.unsigned(line, p + 4, end);
        return v < 0 ? null : (int) v;
    }

    /** {@code slat (usec): min=58, max=172829, avg=1362.26, stdev=5269.39} in seconds. */
    static FioJob.Latency latency(String s) {
        double scale = unitScale(s, s.indexOf('(') + 1);
        double min = metric(s, "min=");
        double max = metric(s, "max=");
        double avg = metric(s, "avg=");
        double stdev = metric(s, "stdev=");
        if (scale <= 0 || Double.isNaN(min) || Double.isNaN(max) || Double.isNaN(avg)) {
            return null;
        }
        return new FioJob.Latency(min / scale, max / scale, avg / scale, Double.isNaN(stdev) ? Double.NaN : stdev / scale);
    }

    /** {@code |  1.00th=[   545],  5.00th=[  1172], ...}: percentile -> seconds. */
    private static void percentiles(String s, Direction d) {
        int i = 0;
        while ((i = s.indexOf("th=[", i)) > 0) {
            int start = i - 1;
            while (start > 0 && (Character.isDigit(s.charAt(start - 1)) || s.charAt(start - 1) == '.')) {
                start--;
            }
            int close = s.indexOf(']', i);
            if (close < 0) {
                break;
            }
            String key = s.substring(start, i);
            double v = parseDouble(s.substring(i + 4, close).strip());
            if (!Double.isNaN(v)) {
                d.percentiles.put(key, v / d.percentileScale);
            }
            i = close;
        }
    }

    /** Units per second of the unit in parentheses from {@code from} on ("usec": 1e6): a division gives exact decimals; 0 if unknown. */
    private static double unitScale(String s, int from) {
        String u = s.substring(from, Math.max(from, s.indexOf(')', from))).toLowerCase(Locale.ROOT);
        return switch (u) {
            case "nsec" -> 1e9;
            case "usec" -> 1e6;
            case "msec" -> 1e3;
            case "sec" -> 1;
            default -> 0;
        };
    }

    /** fio 3's "BW=84.7MiB/s" (or B/s, KiB/s, GiB/s; kB/s, MB/s with --unit-base) in bytes per second; NaN if absent. */
    static double bandwidth(String s) {
        int i = s.indexOf("BW=");
        if (i < 0) {
            return Double.NaN;
        }
        i += 3;
        int slash = s.indexOf("B/s", i);
        return slash < 0 ? Double.NaN : bytes(s.substring(i, slash + 1));
    }

    /** A size as fio prints it ("195MiB", "9943KiB", "4096B", "204MB") in bytes; NaN if unreadable. */
    static double bytes(String v) {
        int end = 0;
        while (end < v.length() && (Character.isDigit(v.charAt(end)) || v.charAt(end) == '.')) {
            end++;
        }
        if (end == 0 || !v.endsWith("B")) {
            return Double.NaN;
        }
        double scale = switch (v.substring(end, v.length() - 1)) {
            case "" -> 1;
            case "Ki" -> 1024;
            case "Mi" -> 1024.0 * 1024;
            case "Gi" -> 1024.0 * 1024 * 1024;
            case "Ti" -> 1024.0 * 1024 * 1024 * 1024;
            case "Pi" -> 1024.0 * 1024 * 1024 * 1024 * 1024;
            case "k", "K" -> 1e3;
            case "M" -> 1e6;
            case "G" -> 1e9;
            case "T" -> 1e12;
            case "P" -> 1e15;
            default -> Double.NaN;
        };
        return parseDouble(v.substring(0, end)) * scale;
    }

    /** The number after {@code key} up to ',' or space, e.g. IOPS=632 or IOPS=1.2k; NaN if absent. */
    static double metric(String s, String key) {
        int i = s.indexOf(key);
        if (i < 0) {
            return Double.NaN;
        }
        i += key.length();
        while (i < s.length() && s.charAt(i) == ' ') {
            i++; // fio pads its figures to a width: "avg= 5.24, stdev= 5.67"
        }
        int end = i;
        while (end < s.length() && s.charAt(end) != ',' && s.charAt(end) != ' ' && s.charAt(end) != ')') {
            end++;
        }
        String v = s.substring(i, end);
        double mult = 1;
        if (v.endsWith("k")) {
            mult = 1e3;
            v = v.substring(0, v.length() - 1);
        } else if (v.endsWith("M")) {
            mult = 1e6;
            v = v.substring(0, v.length() - 1);
        }
        return parseDouble(v) * mult;
    }

    private static double parseDouble(String v) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
