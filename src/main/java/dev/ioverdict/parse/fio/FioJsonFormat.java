package dev.ioverdict.parse.fio;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.model.fio.FioDiskStats;
import dev.ioverdict.model.fio.FioJob;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.InputFile;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.parse.Signature;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * fio's JSON output ({@code --output-format=json}, and json+ with each direction's clat histogram
 * in {@code clat_ns.bins}): {@code "jobs"} with per direction {@code iops}, {@code bw_bytes},
 * {@code total_ios}, {@code runtime} (ms), {@code slat_ns}/{@code clat_ns}/{@code lat_ns} (ns, with
 * {@code percentile}), the job's and the global options, and {@code disk_util}. The same
 * {@link FioJob} and {@link FioDiskStats} as fio's normal output, in seconds and bytes. Lines fio
 * printed before the JSON (the first job's {@code NAME: (g=0): rw=...} line when stdout was
 * redirected) are passed over; a file with fio's normal output after the JSON
 * ({@code --output-format=normal,json}) gives its group summary from the text, which the JSON lacks.
 *
 * <p>Read as a stream, one job at a time, and refused past {@link #MAX_BYTES}: a fio JSON of a
 * hundred json+ jobs is a few MB, so a bigger file is not fio's output of a benchmark run.
 */
public final class FioJsonFormat implements InputFormat {
    /** The largest fio JSON read. */
    public static final long MAX_BYTES = 64L << 20;

    private static final Recogniser RECOGNISER = Recogniser.of(Signature.certain(
            "fio JSON: '{' and the '\"fio version\"' key", Clue.lines(l -> l.startsWith("{")),
            Clue.contains("\"fio version\"")));
    private static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxDocumentLength(MAX_BYTES).maxNestingDepth(32)
                    .build()).build());
    private static final String[] DIRECTIONS = {"read", "write", "trim"};

    @Override
    public String id() {
        return "fio-json";
    }

    @Override
    public String description() {
        return "fio's JSON output (`--output-format=json`, `json+` with the clat histogram, `normal,json`): "
                + "per-job IOPS, bandwidth, latencies and percentiles, disk utilisation";
    }

    @Override
    public Recognition recognise(Sample sample) {
        return RECOGNISER.recognise(sample);
    }

    @Override
    public void parse(InputFile file, ParseContext ctx) throws IOException {
        if (file.size() > MAX_BYTES) {
            ctx.skip(1, file.path() + ": " + (file.size() >> 20) + " MiB is more than the " + (MAX_BYTES >> 20)
                    + " MiB a fio JSON output is read to (a hundred json+ jobs take a few MiB); not read");
            return;
        }
        try (InputStream raw = new BufferedInputStream(file.open())) {
            readJson(raw, ctx);
        }
        // the text after the JSON (normal,json), and the file's line count
        try (LineReader in = LineReader.of(file, ctx)) {
            FioFormat.read(in, ctx, false, false);
            in.countLines();
        }
    }

    private static void readJson(InputStream raw, ParseContext ctx) throws IOException {
        long before = 0;
        byte[] first;
        while (true) {
            first = line(raw);
            if (first == null) {
                ctx.skip(1, "no JSON object: fio's JSON starts with a line '{'");
                return;
            }
            if (first.length > 0 && first[0] == '{') {
                break;
            }
            before++;
        }
        Map<String, String> global = new LinkedHashMap<>();
        List<Pending> jobs = new ArrayList<>();
        try (JsonParser p = MAPPER.createParser(new SequenceInputStream(new ByteArrayInputStream(first), raw))) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                ctx.skip(before + 1, "no JSON object");
                return;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                switch (field) {
                    case "global options" -> global.putAll(options(p.readValueAsTree()));
                    case "jobs" -> {
                        if (value != JsonToken.START_ARRAY) {
                            p.skipChildren();
                            break;
                        }
                        while (p.nextToken() == JsonToken.START_OBJECT) {
                            long line = before + p.currentLocation().getLineNr();
                            JsonNode job = p.readValueAsTree();
                            jobs.add(new Pending(line, job, new LinkedHashMap<>(global)));
                        }
                    }
                    case "disk_util" -> {
                        long line = before + p.currentLocation().getLineNr();
                        JsonNode disks = p.readValueAsTree();
                        for (JsonNode d : disks) {
                            disk(d, null, line, ctx);
                        }
                    }
                    default -> p.skipChildren();
                }
            }
        } catch (JsonProcessingException e) {
            long line = e.getLocation() == null ? 0 : before + e.getLocation().getLineNr();
            ctx.skip(line, "fio JSON cut or damaged: " + e.getOriginalMessage().lines().findFirst().orElse("")
                    + "; the jobs before it are kept");
        }
        emit(jobs, ctx);
    }

    /** A job read, emitted once the whole file says how many processes each job name stands for. */
    private record Pending(long line, JsonNode job, Map<String, String> global) {
    }

    private static void emit(List<Pending> jobs, ParseContext ctx) {
        Map<String, Integer> entries = new HashMap<>();
        for (Pending j : jobs) {
            entries.merge(j.job().path("jobname").asText(), 1, Integer::sum);
        }
        for (Pending j : jobs) {
            JsonNode job = j.job();
            String name = job.path("jobname").asText();
            Map<String, String> options = new LinkedHashMap<>(j.global());
            options.putAll(options(job.path("job options")));
            options.remove("name");
            // group_reporting: one entry whose figures are of all numjobs processes
            int numjobs = parseInt(options.get("numjobs"), 1);
            Integer processes = entries.get(name) == 1 ? numjobs : 1;
            Integer group = job.has("groupid") ? job.get("groupid").asInt() : null;
            for (String d : DIRECTIONS) {
                JsonNode dir = job.path(d);
                long ios = dir.path("total_ios").asLong(0);
                if (!dir.isObject() || ios <= 0) {
                    continue;
                }
                JsonNode clat = dir.has("clat_ns") ? dir.get("clat_ns") : dir.path("clat");
                double scale = dir.has("clat_ns") ? 1e9 : 1e6; // units per second: fio 2's clat/slat/lat were in usec
                double bw = dir.has("bw_bytes") ? dir.get("bw_bytes").asDouble() : dir.path("bw").asDouble(Double.NaN) * 1024;
                ctx.emit(new FioJob(ctx.input(), j.line(), "\"jobname\" : \"" + name + "\" (" + d + ")", name, null, d,
                        dir.path("iops").asDouble(Double.NaN), bw, ios,
                        latency(dir.has("slat_ns") ? dir.get("slat_ns") : dir.path("slat"), scale),
                        latency(clat, scale),
                        latency(dir.has("lat_ns") ? dir.get("lat_ns") : dir.path("lat"), scale),
                        percentiles(clat.path("percentile"), scale), group, processes, options,
                        dir.has("runtime") ? dir.get("runtime").asDouble() / 1e3 : null, bins(clat.path("bins"))));
                ctx.record();
            }
        }
    }

    private static void disk(JsonNode d, String under, long line, ParseContext ctx) {
        String name = d.path("name").asText(null);
        if (name == null || !d.has("util")) {
            ctx.skip(line, "a disk_util entry without name or util");
            return;
        }
        ctx.emit(new FioDiskStats(ctx.input(), line, "\"name\" : \"" + name + "\" (disk_util)", name,
                d.path("read_ios").asLong(), d.path("write_ios").asLong(), d.path("read_merges").asLong(),
                d.path("write_merges").asLong(), d.path("read_ticks").asLong(), d.path("write_ticks").asLong(),
                d.path("in_queue").asLong(), d.path("util").asDouble(), under));
        ctx.record();
        for (JsonNode s : d.path("slaves")) {
            disk(s, name, line, ctx);
        }
    }

    private static FioJob.Latency latency(JsonNode n, double scale) {
        if (!n.isObject() || !n.has("mean") || n.path("N").asLong(1) == 0) {
            return null;
        }
        return new FioJob.Latency(n.path("min").asDouble() / scale, n.path("max").asDouble() / scale,
                n.path("mean").asDouble() / scale, n.path("stddev").asDouble(Double.NaN) / scale);
    }

    /** {@code "99.000000" : 6062080} to fio's normal output's key ("99.00") and seconds. */
    private static Map<String, Double> percentiles(JsonNode n, double scale) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            try {
                out.put(String.format(Locale.ROOT, "%.2f", Double.parseDouble(e.getKey())), e.getValue().asDouble() / scale);
            } catch (NumberFormatException ignored) {
                // not a percentile key; fio writes none other
            }
        }
        return out;
    }

    /** json+'s {@code "bins" : {"812" : 1, ...}}: nanoseconds to completions. */
    private static Map<Long, Long> bins(JsonNode n) {
        Map<Long, Long> out = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            try {
                out.merge(Long.parseLong(e.getKey()), e.getValue().asLong(), Long::sum);
            } catch (NumberFormatException ignored) {
                // not a bin; fio writes none other
            }
        }
        return out;
    }

    private static Map<String, String> options(JsonNode n) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), e.getValue().asText());
        }
        return out;
    }

    private static int parseInt(String s, int fallback) {
        try {
            return s == null ? fallback : Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    /** One line's bytes with its '\n', null at the end; a line is cut at 64 KiB (fio's header lines are short). */
    private static byte[] line(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            out.write(b);
            if (b == '\n' || out.size() >= 64 << 10) {
                break;
            }
        }
        return b < 0 && out.size() == 0 ? null : out.toByteArray();
    }
}
