package dev.ioverdict.parse.bpf;

import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.bpf.BioIo;
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

/**
 * biosnoop, one line per block I/O at its completion, in the layout its header names: bcc's
 * {@code TIME(s) COMM PID DISK T SECTOR BYTES [P] [QUE(ms)] LAT(ms)} (-P adds the pattern, -Q the
 * time queued in the kernel) and bpftrace's biosnoop.bt {@code TIME(ms) DISK COMM PID LAT(ms)}
 * (whole milliseconds). The command may hold blanks: the columns before it are read from the left,
 * those after it from the right.
 */
public final class BiosnoopFormat extends TextFormat {
    public BiosnoopFormat() {
        super("biosnoop", InputClock.BIOSNOOP, "bcc's `biosnoop` (-Q, -P) and bpftrace's `biosnoop.bt`: one line per block I/O with process, disk and latency",
                Recogniser.of(Signature.certain("biosnoop header '{line}'", Clue.lines(BiosnoopFormat::isHeader).within(20))));
    }

    /** {@code TIME(s) COMM PID DISK T SECTOR BYTES LAT(ms)} (bcc) or {@code TIME(ms) DISK COMM PID LAT(ms)} (bpftrace). */
    static boolean isHeader(String line) {
        List<String> words = Tokens.split(line);
        return words.size() >= 4 && (words.get(0).equals("TIME(s)") || words.get(0).equals("TIME(ms)"))
                && words.get(words.size() - 1).equals("LAT(ms)") && words.contains("COMM") && words.contains("PID");
    }

    /** Where each column is in a header's layout; -1 for one it does not have. */
    private record Layout(int columns, boolean milliseconds, int comm, int pid, int disk, int type, int sector,
                          int bytes, int queued, int latency) {
        static Layout of(List<String> words) {
            return new Layout(words.size(), words.get(0).equals("TIME(ms)"), words.indexOf("COMM"), words.indexOf("PID"),
                    words.indexOf("DISK"), words.indexOf("T"), words.indexOf("SECTOR"), words.indexOf("BYTES"),
                    words.indexOf("QUE(ms)"), words.indexOf("LAT(ms)"));
        }
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        Tokens t = new Tokens();
        Layout layout = null;
        String tool = null;
        String line;
        while ((line = in.next()) != null) {
            if (line.isBlank()) {
                continue;
            }
            if (layout == null || line.startsWith("TIME(")) {
                if (isHeader(line)) {
                    layout = Layout.of(Tokens.split(line));
                    tool = layout.milliseconds ? "bpftrace" : "bcc";
                }
                continue;
            }
            t.of(line);
            if (chatter(t, line)) {
                continue;
            }
            BioIo io = io(line, t, layout, tool, ctx.input(), in.number());
            if (io == null) {
                ctx.skip(in.number(), "not a biosnoop line of the header's layout: " + line.strip());
                continue;
            }
            ctx.emit(io);
            ctx.time(io.time());
            ctx.record();
        }
    }

    /** What bpftrace and bcc print around the I/O lines: "Attaching 4 probes...", "^C", "[...]", "Detaching...". */
    private static boolean chatter(Tokens t, String line) {
        char c = line.strip().charAt(0);
        return c == '[' || c == '^' || c == '#' || c == '@' || t.is(0, "Attaching") || t.is(0, "Detaching...")
                || t.is(0, "Tracing") || t.is(0, "ERROR:") || t.is(0, "WARNING:");
    }

    private static BioIo io(String line, Tokens t, Layout l, String tool, String input, long number) {
        // columns after COMM sit from the right: a command with blanks widens the line
        int shift = t.count() - l.columns;
        if (shift < 0) {
            return null;
        }
        double time = t.decimal(0);
        double lat = t.decimal(at(l.latency, l, shift));
        long pid = longAt(line, t, at(l.pid, l, shift));
        if (Double.isNaN(time) || Double.isNaN(lat) || pid < 0 || pid > Integer.MAX_VALUE) {
            return null;
        }
        String command = l.comm < 0 ? "" : line.substring(t.start(l.comm), t.end(l.comm + shift));
        String disk = l.disk < 0 ? "?" : t.get(at(l.disk, l, shift));
        char dir = '?';
        if (l.type >= 0) {
            int ti = at(l.type, l, shift);
            char d = line.charAt(t.start(ti));
            if (t.end(ti) - t.start(ti) != 1 || (d != 'R' && d != 'W')) {
                return null;
            }
            dir = d;
        }
        long sector = l.sector < 0 ? -1 : longAt(line, t, at(l.sector, l, shift));
        long bytes = l.bytes < 0 ? -1 : longAt(line, t, at(l.bytes, l, shift));
        double queued = l.queued < 0 ? Double.NaN : t.decimal(at(l.queued, l, shift));
        if ((l.sector >= 0 && sector < 0) || (l.bytes >= 0 && bytes < 0) || (l.queued >= 0 && Double.isNaN(queued))) {
            return null;
        }
        return new BioIo(input, number, tool, l.milliseconds ? time / 1000 : time, command, (int) pid, disk, dir,
                sector, bytes, queued / 1000, lat / 1000, l.milliseconds);
    }

    /** Where column {@code c} of the header is on a line {@code shift} words longer (the command's blanks). */
    private static int at(int c, Layout l, int shift) {
        return l.comm >= 0 && c > l.comm ? c + shift : c;
    }

    private static long longAt(String line, Tokens t, int i) {
        return Numbers.unsigned(line, t.start(i), t.end(i));
    }
}
