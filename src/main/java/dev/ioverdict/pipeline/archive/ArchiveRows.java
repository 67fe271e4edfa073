package dev.ioverdict.pipeline.archive;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.model.config.DeviceConfig;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.timemodel.DeviceTime;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.timemodel.WaitPart;
import dev.ioverdict.pipeline.archive.ArchiveSchema.Row;
import dev.ioverdict.pipeline.archive.ArchiveSchema.Table;
import dev.ioverdict.report.model.BatchSummary.CaseResult;
import dev.ioverdict.report.model.Report;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * One case as rows of the archive's tables, read from the typed report model (the report.json the
 * case wrote, read back into {@link Report}) and the batch's own line for the case. A case that
 * was not diagnosed (failed, nothing usable) has its {@code cases} row only.
 */
public final class ArchiveRows {
    private final Map<Table, List<Row>> rows = new LinkedHashMap<>();

    private ArchiveRows() {
        ArchiveSchema.caseTables().values().forEach(t -> rows.put(t, new ArrayList<>()));
    }

    /** The rows of {@code result}; {@code report} is its report model, or null when it has none. */
    public static Map<Table, List<Row>> of(CaseResult result, Report report) {
        ArchiveRows r = new ArchiveRows();
        r.caseRow(result, report);
        if (report != null) {
            String id = result.caseId();
            r.findings(id, report);
            r.devices(id, report);
            r.processes(id, report.timeModel());
            r.inputs(id, report.inputs());
        }
        return r.rows;
    }

    private Row add(Table t, String caseId) {
        Row row = t.row().set("case_id", caseId);
        rows.get(t).add(row);
        return row;
    }

    private void caseRow(CaseResult c, Report report) {
        Row row = add(ArchiveSchema.CASES, c.caseId())
                .set("source_path", c.source())
                .set("source", Report.CaseInfo.nameOf(c.source()))
                .set("status", status(c))
                .set("verdict", c.verdict())
                .set("message", c.message())
                .set("critical", c.critical())
                .set("warning", c.warning())
                .set("info", c.info())
                .set("report", c.report())
                .set("report_json", c.reports().stream().filter(r -> r.endsWith("report.json")).findFirst().orElse(null));
        if (report == null) {
            return;
        }
        row.set("schema", report.schema())
                .set("tool_version", report.tool() == null ? null : report.tool().version());
        Report.CaseInfo info = report.caseInfo();
        if (info != null) {
            row.set("title", info.title()).set("customer", info.customer()).set("ref", info.ref());
            if (info.bundle() != null) {
                row.set("source", info.bundle());
            }
            if (info.host() != null) {
                row.set("hostname", info.host().hostname()).set("kernel", info.host().kernel())
                        .set("os", info.host().os()).set("arch", info.host().arch());
            }
        }
        if (report.summary() != null) {
            row.set("headline", report.summary().headline());
            if (!report.summary().causes().isEmpty()) {
                row.set("top_rule", report.summary().causes().get(0).rule());
            }
            if (report.summary().facts() != null) {
                LocalDateTime[] w = window(report.summary().facts().window());
                row.set("window_from", w[0]).set("window_to", w[1]);
            }
        }
        if (row.get("top_rule") == null && !report.findings().isEmpty()) {
            row.set("top_rule", report.findings().get(0).rule());
        }
        TimeModel tm = report.timeModel();
        if (tm != null) {
            row.set("capture_seconds", tm.captureSeconds()).set("wait_seconds", tm.waitSeconds())
                    .set("basis", tm.basis() == null ? null : tm.basis().name().toLowerCase(Locale.ROOT));
        }
        row.set("inputs", report.inputs().size())
                .set("damaged_inputs", (int) report.inputs().stream().filter(InputSummary::damaged).count())
                .set("formats", List.copyOf(new TreeSet<>(report.inputs().stream().map(InputSummary::format)
                        .filter(f -> f != null).toList())));
    }

    /** The batch's status word of a case (ok, damaged, failed, nothing-usable). */
    static String status(CaseResult c) {
        return c.status() == null ? null : c.status().id();
    }

    /**
     * The capture's window as the report's facts give it ("2026-11-21T08:45:16Z ..
     * 2026-11-21T08:45:22Z UTC"), as UTC date-times; nulls when it has none.
     */
    static LocalDateTime[] window(String text) {
        LocalDateTime[] none = {null, null};
        if (text == null) {
            return none;
        }
        int sep = text.indexOf(" .. ");
        if (sep < 0) {
            return none;
        }
        String to = text.substring(sep + 4).trim();
        int space = to.indexOf(' ');
        if (space > 0) {
            to = to.substring(0, space);
        }
        try {
            return new LocalDateTime[] {LocalDateTime.ofInstant(Instant.parse(text.substring(0, sep).trim()), ZoneOffset.UTC),
                LocalDateTime.ofInstant(Instant.parse(to), ZoneOffset.UTC)};
        } catch (DateTimeParseException e) {
            return none;
        }
    }

