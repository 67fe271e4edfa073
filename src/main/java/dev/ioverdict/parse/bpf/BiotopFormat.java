package dev.ioverdict.parse.bpf;

import dev.ioverdict.model.bpf.BiotopRow;
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
 * bcc's biotop: per interval a {@code HH:MM:SS loadavg: ...} line, the header
 * {@code PID COMM D MAJ MIN DISK I/O Kbytes AVGms} and one row per process, direction and disk.
 * Without -C biotop clears the screen before each interval: the terminal's escape sequences sit
 * before the time stamp and are passed over.
 */
public final class BiotopFormat extends TextFormat {
    public BiotopFormat() {
        super("biotop", "bcc's `biotop`: per interval, each process's block I/Os, Kbytes and average latency per disk",
                Recogniser.of(Signature.certain("biotop header '{line}'", Clue.lines(BiotopFormat::isHeader).within(30))));
    }

    static boolean isHeader(String line) {
        List<String> w = Tokens.split(line);
        return w.size() >= 9 && w.get(0).equals("PID") && w.get(1).equals("COMM") && w.contains("MAJ")
                && w.contains("DISK") && w.get(w.size() - 1).equals("AVGms");
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        Tokens t = new Tokens();
        String interval = null;
        boolean header = false;
        String line;
        while ((line = in.next()) != null) {
            if (line.isBlank()) {
                continue;
            }
            int load = line.indexOf(" loadavg:");
            if (load >= 8) {
                interval = line.substring(load - 8, load);
                header = false;
                continue;
            }
            if (isHeader(line)) {
                header = true;
                continue;
            }
            if (!header) {
                continue;
            }
            t.of(line);
            BiotopRow row = row(line, t, interval, ctx.input(), in.number());
            if (row == null) {
                if (!t.is(0, "Detaching...") && !line.strip().startsWith("[") && !line.strip().startsWith("^")) {
                    ctx.skip(in.number(), "not a biotop row: " + line.strip());
                }
                continue;
            }
            ctx.emit(row);
            ctx.record();
        }
    }

    /** {@code 22069  dd  R 202 1  xvda1  5993  47976  0.33}: the seven columns after COMM read from the right. */
    private static BiotopRow row(String line, Tokens t, String interval, String input, long number) {
        int n = t.count();
        if (n < 9) {
            return null;
        }
        long pid = Numbers.unsigned(line, t.start(0), t.end(0));
        int d = n - 7;
        char dir = line.charAt(t.start(d));
        long major = Numbers.unsigned(line, t.start(d + 1), t.end(d + 1));
        long minor = Numbers.unsigned(line, t.start(d + 2), t.end(d + 2));
        long ios = Numbers.unsigned(line, t.start(d + 4), t.end(d + 4));
        long kbytes = Numbers.unsigned(line, t.start(d + 5), t.end(d + 5));
        double avg = t.decimal(d + 6);
        if (pid < 0 || t.end(d) - t.start(d) != 1 || (dir != 'R' && dir != 'W') || major < 0 || minor < 0 || ios < 0
                || kbytes < 0 || Double.isNaN(avg) || pid > Integer.MAX_VALUE) {
            return null;
        }
        return new BiotopRow(input, number, interval, (int) pid, line.substring(t.start(1), t.end(d - 1)), dir,
                (int) major, (int) minor, t.get(d + 3), ios, kbytes, avg / 1000);
    }
}
