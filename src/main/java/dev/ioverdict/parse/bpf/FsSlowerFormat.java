package dev.ioverdict.parse.bpf;

import dev.ioverdict.model.bpf.FsOp;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.text.Numbers;
import dev.ioverdict.parse.text.Tokens;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * File-system operations slower than a threshold: ext4slower, xfsslower, btrfsslower, zfsslower,
 * nfsslower ({@code TIME COMM PID T BYTES OFF_KB LAT(ms) FILENAME}, their -j CSV
 * {@code ENDTIME_us,TASK,PID,TYPE,BYTES,OFFSET_b,LATENCY_us,FILE}) and fileslower
 * ({@code TIME(s) COMM PID|TID D BYTES LAT(ms) FILENAME}). The command may hold blanks and so may
 * the file name: the pid is the first number followed by an operation letter and the figures.
 */
public final class FsSlowerFormat extends TextFormat {
    static final String CSV = "ENDTIME_us,TASK,PID,TYPE,BYTES,OFFSET_b,LATENCY_us,FILE";

    public FsSlowerFormat() {
        super("fs-slower", "bcc's `ext4slower` / `xfsslower` / `btrfsslower` / `zfsslower` / `nfsslower` (and -j) and `fileslower`: file operations slower than a threshold",
                Recogniser.of(
                        Signature.certain("file-system slower-than header '{line}'", Clue.lines(FsSlowerFormat::isHeader).within(20)),
                        Signature.certain("-j CSV header '{line}' of ext4slower / xfsslower", Clue.startsWith(CSV).within(20))));
    }

    static boolean isHeader(String line) {
        List<String> w = Tokens.split(line);
        return w.size() >= 7 && (w.get(0).equals("TIME") || w.get(0).equals("TIME(s)")) && w.get(1).equals("COMM")
                && w.get(w.size() - 1).equals("FILENAME") && w.get(w.size() - 2).equals("LAT(ms)");
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        Tokens t = new Tokens();
        String tool = null;
        String fs = null;
        double threshold = Double.NaN;
        boolean offsets = false;
        boolean csv = false;
        boolean header = false;
        String line;
        while ((line = in.next()) != null) {
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("Tracing ")) {
                // "Tracing ext4 operations slower than 10 ms", "Tracing XFS operations", "Tracing sync read/writes slower than 1 ms"
                t.of(line);
                boolean sync = t.is(1, "sync");
                fs = sync ? null : t.get(1).toLowerCase(Locale.ROOT);
                tool = sync ? "fileslower" : fs + "slower";
                int than = line.indexOf("slower than ");
                threshold = than < 0 ? 0 : t.decimal(t.count() - 2) / 1000;
                continue;
            }
            if (line.startsWith(CSV)) {
                csv = true;
                header = true;
                continue;
            }
            if (isHeader(line)) {
                header = true;
                offsets = line.contains("OFF_KB");
                if (tool == null) {
                    tool = offsets ? "fs-slower" : "fileslower";
                }
                continue;
            }
            if (!header) {
                continue;
            }
            FsOp op = csv ? csvOp(line, tool, fs, threshold, ctx.input(), in.number())
                    : op(line, t.of(line), tool, fs, threshold, offsets, ctx.input(), in.number());
            if (op == null) {
                String s = line.strip();
                if (!s.startsWith("[") && !s.startsWith("^") && !s.startsWith("Detaching")) {
                    ctx.skip(in.number(), "not an operation line of the header's layout: " + s);
                }
                continue;
            }
            ctx.emit(op);
            ctx.record();
        }
    }

    /** The first word after the time that is a pid followed by an operation letter and the columns after it. */
    private static FsOp op(String line, Tokens t, String tool, String fs, double threshold, boolean offsets,
                           String input, long number) {
        int figures = offsets ? 4 : 3; // BYTES [OFF_KB] LAT(ms) after T
        for (int p = 2; p + 1 + figures < t.count(); p++) {
            long pid = Numbers.unsigned(line, t.start(p), t.end(p));
            int o = p + 1;
            char op = line.charAt(t.start(o));
            if (pid < 0 || pid > Integer.MAX_VALUE || t.end(o) - t.start(o) != 1 || "RWOS".indexOf(op) < 0) {
                continue;
            }
            long bytes = Numbers.unsigned(line, t.start(o + 1), t.end(o + 1));
            long offset = offsets ? Numbers.unsigned(line, t.start(o + 2), t.end(o + 2)) : -1;
            double lat = t.decimal(o + figures - 1);
            if (bytes < 0 || (offsets && offset < 0) || Double.isNaN(lat)) {
                continue;
            }
            String file = line.substring(t.start(o + figures)).strip();
            return new FsOp(input, number, tool, fs, threshold, t.get(0), line.substring(t.start(1), t.end(p - 1)),
                    (int) pid, op, bytes, offset, lat / 1000, file);
        }
        return null;
    }

    /** {@code 127200712278,bash,17225,R,128,0,14329,cksum}: end time and latency in microseconds, offset in bytes. */
    private static FsOp csvOp(String line, String tool, String fs, double threshold, String input, long number) {
        int[] c = new int[7];
        int from = 0;
        for (int i = 0; i < 7; i++) {
            c[i] = line.indexOf(',', from);
            if (c[i] < 0) {
                return null;
            }
            from = c[i] + 1;
        }
        long pid = Numbers.unsigned(line, c[1] + 1, c[2]);
        char op = c[3] - c[2] == 2 ? line.charAt(c[2] + 1) : '?';
        long bytes = Numbers.unsigned(line, c[3] + 1, c[4]);
        long offset = Numbers.unsigned(line, c[4] + 1, c[5]);
        long lat = Numbers.unsigned(line, c[5] + 1, c[6]);
        long end = Numbers.unsigned(line, 0, c[0]);
        if (pid < 0 || pid > Integer.MAX_VALUE || "RWOS".indexOf(op) < 0 || bytes < 0 || offset < 0 || lat < 0 || end < 0) {
            return null;
        }
        return new FsOp(input, number, tool == null ? "fs-slower" : tool, fs, threshold,
                String.format(Locale.ROOT, "%.6f", end / 1e6), line.substring(c[0] + 1, c[1]), (int) pid, op, bytes,
                offset / 1024, lat / 1e6, line.substring(c[6] + 1));
    }
}
