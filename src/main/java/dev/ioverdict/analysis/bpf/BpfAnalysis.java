package dev.ioverdict.analysis.bpf;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.LogHistogram;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.bpf.BioIo;
import dev.ioverdict.model.bpf.BiotopRow;
import dev.ioverdict.model.bpf.BpfSection;
import dev.ioverdict.model.bpf.FsOp;
import dev.ioverdict.model.bpf.LatencyHistogram;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What bcc's and bpftrace's tools measured, per device, process, file and operation: biosnoop's
 * I/Os are streamed and summed per device and direction (latency and queued time measured per I/O,
 * percentiles from a log histogram within 0.1 %) and per process; biolatency's, ext4dist's and
 * xfsdist's histograms are summed over their intervals and their percentiles estimated; biotop's
 * intervals summed per process; ext4slower's, xfsslower's and fileslower's operations summed per
 * file and operation. Lists are bounded, the largest first.
 */
public final class BpfAnalysis implements Analysis {
    static final int MAX_DEVICES = 32;
    static final int MAX_PROCESSES = 20;
    static final int MAX_FILES = 20;
    static final int MAX_OPERATIONS = 24;
    /** Processes kept apart while streaming; past this, a biosnoop's further processes are counted in a note. */
    static final int TRACKED_PROCESSES = 10_000;

    private final Map<List<Object>, DeviceAcc> devices = new LinkedHashMap<>();
    private final Map<List<Object>, ProcessAcc> processes = new LinkedHashMap<>();
    private final Map<List<Object>, FileAcc> files = new LinkedHashMap<>();
    private long untrackedIos;

    private static final class DeviceAcc {
        final BioIo first;
        long n;
        double sum;
        double min = Double.MAX_VALUE;
        double max;
        long bytes;
        final LogHistogram latency = new LogHistogram();
        LogHistogram queued;
        double queuedSum;
        double queuedMin = Double.MAX_VALUE;
        double queuedMax;

        DeviceAcc(BioIo first) {
            this.first = first;
        }
    }

    private static final class ProcessAcc {
        final String input;
        final String tool;
        final String command;
        final int pid;
        final String device;
        final String direction;
        long ios;
        long bytes;
        boolean bytesKnown = true;
        double total;
        double max;
        boolean perIo;

        ProcessAcc(String input, String tool, String command, int pid, String device, String direction) {
            this.input = input;
            this.tool = tool;
            this.command = command;
            this.pid = pid;
            this.device = device;
            this.direction = direction;
        }
    }

    private static final class FileAcc {
        final FsOp first;
        long n;
        long bytes;
        double total;
        double max;
        final Set<String> commands = new LinkedHashSet<>();

        FileAcc(FsOp first) {
            this.first = first;
        }
    }

