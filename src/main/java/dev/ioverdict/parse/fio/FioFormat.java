package dev.ioverdict.parse.fio;

import dev.ioverdict.model.fio.FioJob;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.text.Numbers;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * fio's normal (human) output: per job {@code NAME: (groupid=0, jobs=1): err= 0: pid=N: DATE},
 * then per direction {@code write: IOPS=..., BW=...}, the {@code slat/clat/lat (usec|msec|nsec):}
 * lines, {@code clat percentiles (unit):} with its {@code |  99.00th=[ 19792]} rows, and
 * {@code issued rwts: total=r,w,t,x}. The many other lines (bw, iops, cpu, depths, disk stats) are
 * fio's own summaries and are passed over.
 */
public final class FioFormat extends TextFormat {
    private static final String JOB = "fio job header 'NAME: (groupid=' with IOPS / version lines";

    public FioFormat() {
        super("fio", "fio's output (per-job IOPS, slat/clat/lat, clat percentiles)",
                Recogniser.of(
                        Signature.certain(JOB, Clue.contains(": (groupid="), Clue.contains(": IOPS=")),
                        Signature.certain(JOB, Clue.contains(": (groupid="), Clue.startsWith("fio-"))));
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        Job job = null;
        Direction dir = null;
        String line;
        while ((line = in.next()) != null) {
            int group = line.indexOf(": (groupid=");
            if (group > 0 && !line.startsWith(" ")) {
                finish(job, ctx);
                dir = null;
                job = new Job(line.substring(0, group), pidOf(line));
                continue;
            }
            String s = line.strip();
            if (job == null) {
                continue;
            }
            int iops = s.indexOf(": IOPS=");
            if (iops > 0 && (s.startsWith("read") || s.startsWith("write") || s.startsWith("trim"))) {
                dir = new Direction(job, s.substring(0, iops), in.number(), line);
                dir.iops = metric(s, "IOPS=");
                dir.bandwidth = bandwidth(s);
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
        finish(job, ctx);
    }

    private static final class Job {
        final String name;
        final Integer pid;
        final Map<String, Long> issued = new LinkedHashMap<>();
        final java.util.List<Direction> directions = new java.util.ArrayList<>();

        Job(String name, Integer pid) {
            this.name = name;
            this.pid = pid;
        }
    }

    private static final class Direction {
        final Job job;
        final String name;
        final long line;
        final String text;
        double iops = Double.NaN;
        double bandwidth = Double.NaN;
        FioJob.Latency slat;
        FioJob.Latency clat;
        FioJob.Latency lat;
        double percentileScale;
        final Map<String, Double> percentiles = new LinkedHashMap<>();

        Direction(Job job, String name, long line, String text) {
            this.job = job;
            this.name = name;
            this.line = line;
            this.text = text;
            job.directions.add(this);
        }
    }

    /** A job's directions are complete at its end: fio prints the issued counts after all of them. */
    private static void finish(Job job, ParseContext ctx) {
        if (job == null) {
            return;
        }
        for (Direction d : job.directions) {
            ctx.emit(new FioJob(ctx.input(), d.line, d.text, job.name, job.pid, d.name, d.iops,
                    d.bandwidth, job.issued.get(d.name), d.slat, d.clat, d.lat, d.percentiles));
            ctx.record();
        }
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
        return new FioJob.Latency(min * scale, max * scale, avg * scale, Double.isNaN(stdev) ? Double.NaN : stdev * scale);
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
                d.percentiles.put(key, v * d.percentileScale);
            }
            i = close;
        }
    }

    private static double unitScale(String s, int from) {
        String u = s.substring(from, Math.max(from, s.indexOf(')', from))).toLowerCase(Locale.ROOT);
        return switch (u) {
            case "nsec" -> 1e-9;
            case "usec" -> 1e-6;
            case "msec" -> 1e-3;
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
        int end = i;
        while (end < s.length() && (Character.isDigit(s.charAt(end)) || s.charAt(end) == '.')) {
            end++;
        }
        int slash = s.indexOf("B/s", end);
        if (end == i || slash < 0 || slash - end > 2) {
            return Double.NaN;
        }
        double scale = switch (s.substring(end, slash)) {
            case "" -> 1;
            case "Ki" -> 1024;
            case "Mi" -> 1024.0 * 1024;
            case "Gi" -> 1024.0 * 1024 * 1024;
            case "Ti" -> 1024.0 * 1024 * 1024 * 1024;
            case "k", "K" -> 1e3;
            case "M" -> 1e6;
            case "G" -> 1e9;
            case "T" -> 1e12;
            default -> Double.NaN;
        };
        return parseDouble(s.substring(i, end)) * scale;
    }

    /** The number after {@code key} up to ',' or space, e.g. IOPS=632 or IOPS=1.2k; NaN if absent. */
    static double metric(String s, String key) {
        int i = s.indexOf(key);
        if (i < 0) {
            return Double.NaN;
        }
        i += key.length();
        int end = i;
        while (end < s.length() && s.charAt(end) != ',' && s.charAt(end) != ' ') {
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