    private void findings(String id, Report report) {
        int rank = 0;
        for (Finding f : report.findings()) {
            rank++;
            add(ArchiveSchema.FINDINGS, id)
                    .set("rank", rank)
                    .set("rule", f.rule())
                    .set("severity", f.severity().id())
                    .set("confidence", f.confidence() == null ? null : f.confidence().name().toLowerCase(Locale.ROOT))
                    .set("subject_kind", f.subject() == null ? null : f.subject().kind().name().toLowerCase(Locale.ROOT))
                    .set("subject", f.subject() == null ? null : f.subject().id())
                    .set("subject_label", f.subject() == null ? null : f.subject().label())
                    .set("title", f.title())
                    .set("impact_seconds", f.impact().seconds())
                    .set("impact_share_pct", f.impact().sharePct())
                    .set("impact_of", f.impact().of())
                    .set("impact_measured", f.impact().measured())
                    .set("symptoms", f.symptoms().stream().map(Finding::rule).toList())
                    .set("fingerprint", f.fingerprint());
        }
    }

    private void devices(String id, Report report) {
        Map<String, Row> byName = new LinkedHashMap<>();
        Function<String, Row> row = name -> byName.computeIfAbsent(name,
                n -> add(ArchiveSchema.DEVICES, id).set("device", n));
        Map<String, DeviceConfig> configByName = new LinkedHashMap<>();
        Map<String, String> nameByMajMin = new LinkedHashMap<>();
        if (report.config() != null) {
            for (DeviceConfig d : report.config().devices()) {
                if (d.device() != null) {
                    configByName.putIfAbsent(d.device(), d);
                    if (d.majMin() != null) {
                        nameByMajMin.putIfAbsent(d.majMin().replace(':', ','), d.device());
                    }
                }
            }
        }
        if (report.timeModel() != null) {
            for (DeviceTime d : report.timeModel().devices()) {
                row.apply(d.device()).set("label", d.label()).set("media", d.media())
                        .set("read_service_ms", d.readServiceMs()).set("write_service_ms", d.writeServiceMs())
                        .set("expected_max_service_ms", d.expectedMaxServiceMs())
                        .set("device_seconds", d.deviceSeconds());
            }
        }
        Map<String, List<IostatDevice>> iostat = new LinkedHashMap<>();
        for (IostatDevice d : report.iostat() == null ? List.<IostatDevice>of() : report.iostat()) {
            iostat.computeIfAbsent(d.device(), k -> new ArrayList<>()).add(d);
        }
        iostat.forEach((name, entries) -> iostat(row.apply(name), entries));
        if (report.block() != null) {
            for (BlockDeviceStats b : report.block().devices()) {
                String name = nameByMajMin.get(b.device());
                if (name == null) {
                    name = byName.entrySet().stream().filter(e -> names(e.getValue(), b.device()))
                            .map(Map.Entry::getKey).findFirst().orElse(b.device());
                }
                Row r = row.apply(name).set("maj_min", b.device()).set("block_source", b.source());
                PhaseStat d2c = b.phase(Phase.D2C);
                if (d2c.n() > 0) {
                    r.set("d2c_n", d2c.n()).set("d2c_avg_ms", ms(d2c.avg())).set("d2c_p50_ms", ms(d2c.p50()))
                            .set("d2c_p95_ms", ms(d2c.p95())).set("d2c_p99_ms", ms(d2c.p99()));
                }
                PhaseStat q2c = b.phase(Phase.Q2C);
                if (q2c.n() > 0) {
                    r.set("q2c_p99_ms", ms(q2c.p99()));
                }
            }
        }
        byName.forEach((name, r) -> {
            DeviceConfig c = configByName.get(name);
            if (c != null) {
                r.set("rotational", c.rotational()).set("wwn", c.wwid() != null ? c.wwid() : c.wwn())
                        .set("serial", c.serial());
                if (r.get("maj_min") == null && c.majMin() != null) {
                    r.set("maj_min", c.majMin().replace(':', ','));
                }
            }
            if (r.get("label") == null) {
                iostat.getOrDefault(name, List.of()).stream().map(IostatDevice::label).filter(l -> l != null)
                        .findFirst().ifPresent(l -> r.set("label", l));
            }
        });
    }