    @Override
    public void attach(Facts facts) {
        facts.stream(BioIo.class, this::add);
        facts.stream(FsOp.class, this::add);
    }

    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(BpfSection.class);
    }

    void add(BioIo io) {
        String direction = direction(io.direction());
        DeviceAcc d = devices.computeIfAbsent(List.of(io.input(), io.disk(), String.valueOf(direction)), k -> new DeviceAcc(io));
        d.n++;
        d.sum += io.latency();
        d.min = Math.min(d.min, io.latency());
        d.max = Math.max(d.max, io.latency());
        d.latency.record(Math.round(io.latency() * 1e9));
        if (io.bytes() >= 0) {
            d.bytes += io.bytes();
        }
        if (!Double.isNaN(io.queued())) {
            if (d.queued == null) {
                d.queued = new LogHistogram();
            }
            d.queued.record(Math.round(io.queued() * 1e9));
            d.queuedSum += io.queued();
            d.queuedMin = Math.min(d.queuedMin, io.queued());
            d.queuedMax = Math.max(d.queuedMax, io.queued());
        }
        List<Object> key = List.of(io.input(), io.command(), io.pid(), io.disk(), String.valueOf(direction));
        ProcessAcc p = processes.get(key);
        if (p == null) {
            if (processes.size() >= TRACKED_PROCESSES) {
                untrackedIos++;
                return;
            }
            p = new ProcessAcc(io.input(), "biosnoop", io.command(), io.pid(), io.disk(), direction);
            p.perIo = true;
            processes.put(key, p);
        }
        p.ios++;
        if (io.bytes() >= 0) {
            p.bytes += io.bytes();
        } else {
            p.bytesKnown = false;
        }
        p.total += io.latency();
        p.max = Math.max(p.max, io.latency());
    }

    void add(FsOp op) {
        FileAcc f = files.computeIfAbsent(List.of(op.input(), op.tool(), op.file(), op.operation()), k -> new FileAcc(op));
        f.n++;
        f.bytes += op.bytes();
        f.total += op.latency();
        f.max = Math.max(f.max, op.latency());
        if (f.commands.size() < 3) {
            f.commands.add(op.command() + " pid " + op.pid());
        }
    }

    @Override
    public void finish(Facts facts, Results results) {
        List<String> notes = new ArrayList<>();
        List<BpfSection.DeviceLatency> deviceList = new ArrayList<>();
        devices.forEach((k, d) -> deviceList.add(device(d)));
        List<LatencyHistogram> histograms = facts.all(LatencyHistogram.class);
        Map<List<Object>, List<LatencyHistogram>> biolatency = new LinkedHashMap<>();
        Map<List<Object>, List<LatencyHistogram>> fsdist = new LinkedHashMap<>();
        for (LatencyHistogram h : histograms) {
            List<Object> key = java.util.Arrays.asList(h.input(), h.tool(), h.keyKind(), h.key());
            (h.tool().equals("biolatency") ? biolatency : fsdist).computeIfAbsent(key, x -> new ArrayList<>()).add(h);
        }
        biolatency.values().forEach(hs -> deviceList.add(biolatency(hs)));
        List<BpfSection.OperationLatency> operations = new ArrayList<>();
        fsdist.values().forEach(hs -> operations.add(operation(hs)));
        for (BiotopRow r : facts.all(BiotopRow.class)) {
            ProcessAcc p = processes.computeIfAbsent(List.of(r.input(), r.command(), r.pid(), r.disk(),
                    String.valueOf(direction(r.direction()))), k -> new ProcessAcc(r.input(), "biotop", r.command(),
                    r.pid(), r.disk(), direction(r.direction())));
            p.ios += r.ios();
            p.bytes += r.kbytes() * 1024;
            p.total += r.ios() * r.average();
        }
        List<BpfSection.ProcessIo> processList = processes.values().stream()
                .sorted(Comparator.comparingDouble((ProcessAcc p) -> -p.total).thenComparing(p -> -p.ios))
                .map(BpfAnalysis::process).toList();
        List<BpfSection.FileLatency> fileList = files.values().stream()
                .sorted(Comparator.comparingDouble((FileAcc f) -> -f.total)).map(BpfAnalysis::file).toList();
        if (untrackedIos > 0) {
            notes.add(untrackedIos + " biosnoop I/Os of processes beyond the first " + TRACKED_PROCESSES
                    + " are counted per device only");
        }
        BpfSection section = new BpfSection(bounded(deviceList, MAX_DEVICES, "device latencies", notes),
                bounded(processList, MAX_PROCESSES, "processes (the largest total latency first)", notes),
                bounded(fileList, MAX_FILES, "files (the largest total latency first)", notes),
                bounded(operations, MAX_OPERATIONS, "file-system operations", notes), notes);
        if (!section.isEmpty()) {
            results.put(BpfSection.class, section);
        }
    }

    private static <T> List<T> bounded(List<T> all, int max, String what, List<String> notes) {
        if (all.size() <= max) {
            return all;
        }
        notes.add("the first " + max + " of " + all.size() + " " + what + " are listed");
        return all.subList(0, max);
    }

    private static BpfSection.DeviceLatency device(DeviceAcc d) {
        BioIo io = d.first;
        boolean bcc = io.tool().equals("bcc");
        BpfSection.Stat latency = new BpfSection.Stat(d.n, ns(d.min), ns(d.sum / d.n), ns(d.max), pct(d.latency, 50, d.max),
                pct(d.latency, 95, d.max), pct(d.latency, 99, d.max), false);
        BpfSection.Stat queued = d.queued == null ? null : new BpfSection.Stat(d.n, ns(d.queuedMin), ns(d.queuedSum / d.n),
                ns(d.queuedMax), pct(d.queued, 50, d.queuedMax), pct(d.queued, 95, d.queuedMax), pct(d.queued, 99, d.queuedMax), false);
        return new BpfSection.DeviceLatency(io.input(), "biosnoop", bcc ? "bcc" : "bpftrace", io.disk(),
                direction(io.direction()), null,
                bcc ? "issue to completion (D2C)" : "request start to completion (Q2C: the queue included)",
                io.wholeMilliseconds() ? "per I/O, each printed in whole milliseconds (rounded down)" : "per I/O",
                null, latency, queued, bcc ? d.bytes : null, null, null, null);
    }

    /** The percentile of a histogram of nanoseconds, in seconds, never above the largest value. */
    private static double pct(LogHistogram h, double p, double max) {
        return ns(Math.min(h.percentile(p) / 1e9, max));
    }

    /** Seconds to the nanosecond: the tools print microseconds at best, and the sums of their decimals should not read 2.9999999999999997e-05. */
    static double ns(double seconds) {
        return Math.round(seconds * 1e9) / 1e9;
    }

    private static BpfSection.DeviceLatency biolatency(List<LatencyHistogram> hs) {
        LatencyHistogram h = hs.get(0);
        List<BpfSection.Bucket> buckets = Log2Estimate.sum(hs);
        boolean flags = "flags".equals(h.keyKind());
        String device = h.keyKind() == null || flags ? "all" : h.key();
        String direction = flags ? flagsDirection(h.key()) : null;
        Long printedCount = null;
        Double printedAverage = null;
        if (hs.size() == 1) {
            printedCount = h.printedCount();
            printedAverage = h.printedAverage();
        }
        boolean bcc = h.source().equals("bcc");
        return new BpfSection.DeviceLatency(h.input(), "biolatency", h.source(), device, direction, flags ? h.key() : null,
                bcc ? "issue to completion (D2C), or request start to completion with -Q: the output does not say which"
                        : "request start to completion (Q2C: the queue included)",
                "estimated from log2 buckets", hs.size() > 1 ? hs.size() : null, Log2Estimate.of(buckets), null, null,
                printedCount, printedAverage == null ? null : ns(printedAverage), buckets);
    }

    private static BpfSection.OperationLatency operation(List<LatencyHistogram> hs) {
        LatencyHistogram h = hs.get(0);
        List<BpfSection.Bucket> buckets = Log2Estimate.sum(hs);
        String tool = h.tool();
        String fs = tool.endsWith("dist") && !tool.equals("fsdist") ? tool.substring(0, tool.length() - 4) : null;
        return new BpfSection.OperationLatency(h.input(), tool, h.source(), fs, h.key() == null ? "all" : h.key(),
                hs.size() > 1 ? hs.size() : null, Log2Estimate.of(buckets), buckets);
    }

    private static BpfSection.ProcessIo process(ProcessAcc p) {
        return new BpfSection.ProcessIo(p.input, p.tool, p.command, p.pid, p.device, p.direction, p.ios,
                p.bytesKnown ? p.bytes : null, ns(p.total), p.ios > 0 ? ns(p.total / p.ios) : 0, p.perIo ? ns(p.max) : null, null);
    }

    private static BpfSection.FileLatency file(FileAcc f) {
        FsOp op = f.first;
        return new BpfSection.FileLatency(op.input(), op.tool(), op.filesystem(), op.file(), op.operation(),
                Double.isNaN(op.threshold()) ? null : ns(op.threshold()), f.n, f.bytes, ns(f.total), ns(f.total / f.n), ns(f.max),
                List.copyOf(f.commands));
    }

    /** biolatency -F's flag sets ("Sync-Write", "ReadAhead-Read", "Flush") as the direction they hold. */
    static String flagsDirection(String flags) {
        if (flags.endsWith("Write")) {
            return "write";
        }
        if (flags.endsWith("Read")) {
            return "read";
        }
        return null;
    }

    private static String direction(char d) {
        return d == 'R' ? "read" : d == 'W' ? "write" : null;
    }
}
