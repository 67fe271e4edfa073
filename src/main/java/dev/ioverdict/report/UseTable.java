package dev.ioverdict.report;

import dev.ioverdict.analysis.config.DeviceIdentities;
import dev.ioverdict.analysis.config.MediaClass;
import dev.ioverdict.analysis.iostat.CpuLoads;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.report.model.Summary;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.Meaning.Use;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.rules.SubjectMetrics;
import dev.ioverdict.rules.block.DeviceLatencyRule;
import dev.ioverdict.model.timemodel.DeviceTime;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.TimeModel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Brendan Gregg's USE method per device, from what the bundle measured: utilization (busy %),
 * saturation (requests queued in front of the device, time in the scheduler) and errors (the
 * kernel log), plus the latency the device itself adds. Each cell is OK, a problem (linked to the
 * finding that says so) or not measured, so a healthy bundle still says what was looked at. Which
 * findings fill which cell their rules declare ({@link Meaning#use()}).
 */
final class UseTable {
    private UseTable() {
    }

    /**
     * With the time model: a device no rule found abnormal but that holds a material share of the
     * application's wait is not "ok" in its latency cell: it "holds the wait", with the share and
     * its service time against its class of media (a healthy device the application is bound by).
     * Every source's name of a device (iostat's sda, a trace's 8,0, a finding's subject) is taken to
     * its identity, so a device has one row under its one label.
     */
    static List<Summary.UseRow> of(List<IostatDevice> iostat, List<String> blockDevices, List<Finding> causes,
                                   List<InputSummary> inputs, DeviceIdentities ids, TimeModel model) {
        Set<String> devices = new LinkedHashSet<>();
        if (iostat != null) {
            iostat.stream().filter(d -> !Boolean.TRUE.equals(d.idle())).forEach(d -> devices.add(ids.key(d.device())));
        }
        Set<String> traced = new LinkedHashSet<>();
        blockDevices.forEach(d -> traced.add(ids.key(d)));
        devices.addAll(traced);
        deviceCauses(causes).forEach(d -> devices.add(ids.key(d)));
        boolean kernelLog = inputs.stream().anyMatch(i -> i.format().equals("kernel-log"));
        List<Summary.UseRow> rows = new ArrayList<>();
        for (String dev : devices) {
            List<IostatDevice> mine = iostat == null ? List.of()
                    : iostat.stream().filter(d -> ids.key(d.device()).equals(dev)).toList();
            IostatDevice io = chosen(mine, causes, dev, ids);
            // several files of one device (periods): the row says which one its figures are from
            String from = io != null && mine.stream().map(IostatDevice::input).distinct().count() > 1
                    ? " (" + io.input() + ")" : "";
            String util = io == null ? null : suffix(figure(io, new String[] {"%util", "%b"}, "%"), from);
            String queue = io == null ? null
                    : suffix(queue(io), from);
            String named = ids.label(dev);
            rows.add(new Summary.UseRow(dev, named == null || named.equals(dev) ? null : named,
                    cell(util, causes, dev, Use.UTILIZATION, util != null || traced.contains(dev), ids),
                    cell(queue, causes, dev, Use.SATURATION, queue != null || traced.contains(dev), ids),
                    cell(kernelLog ? "kernel log read" : null, causes, dev, Use.ERRORS, kernelLog, ids),
                    explained(holding(cell(stalls(causes, dev, ids).or(() -> ownTime(causes, dev, ids))
                                    .orElseGet(() -> service(dev, model, false)),
                            causes, dev, Use.LATENCY, io != null || traced.contains(dev), ids), dev, model), dev, model,
                            causes, ids)));
        }
        return rows;
    }

    /**
     * The CPUs' row, first as in the USE method, from iostat's avg-cpu lines: the median report's busy share
     * (neither idle nor waiting for I/O) and the busiest's, of the file that was busiest; its utilization a note
     * where they were saturated, the other cells not measured (iostat shows no run queue and no CPU errors).
     */
    static java.util.Optional<Summary.UseRow> cpus(CpuLoads loads) {
        return loads.loads().stream().filter(l -> l.reports() > 0)
                .max(java.util.Comparator.comparingDouble(CpuLoads.Load::medianBusyPct)).map(l -> {
                    boolean saturated = l.saturated();
                    String figure = "busy " + Figures.percent(l.medianBusyPct()) + " in the median of "
                            + Figures.count(l.reports()) + " reports, at most " + Figures.percent(l.maxBusyPct())
                            + (saturated ? ": no CPU free, a process that wakes waits for one" : "");
                    Summary.UseCell none = new Summary.UseCell("not measured", null, null, null);
                    return new Summary.UseRow("CPUs", "CPUs (iostat avg-cpu, " + l.input() + ")",
                            new Summary.UseCell(saturated ? "note" : "ok", figure, null, null), none, none, none);
                });
    }

    /**
     * The device's iostat entry the row shows: the file a finding about it was drawn from, else its
     * busiest file, so that a row never shows a quiet period beside a finding from a busy one.
     */
    private static IostatDevice chosen(List<IostatDevice> mine, List<Finding> causes, String dev, DeviceIdentities ids) {
        for (Finding f : causes) {
            if (about(f, dev, ids)) {
                var input = f.text(SubjectMetrics.INPUT);
                if (input.isPresent()) {
                    for (IostatDevice d : mine) {
                        if (input.get().equals(d.input())) {
                            return d;
                        }
                    }
                }
            }
        }
        return mine.stream().max(java.util.Comparator.comparing((IostatDevice d) -> !Boolean.TRUE.equals(d.idle()))
                .thenComparingDouble(d -> d.busyAvg() == null ? 0 : d.busyAvg())).orElse(null);
    }

    /**
     * Linux's queue (aqu-sz), or Solaris' two halves: requests waiting (wait) and in service (actv),
     * since a saturated array can queue nothing in the host and hold its requests in actv.
     */
    private static String queue(IostatDevice io) {
        String linux = figure(io, new String[] {"aqu-sz", "avgqu-sz"}, "");
        if (linux != null) {
            return linux;
        }
        String waiting = figure(io, new String[] {"wait"}, "");
        String active = figure(io, new String[] {"actv"}, "");
        return waiting == null ? active : active == null ? waiting : waiting + "; " + active;
    }

    private static String suffix(String figure, String from) {
        return figure == null ? null : figure + from;
    }

    /**
     * A problem when a cause or symptom about {@code dev} is of a rule that declares this cell (a note when
     * the cause is only a remark: abnormal figures that cost the application nothing); else ok or not measured.
     */
    private static Summary.UseCell cell(String figure, List<Finding> causes, String dev, Use use, boolean measured,
                                        DeviceIdentities ids) {
        for (int i = 0; i < causes.size(); i++) {
            Finding f = causes.get(i);
            if (fills(f, use) && about(f, dev, ids)) {
                return new Summary.UseCell(f.severity() == Severity.INFO ? "note" : "problem", figure,
                        "finding-" + (i + 1), f.rule());
            }
            for (Finding s : f.symptoms()) {
                if (fills(s, use) && about(s, dev, ids)) {
                    return new Summary.UseCell("problem", figure, "finding-" + (i + 1), s.rule());
                }
            }
        }
        return new Summary.UseCell(measured ? "ok" : "not measured", figure, null, null);
    }

    /**
     * Each request's own time, where a cause about the device measured it apart from the queue inside it (served in
     * turn): the device's latency is that, its D2C the queue's as well.
     */
    private static java.util.Optional<String> ownTime(List<Finding> causes, String dev, DeviceIdentities ids) {
        return causes.stream().filter(f -> f.rule().equals(DeviceLatencyRule.ID) && about(f, dev, ids)
                        && DeviceLatencyRule.splitsTheDevice(f))
                .flatMap(f -> f.measurement(DeviceLatencyRule.SERVED_IN_TURN).stream().map(own -> {
                    // one direction slow in the queue both share: its own time at the least, its D2C with the queue
                    String direction = f.text(SubjectMetrics.DIRECTION).orElse(null);
                    String one = direction == null ? " a request served alone"
                            : " a " + (direction.startsWith("read") ? "read" : "write") + " at the least";
                    return Figures.duration(own.value()) + one + f.measurement(DeviceLatencyRule.D2C_AVG)
                            .map(d2c -> "; D2C" + (direction == null ? "" : " of its " + direction) + " "
                                    + Figures.duration(d2c.value()) + " with the queue inside it").orElse("");
                }))
                .findFirst();
    }

    /**
     * What the stalls hold, where a cause about the device is one that stalls now and then: its average is within
     * its class, so the latency cell says that instead of setting the average against the class.
     */
    private static java.util.Optional<String> stalls(List<Finding> causes, String dev, DeviceIdentities ids) {
        return causes.stream().filter(f -> f.rule().equals(DeviceLatencyRule.ID) && about(f, dev, ids))
                // a device serving in turn holds a share too: each request's own time, not stalls
                .filter(f -> !DeviceLatencyRule.splitsTheDevice(f))
                .flatMap(f -> f.measurement(SubjectMetrics.OF_DEVICE_TIME).stream()).findFirst()
                .map(m -> "stalls now and then: a few requests far above its typical time hold "
                        + Figures.percent(m.value()) + " of its time");
    }

    /**
     * A latency cell still "ok" whose service time is above what its class gives (a saturated device whose
     * wait the application spent asleep for a tag, not in the device) is not ok: it is a note that sends the
     * reader to the cause about the same device.
     */
    private static Summary.UseCell explained(Summary.UseCell cell, String dev, TimeModel model, List<Finding> causes,
                                             DeviceIdentities ids) {
        if (model == null || !cell.status().equals("ok")) {
            return cell;
        }
        boolean above = model.device(dev).map(DeviceTime::aboveExpected).orElse(false);
        for (int i = 0; above && i < causes.size(); i++) {
            if (about(causes.get(i), dev, ids)) {
                return new Summary.UseCell("note", service(dev, model, true), "finding-" + (i + 1), causes.get(i).rule());
            }
        }
        return cell;
    }

    /** Below this share of the wait a device's time is not worth a word on page 1. */
    static final double MATERIAL_PCT = 10;

    private static Summary.UseCell holding(Summary.UseCell cell, String dev, TimeModel model) {
        if (model == null || !cell.status().equals("ok") || model.processes().isEmpty()) {
            return cell;
        }
        double behind = model.seconds(Part.BEHIND_OTHER_IO, dev);
        double seconds = model.seconds(Part.DEVICE, dev) + behind;
        double share = model.share(seconds);
        if (share < MATERIAL_PCT || !model.ioBound()) {
            // a tenth of a wait that is itself a trifle of the capture: the application is bound by no device
            return cell;
        }
        // time queued behind other processes' requests is the device's load, not its speed: its service
        // time then measures the neighbour, and is not set against the class
        String service = behind >= seconds / 2
                ? Figures.number(100 * behind / seconds) + " % of it queued behind other processes' requests, not the "
                        + "device's own time: the causes above say why"
                : service(dev, model, true);
        return new Summary.UseCell("holds the wait", Figures.number(share) + " % of " + model.wholeInWords()
                + (service == null ? "" : "; " + service), null, null);
    }

    /**
     * The device's service time by direction against what its class of media gives, as the time
     * model measured it ("reads 19.5 ms, above the 5 ms a solid-state device should give"), or null;
     * {@code pointOnward}: a slow one sends the reader to the causes (a cell that links to none).
     */
    private static String service(String dev, TimeModel model, boolean pointOnward) {
        if (model == null) {
            return null;
        }
        return model.device(dev).map(d -> {
            String measure = measure(d);
            Double r = d.readServiceMs();
            Double w = d.writeServiceMs();
            // one figure for both (an await that iostat did not split) is said once
            String ms = r != null && r.equals(w) ? "reads and writes " + Figures.number(r) + " ms"
                    : (r != null ? "reads " + Figures.number(r) + " ms" : "") + (r != null && w != null ? ", " : "")
                    + (w != null ? "writes " + Figures.number(w) + " ms" : "");
            double limit = d.expectedMaxServiceMs() == null ? Double.POSITIVE_INFINITY : d.expectedMaxServiceMs();
            // where the model's expectation holds the transfer of large requests, the limit says so
            String of = MediaClass.ofId(d.media()).nounPhrase()
                    + (limit > MediaClass.ofId(d.media()).abnormalMs() ? " moving its large requests" : "");
            if (r != null && w != null && r > limit != w > limit) {
                // one direction above its class's limit and one within: the slow one first, the other not with it
                boolean readsSlow = r > limit;
                return measure + (readsSlow ? "reads " + Figures.number(r) : "writes " + Figures.number(w))
                        + " ms, above the " + Figures.number(limit) + " ms " + of + " should give; "
                        + (readsSlow ? "writes " + Figures.number(w) : "reads " + Figures.number(r)) + " ms, within it"
                        + (pointOnward ? ": the causes above say why" : "");
            }
            return ms.isEmpty() ? null : measure + ms + (!d.aboveExpected() ? ", within what " + of
                    + " gives (slow above " + Figures.number(limit) + " ms)" : ", above the " + Figures.number(limit) + " ms " + of
                    + " should give" + (pointOnward ? ": the causes above say why" : ""));
        }).orElse(null);
    }

    /**
     * Which measure the figures are, said first: a cause's title may quote the other one for the same device
     * (device-latency's iostat await beside the block trace's D2C), and the two differ by the time between them.
     */
    private static String measure(DeviceTime d) {
        return "iostat".equals(d.source()) ? "await " : "D2C ";
    }

    private static boolean fills(Finding f, Use use) {
        return RuleCatalogue.meaning(f.rule()).fills(Meaning.Resource.DEVICE, use);
    }

    /** Whether the finding's subject is the device {@code dev} (its identity key), by any name the finding uses. */
    static boolean about(Finding f, String dev, DeviceIdentities ids) {
        return f.subject() != null && (dev.equals(ids.key(f.subject().id()))
                || f.text(SubjectMetrics.DEVICE).map(d -> dev.equals(ids.key(d))).orElse(false)
                || f.text(SubjectMetrics.DEVNO).map(d -> dev.equals(ids.key(d))).orElse(false));
    }

    private static List<String> deviceCauses(List<Finding> causes) {
        List<String> out = new ArrayList<>();
        for (Finding f : causes) {
            if (f.subject() != null && f.subject().kind().name().equals("DEVICE") && !f.subject().id().startsWith("?")) {
                out.add(f.text(SubjectMetrics.DEVICE).orElse(f.subject().id()));
            }
        }
        return out;
    }

    /** "avg 52.1%, max 99.6%" from the first column the dialect has. */
    private static String figure(IostatDevice d, String[] columns, String unit) {
        Map<String, IostatDevice.Stat> metrics = d.metrics();
        for (String c : columns) {
            IostatDevice.Stat s = metrics.get(c);
            if (s != null) {
                return c + " avg " + Figures.number(s.avg()) + unit + ", max " + Figures.number(s.max()) + unit;
            }
        }
        return null;
    }
}