    /** Whether a row's label names major,minor {@code majMin}: "loop0 (/mnt, 7,0)". */
    private static boolean names(Row r, String majMin) {
        Object label = r.get("label");
        return label instanceof String l && (l.endsWith(", " + majMin + ")") || l.endsWith("(" + majMin + ")"));
    }

    /**
     * iostat's figures of one device over every iostat entry of the case (several files or runs):
     * averages weighted by the intervals each entry covers, the highest maximum.
     */
    private static void iostat(Row r, List<IostatDevice> entries) {
        Double rs = avg(entries, "r/s");
        Double ws = avg(entries, "w/s");
        r.set("read_iops", rs).set("write_iops", ws)
                .set("iops", rs != null && ws != null ? Double.valueOf(rs + ws) : avg(entries, "tps"))
                .set("read_kb_s", kb(entries, "rkB/s", "kr/s", "rsec/s", "rMB/s"))
                .set("write_kb_s", kb(entries, "wkB/s", "kw/s", "wsec/s", "wMB/s"))
                .set("read_await_ms", avg(entries, "r_await"))
                .set("write_await_ms", avg(entries, "w_await"))
                .set("await_ms", first(avg(entries, "await"), avg(entries, "svc_t")))
                .set("util_avg_pct", first(avg(entries, "%util"), avg(entries, "%b")))
                .set("util_max_pct", first(max(entries, "%util"), max(entries, "%b")))
                .set("iostat_samples", entries.stream().mapToInt(IostatDevice::samples).sum());
    }

    private static Double kb(List<IostatDevice> entries, String kb, String solaris, String sectors, String mb) {
        Double v = first(avg(entries, kb), avg(entries, solaris));
        if (v != null) {
            return v;
        }
        Double s = avg(entries, sectors);
        if (s != null) {
            return s / 2; // 512-byte sectors
        }
        Double m = avg(entries, mb);
        return m == null ? null : m * 1024;
    }

    private static Double first(Double a, Double b) {
        return a != null ? a : b;
    }

    static Double avg(List<IostatDevice> entries, String column) {
        double sum = 0;
        double weight = 0;
        for (IostatDevice d : entries) {
            IostatDevice.Stat s = d.metrics().get(column);
            if (s != null) {
                double w = Math.max(1, d.samples());
                sum += s.avg() * w;
                weight += w;
            }
        }
        return weight == 0 ? null : sum / weight;
    }

    private static Double max(List<IostatDevice> entries, String column) {
        return entries.stream().map(d -> d.metrics().get(column)).filter(s -> s != null)
                .map(IostatDevice.Stat::max).max(Double::compare).orElse(null);
    }

    private static Double ms(Double seconds) {
        return seconds == null ? null : seconds * 1000;
    }

    private void processes(String id, TimeModel tm) {
        if (tm == null) {
            return;
        }
        for (ProcessWait p : tm.processes()) {
            Map<Part, Double> seconds = new EnumMap<>(Part.class);
            for (Part part : Part.values()) {
                seconds.put(part, 0.0);
            }
            for (WaitPart w : p.parts()) {
                seconds.merge(w.part(), w.seconds(), Double::sum);
                add(ArchiveSchema.WAITS, id).set("command", p.command()).set("pids", p.pids())
                        .set("part", w.part().id()).set("direction", w.direction()).set("device", w.device())
                        .set("seconds", w.seconds()).set("share_pct", w.sharePct()).set("method", w.method());
            }
            Row r = add(ArchiveSchema.PROCESSES, id).set("command", p.command()).set("pids", p.pids())
                    .set("role", p.role().id()).set("source", p.source()).set("calls", p.calls())
                    .set("wait_seconds", p.waitSeconds())
                    .set("wait_share_pct", p.application() ? tm.share(p.waitSeconds()) : null);
            seconds.forEach((part, s) -> r.set(ArchiveSchema.partColumn(part), s));
        }
    }

    private void inputs(String id, List<InputSummary> inputs) {
        for (InputSummary i : inputs) {
            add(ArchiveSchema.INPUTS, id).set("path", i.path()).set("format", i.format()).set("lines", i.lines())
                    .set("records", i.records()).set("skipped", i.skipped())
                    .set("warnings", (long) i.warnings().size() + i.warningsNotListed())
                    .set("first_warning", i.warnings().isEmpty() ? null
                            : "line " + i.warnings().get(0).line() + ": " + i.warnings().get(0).message())
                    .set("first_time", i.firstTime()).set("last_time", i.lastTime());
        }
    }
}
