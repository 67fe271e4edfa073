package dev.ioverdict.parse.fio;

import dev.ioverdict.model.fio.FioJobFile;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A fio job file: INI sections ({@code [global]}, {@code [job]}) of {@code key=value} options
 * (fio's own names: rw, bs, ioengine, direct, iodepth, filename ...). Each job becomes a
 * {@link FioJobFile} with the global options under its own, so the report can say what the
 * workload was (engine, block size, direct I/O, queue depth, target).
 */
public final class FioJobFormat extends TextFormat {
    private static final Set<String> FIO_KEYS = Set.of("rw", "readwrite", "bs", "blocksize", "ioengine", "iodepth",
            "direct", "filename", "directory", "size", "numjobs", "runtime", "time_based", "fsync", "fdatasync",
            "buffered", "rwmixread", "bssplit", "group_reporting");

    public FioJobFormat() {
        super("fio-job", "fio job files (`[global]` and job sections of fio options)",
                FioJobFormat::recognition);
    }

    private static Recognition recognition(Sample sample) {
        boolean section = false;
        int keys = 0;
        for (String l : sample.lines()) {
            String s = l.strip();
            if (s.startsWith("[") && s.endsWith("]")) {
                section = true;
            } else if (section && s.indexOf('=') > 0 && FIO_KEYS.contains(s.substring(0, s.indexOf('=')).strip())) {
                keys++;
            }
        }
        return section && keys >= 2 ? Recognition.certain("INI sections with " + keys + " fio options (rw=, bs=, ...)")
                : Recognition.NO;
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        Map<String, String> global = new LinkedHashMap<>();
        Map<String, String> current = null;
        String job = null;
        long jobLine = 0;
        String jobText = null;
        String line;
        while ((line = in.next()) != null) {
            String s = line.strip();
            if (s.isEmpty() || s.startsWith("#") || s.startsWith(";")) {
                continue;
            }
            if (s.startsWith("[") && s.endsWith("]")) {
                emit(ctx, job, jobLine, jobText, global, current);
                job = s.substring(1, s.length() - 1).strip();
                jobLine = in.number();
                jobText = line;
                current = job.equals("global") ? global : new LinkedHashMap<>();
                continue;
            }
            if (current == null) {
                ctx.skip(in.number(), "option before any [section]: " + s);
                continue;
            }
            int eq = s.indexOf('=');
            current.put(eq < 0 ? s : s.substring(0, eq).strip(), eq < 0 ? "" : s.substring(eq + 1).strip());
            ctx.record();
        }
        emit(ctx, job, jobLine, jobText, global, current);
    }

    private static void emit(ParseContext ctx, String job, long line, String text, Map<String, String> global,
                             Map<String, String> own) {
        if (job == null || job.equals("global")) {
            return;
        }
        Map<String, String> all = new LinkedHashMap<>(global);
        all.putAll(own);
        ctx.emit(new FioJobFile(job, all, ctx.input(), line, text));
    }
}
