package dev.ioverdict.parse.iostat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.iostat.IostatColumns;
import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.parse.LineSink;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.parse.SinkFormat;
import dev.ioverdict.parse.text.Excerpt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * sysstat's JSON: {@code iostat -o JSON} (with or without -x, -t) and {@code sadf -j -- -d}. Both
 * print one statistics entry per report and one line per device ({@code {"disk_device": "sda",
 * "r/s": ...}}), so the file is read line by line (a row keeps its line number; a cut file keeps
 * every whole device line) and each device line is read as one JSON object. Keys become the
 * columns iostat and sar print ({@code util} and {@code util-percent} are {@code %util}, iostat's
 * {@code rrqm} its {@code %rrqm}, sadf's {@code rkB} sar's {@code rkB/s}); sadf's duplicates of
 * the old layout (rd_sec, avgrq-sz, avgqu-sz) are left out as sar leaves them out. iostat's first
 * report is its since-boot one; sadf's never are.
 */
public final class SysstatJsonFormat extends SinkFormat {
    public SysstatJsonFormat() {
        super("sysstat-json", InputClock.IOSTAT, "sysstat's JSON: `iostat -o JSON` (-x or basic) and `sadf -j -- -d`",
                SysstatJsonFormat::recognition, Reader::new);
    }

    private static final String IOSTAT_DEVICE = "{\"disk_device\":";
    private static final String SADF_DEVICE = "{\"disk-device\":";

    private static Recognition recognition(Sample sample) {
        boolean sysstat = false;
        for (String line : sample.lines()) {
            String s = line.strip();
            sysstat |= s.startsWith("{\"sysstat\":");
            if (sysstat && (s.startsWith(IOSTAT_DEVICE) || s.startsWith(SADF_DEVICE))) {
                return Recognition.certain("sysstat JSON with " + (s.startsWith(IOSTAT_DEVICE) ? "iostat's" : "sadf's")
                        + " per-device statistics ('" + s.substring(0, s.indexOf(':') + 1) + "')");
            }
        }
        return sysstat ? Recognition.possible("sysstat JSON ('{\"sysstat\":') without device statistics yet")
                : Recognition.NO;
    }

    /** JSON keys that differ from the column iostat / sar prints. */
    private static final Map<String, String> COLUMNS = Map.of("util", "%util", "util-percent", "%util",
            "rrqm", "%rrqm", "wrqm", "%wrqm", "drqm", "%drqm", "rkB", "rkB/s", "wkB", "wkB/s", "dkB", "dkB/s");

    /** sadf's values of sar's old layout, printed beside the current ones: sar shows only the current. */
    private static final List<String> SADF_DUPLICATES = List.of("rd_sec", "wr_sec", "dc_sec", "avgrq-sz",
            "avgqu-sz");

    private static final class Reader implements LineSink {
        private static final ObjectMapper JSON = new ObjectMapper();
        private final ParseContext ctx;
        private final IostatClock clock = new IostatClock();
        private final Map<String, IostatColumns> columns = new HashMap<>();
        private String date;
        private int report;
        private long reportLine;
        private double time = Double.NaN;
        private String timeText;
        private boolean sadf;

        Reader(ParseContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public void line(String line, long n) {
            String s = line.strip();
            if (s.startsWith(IOSTAT_DEVICE) || s.startsWith(SADF_DEVICE)) {
                device(n, line, s);
            } else if (s.startsWith("\"disk\":")) {
                report++;
                reportLine = n;
            } else if (s.startsWith("\"timestamp\":")) {
                timestamp(n, s);
            } else if (s.startsWith("\"date\":")) {
                JsonNode d = value(s);
                date = d != null && d.isTextual() ? clock.banner(d.asText()) : date;
            } else if (s.startsWith("\"file-date\":")) {
                sadf = true;
            }
        }

        /**
         * iostat -t: {@code "timestamp": "11/26/26 19:30:03",} (or ISO 8601 under S_TIME_FORMAT=ISO);
         * sadf: {@code "timestamp": {"date": "2026-11-26", "time": "19:30:04", "utc": 1, ...},}.
         */
        private void timestamp(long n, String s) {
            JsonNode t = value(s);
            time = Double.NaN;
            timeText = null;
            if (t == null) {
                ctx.skip(n, "timestamp that is not JSON: " + Excerpt.of(s));
                return;
            }
            String text = t.isTextual() ? t.asText() : t.path("date").asText() + " " + t.path("time").asText();
            double v = clock.stamp(text);
            if (!Double.isNaN(v)) {
                time = v;
                timeText = text;
                ctx.time(v);
            }
        }

        private void device(long n, String line, String s) {
            JsonNode row = object(s);
            if (row == null || report == 0) {
                ctx.skip(n, (row == null ? "device statistics that are not whole JSON (cut?): "
                        : "device statistics outside a \"disk\" list: ") + Excerpt.of(line));
                return;
            }
            boolean sadfRow = s.startsWith(SADF_DEVICE);
            // iostat prints its groups (-g) with a leading space: " other"
            String device = row.path(sadfRow ? "disk-device" : "disk_device").asText().strip();
            List<String> names = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = row.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                String key = e.getKey();
                if (key.equals("disk_device") || key.equals("disk-device") || (sadfRow && SADF_DUPLICATES.contains(key))) {
                    continue;
                }
                if (!e.getValue().isNumber()) {
                    ctx.skip(n, "value of \"" + key + "\" is not a number: " + Excerpt.of(line));
                    return;
                }
                names.add(COLUMNS.getOrDefault(key, key));
                values.add(e.getValue().asDouble());
            }
            IostatColumns cols = columns.computeIfAbsent(String.join(" ", names), k -> new IostatColumns(
                    dialect(names), (sadfRow ? "sadf -j: " : "iostat -o JSON: ") + String.join(" ", names), names));
            double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
            ctx.emit(new IostatSample(ctx.input(), n, line.strip(), reportLine, cols, device, report,
                    !sadf && !sadfRow && report == 1, Double.isNaN(time) ? null : time, timeText, date, v));
            ctx.record();
        }

        /** The value of a {@code "key": value,} line, null when it is not JSON. */
        private static JsonNode value(String s) {
            JsonNode o = object("{" + trimComma(s) + "}");
            return o == null ? null : o.elements().next();
        }

        private static JsonNode object(String s) {
            try {
                JsonNode node = JSON.readTree(trimComma(s));
                return node != null && node.isObject() && node.size() > 0 ? node : null;
            } catch (JsonProcessingException e) {
                return null;
            }
        }

        private static String trimComma(String s) {
            return s.endsWith(",") ? s.substring(0, s.length() - 1) : s;
        }
    }

    private static IostatDialect dialect(List<String> names) {
        return names.contains("avgqu-sz") || names.contains("svctm") && !names.contains("aqu-sz")
                ? IostatDialect.SYSSTAT_OLD : IostatDialect.SYSSTAT_NEW;
    }
}
