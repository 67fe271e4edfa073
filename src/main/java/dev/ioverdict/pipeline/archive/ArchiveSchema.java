package dev.ioverdict.pipeline.archive;

import dev.ioverdict.model.timemodel.Part;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The case archive's tables (docs/ARCHIVE.md): one list of columns per table, each with its SQL
 * type and what it means, from which the DDL, the Parquet export and the documentation check are
 * all made. Columns are added, never renamed; {@link #VERSION} is in the {@code meta} table.
 */
public final class ArchiveSchema {
    public static final String VERSION = "ioverdict.archive/1";

    /** A column: its name, DuckDB type and meaning (one sentence, for docs/ARCHIVE.md). */
    public record Column(String name, String type, String meaning) {
    }

    /** A table: its name, what one of its rows is, and its columns in order. */
    public record Table(String name, String meaning, List<Column> columns) {
        public Table {
            columns = List.copyOf(columns);
        }

        int index(String column) {
            for (int i = 0; i < columns.size(); i++) {
                if (columns.get(i).name().equals(column)) {
                    return i;
                }
            }
            // a defect: the row builders name only columns declared here
            throw new IllegalArgumentException(name + " has no column " + column);
        }

        String ddl() {
            StringBuilder b = new StringBuilder("CREATE TABLE ").append(name).append(" (");
            for (int i = 0; i < columns.size(); i++) {
                b.append(i == 0 ? "" : ", ").append(columns.get(i).name()).append(' ').append(columns.get(i).type());
            }
            return b.append(')').toString();
        }

        /** One row of this table, filled by column name. */
        public Row row() {
            return new Row(this);
        }
    }

    /** One row under construction: values by column name, nulls where nothing was set. */
    public static final class Row {
        private final Table table;
        private final Object[] values;

        Row(Table table) {
            this.table = table;
            this.values = new Object[table.columns().size()];
        }

        public Row set(String column, Object value) {
            values[table.index(column)] = value;
            return this;
        }

        public Table table() {
            return table;
        }

        public List<Object> values() {
            return Arrays.asList(values.clone());
        }

        public Object get(String column) {
            return values[table.index(column)];
        }
    }

    private static Column c(String name, String type, String meaning) {
        return new Column(name, type, meaning);
    }

    public static final Table META = new Table("meta", "one fact about the archive", List.of(
            c("key", "VARCHAR", "what the fact is: schema, tool_version, cases, shard"),
            c("value", "VARCHAR", "its value")));

    public static final Table CASES = new Table("cases", "one case of the batch, diagnosed or not", List.of(
            c("case_id", "VARCHAR", "the case's id: its folder or archive name, unique in the batch (the key of every table)"),
            c("source", "VARCHAR", "the bundle's own name (its file or folder name)"),
            c("source_path", "VARCHAR", "the bundle's path as the batch was given it"),
            c("status", "VARCHAR", "ok, damaged (an input had warnings), failed or nothing-usable"),
            c("verdict", "VARCHAR", "the worst severity found (critical, warning, info), clean, or the status when the case was not diagnosed"),
            c("message", "VARCHAR", "why a case failed or is damaged; empty otherwise"),
            c("critical", "INTEGER", "findings of severity critical"),
            c("warning", "INTEGER", "findings of severity warning"),
            c("info", "INTEGER", "findings of severity info"),
            c("top_rule", "VARCHAR", "the rule of the first-ranked cause"),
            c("headline", "VARCHAR", "the report's headline sentence"),
            c("title", "VARCHAR", "the report's title"),
            c("customer", "VARCHAR", "the customer as given to report --customer"),
            c("ref", "VARCHAR", "the ticket as given to report --ref"),
            c("hostname", "VARCHAR", "host name, when the bundle states it"),
            c("kernel", "VARCHAR", "kernel release, when the bundle states it"),
            c("os", "VARCHAR", "operating system, when the bundle states it"),
            c("arch", "VARCHAR", "architecture, when the bundle states it"),
            c("window_from", "TIMESTAMP", "start of the capture, UTC, from the inputs stamped with wall-clock times"),
            c("window_to", "TIMESTAMP", "end of the capture, UTC"),
            c("capture_seconds", "DOUBLE", "seconds the time model measured the waits over"),
            c("basis", "VARCHAR", "what the time model's seconds are: application (its I/O wait) or device (the devices' own time)"),
            c("wait_seconds", "DOUBLE", "the time model's whole: the application's I/O wait (or the devices' time), seconds"),
            c("inputs", "INTEGER", "files of the bundle listed in the report's inventory"),
            c("damaged_inputs", "INTEGER", "inputs with warnings"),
            c("formats", "VARCHAR[]", "the input formats recognised, sorted, each once"),
            c("report", "VARCHAR", "the case's report, relative to the archive's folder"),
            c("schema", "VARCHAR", "the report.json schema the row was read from"),
            c("tool_version", "VARCHAR", "the ioverdict version that wrote the report"),
            c("report_json", "VARCHAR", "the case's report.json, relative to the archive's folder (what compare ARCHIVE#CASE and "
                    + "report --archive read; an archive older than this column has report.json beside report)")));

    public static final Table FINDINGS = new Table("findings", "one finding of a case, in the report's order", List.of(
            c("case_id", "VARCHAR", "the case"),
            c("rank", "INTEGER", "1 for the report's first finding (most severe, then most time explained)"),
            c("rule", "VARCHAR", "the rule id (docs/rules/)"),
            c("severity", "VARCHAR", "critical, warning or info"),
            c("confidence", "VARCHAR", "high, medium or low"),
            c("subject_kind", "VARCHAR", "what the finding is about: device, process, file, filesystem or host"),
            c("subject", "VARCHAR", "the subject's identity (device name, pid, path)"),
            c("subject_label", "VARCHAR", "the subject as the report names it"),
            c("title", "VARCHAR", "the finding's title"),
            c("impact_seconds", "DOUBLE", "seconds of the time model's whole the finding explains"),
            c("impact_share_pct", "DOUBLE", "those seconds as a share of the whole, percent (null when the whole is not known)"),
            c("impact_of", "VARCHAR", "what the share is of"),
            c("impact_measured", "BOOLEAN", "whether the seconds were summed from the capture (true) or estimated"),
            c("symptoms", "VARCHAR[]", "rules of the findings this one explains (folded under it in the report)"),
            c("fingerprint", "VARCHAR", "rule, subject and main evidence location: the same finding in two runs")));

    public static final Table DEVICES = new Table("devices", "one block device of a case", List.of(
            c("case_id", "VARCHAR", "the case"),
            c("device", "VARCHAR", "the kernel's name (sdb, dm-3, loop0), or major,minor when the bundle names it no other way"),
            c("label", "VARCHAR", "how the report names the device (with mount point, dm name, major,minor)"),
            c("maj_min", "VARCHAR", "major,minor, when known"),
            c("media", "VARCHAR", "the time model's class of media (hdd, ssd, nvme, virtual, unknown)"),
            c("rotational", "BOOLEAN", "the rotational flag of sysfs or lsblk, when the bundle has it"),
            c("wwn", "VARCHAR", "the disk's WWN or WWID, when the bundle has it"),
            c("serial", "VARCHAR", "the disk's serial number, when the bundle has it"),
            c("read_iops", "DOUBLE", "reads per second, iostat's average (r/s)"),
            c("write_iops", "DOUBLE", "writes per second, iostat's average (w/s)"),
            c("iops", "DOUBLE", "requests per second, both directions (r/s + w/s, else tps)"),
            c("read_kb_s", "DOUBLE", "kB read per second, iostat's average (rkB/s, kr/s)"),
            c("write_kb_s", "DOUBLE", "kB written per second, iostat's average (wkB/s, kw/s)"),
            c("read_await_ms", "DOUBLE", "iostat's average read response time, ms (r_await)"),
            c("write_await_ms", "DOUBLE", "iostat's average write response time, ms (w_await)"),
            c("await_ms", "DOUBLE", "iostat's average response time of both directions, ms (await; svc_t on Solaris)"),
            c("util_avg_pct", "DOUBLE", "busy share, iostat's average, percent (%util, %b)"),
            c("util_max_pct", "DOUBLE", "busy share, the highest interval, percent"),
            c("iostat_samples", "INTEGER", "iostat intervals the figures above are averaged over (over all iostat files of the case, weighted by samples)"),
            c("read_service_ms", "DOUBLE", "the time model's read service time, ms (D2C of the block trace, else r_await)"),
            c("write_service_ms", "DOUBLE", "the time model's write service time, ms"),
            c("expected_max_service_ms", "DOUBLE", "the service time above which the time model calls this class of media slow, ms"),
            c("device_seconds", "DOUBLE", "the device's own time over the capture, seconds (time model)"),
            c("d2c_n", "BIGINT", "requests timed from dispatch to completion in the block trace"),
            c("d2c_avg_ms", "DOUBLE", "D2C average, ms (both directions: the block figures are not split by direction)"),
            c("d2c_p50_ms", "DOUBLE", "D2C median, ms"),
            c("d2c_p95_ms", "DOUBLE", "D2C 95th percentile, ms"),
            c("d2c_p99_ms", "DOUBLE", "D2C 99th percentile, ms"),
            c("q2c_p99_ms", "DOUBLE", "Q2C (queue to completion) 99th percentile, ms"),
            c("block_source", "VARCHAR", "where the block figures come from: blkparse, btt or perf-script")));

    private static List<Column> processColumns() {
        List<Column> cs = new ArrayList<>(List.of(
                c("case_id", "VARCHAR", "the case"),
                c("command", "VARCHAR", "the command (its processes together)"),
                c("pids", "INTEGER[]", "its process ids"),
                c("role", "VARCHAR", "application (its wait counts in the whole) or neighbour (whose load others wait behind)"),
                c("source", "VARCHAR", "the trace its system calls were timed from"),
                c("calls", "BIGINT", "I/O system calls counted"),
                c("wait_seconds", "DOUBLE", "seconds in those calls"),
                c("wait_share_pct", "DOUBLE", "its wait as a share of the time model's whole, percent")));
        for (Part p : Part.values()) {
            cs.add(c(partColumn(p), "DOUBLE", "seconds of its wait in the time model's part '" + p.id() + "' ("
                    + p.label() + "), all devices and directions"));
        }
        return cs;
    }

    /** {@code inode-lock} -> {@code inode_lock_seconds}. */
    static String partColumn(Part p) {
        return p.id().replace('-', '_').toLowerCase(Locale.ROOT) + "_seconds";
    }

    public static final Table PROCESSES = new Table("processes",
            "one command's I/O wait in a case's time model, split by where it went", processColumns());

    public static final Table WAITS = new Table("waits",
            "one part of one command's I/O wait, per device and direction (the time model's rows)", List.of(
            c("case_id", "VARCHAR", "the case"),
            c("command", "VARCHAR", "the command"),
            c("pids", "INTEGER[]", "its process ids"),
            c("part", "VARCHAR", "where the seconds went: submission, inode-lock, tag-wait, throttle, writeback, scheduler, device, flush, behind-other-io, not-explained, not-measured"),
            c("direction", "VARCHAR", "read or write, where the part has one"),
            c("device", "VARCHAR", "the device, where the part has one"),
            c("seconds", "DOUBLE", "seconds"),
            c("share_pct", "DOUBLE", "share of the command's wait, percent"),
            c("method", "VARCHAR", "per I/O, or how it was estimated")));

    public static final Table INPUTS = new Table("inputs", "one file of a case's bundle", List.of(
            c("case_id", "VARCHAR", "the case"),
            c("path", "VARCHAR", "path inside the bundle"),
            c("format", "VARCHAR", "the format recognised (CONTRACT.md's ids), unknown when none"),
            c("lines", "BIGINT", "lines read"),
            c("records", "BIGINT", "records read"),
            c("skipped", "BIGINT", "lines skipped"),
            c("warnings", "BIGINT", "warnings (lines that could not be read, cut records), listed or not"),
            c("first_warning", "VARCHAR", "the first warning, 'line N: message'"),
            c("first_time", "DOUBLE", "time of its first record, seconds in the format's own clock"),
            c("last_time", "DOUBLE", "time of its last record")));

    /** Every table, in the order they are written and documented. */
    public static final List<Table> TABLES = List.of(META, CASES, FINDINGS, DEVICES, PROCESSES, WAITS, INPUTS);

    /** The tables of case data (all but meta), by name. */
    public static Map<String, Table> caseTables() {
        Map<String, Table> m = new LinkedHashMap<>();
        TABLES.stream().filter(t -> t != META).forEach(t -> m.put(t.name(), t));
        return m;
    }

    /** docs/ARCHIVE.md's table of tables: one section per table, a row per column. */
    public static String markdown() {
        StringBuilder b = new StringBuilder();
        for (Table t : TABLES) {
            b.append("### `").append(t.name()).append("`: ").append(t.meaning()).append("\n\n");
            b.append("| column | type | meaning |\n|---|---|---|\n");
            for (Column c : t.columns()) {
                b.append("| `").append(c.name()).append("` | ").append(c.type()).append(" | ")
                        .append(c.meaning().replace("|", "\\|")).append(" |\n");
            }
            b.append('\n');
        }
        return b.toString();
    }

    private ArchiveSchema() {
    }
}
