package dev.ioverdict.parse.btt;

import dev.ioverdict.parse.text.Tokens;
import dev.ioverdict.model.block.TrackedIo;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.text.ConsoleNoise;
import dev.ioverdict.parse.text.Excerpt;
import dev.ioverdict.parse.text.Numbers;
import java.io.IOException;

/**
 * btt -p's per-I/O dump (btt/trace_complete.c): for each queued I/O, its first line
 * {@code MAJ,MIN : SECS.NSECS Q SECTOR+SIZE}, then one indented line per later step (G, I, M, then
 * the D and C of the request it went out in, with that request's sector and size), and a blank line;
 * a line of dashes closes each completed request's group. One {@link TrackedIo} per Q.
 */
public final class BttPerIoFormat extends TextFormat {
    public BttPerIoFormat() {
        super("btt-per-io", "btt -p per-I/O dump: each I/O's Q, G, I, M, D and C times",
                Recogniser.of(Signature.certain(
                        "{0} btt -p I/O(s) 'MAJ,MIN : SECS Q SECTOR+SIZE' with their later steps",
                        Clue.lines(l -> Step.of(l) != null && Step.of(l).device() != null && Step.of(l).action() == 'Q'),
                        Clue.lines(l -> Step.of(l) != null && Step.of(l).device() == null).atLeast(2))));
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        Builder io = null;
        String line;
        while ((line = in.next()) != null) {
            long no = in.number();
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("---") || ConsoleNoise.isCommentary(line)) {
                io = emit(io, ctx);
                continue;
            }
            Step s = Step.of(line);
            if (s == null) {
                ctx.skip(no, "not a btt -p line: " + Excerpt.of(t));
                continue;
            }
            if (s.device() != null) {
                emit(io, ctx);
                if (s.action() != 'Q') {
                    ctx.skip(no, "btt -p group that starts with " + s.action() + ", not Q: " + t);
                    io = null;
                    continue;
                }
                io = new Builder(no, line, s);
            } else if (io == null) {
                ctx.skip(no, "btt -p step outside an I/O's group: " + t);
            } else {
                io.add(no, line, s);
            }
            ctx.time(s.time());
        }
        emit(io, ctx);
    }

    private static Builder emit(Builder io, ParseContext ctx) {
        if (io != null) {
            ctx.emit(io.build(ctx.input()));
            ctx.record();
        }
        return null;
    }

    /** One line of the dump: the device (first line only), the time, the step and sector+size. */
    private record Step(String device, double time, char action, long sector, int sectors) {
        static Step of(String line) {
            int n = line.length();
            int i = 0;
            String device = null;
            int colon = line.indexOf(':');
            if (colon > 0) {
                String dev = line.substring(0, colon).strip();
                int comma = dev.indexOf(',');
                if (comma <= 0 || !Numbers.isDigits(dev.substring(0, comma).strip())
                        || !Numbers.isDigits(dev.substring(comma + 1).strip())) {
                    return null;
                }
                device = dev.substring(0, comma).strip() + "," + dev.substring(comma + 1).strip();
                i = colon + 1;
            }
            i = Tokens.skipSpaces(line, i);
            int ts = i;
            while (i < n && (Character.isDigit(line.charAt(i)) || line.charAt(i) == '.')) {
                i++;
            }
            if (i == ts || i + 3 > n || line.charAt(i) != ' ') {
                return null;
            }
            double time = Numbers.parseDecimal(line, ts, i);
            i = Tokens.skipSpaces(line, i);
            if (i + 1 >= n || "QGIMDC".indexOf(line.charAt(i)) < 0 || line.charAt(i + 1) != ' ') {
                return null;
            }
            char action = line.charAt(i);
            i += 2;
            i = Tokens.skipSpaces(line, i);
            int plus = line.indexOf('+', i);
            if (plus < 0 || Double.isNaN(time)) {
                return null;
            }
            int end = plus + 1;
            while (end < n && Character.isDigit(line.charAt(end))) {
                end++;
            }
            long sector = Numbers.parseLong(line, i, plus, -1);
            int sectors = (int) Numbers.parseLong(line, plus + 1, end, -1);
            if (sector < 0 || sectors < 0 || !line.substring(end).isBlank()) {
                return null;
            }
            return new Step(device, time, action, sector, sectors);
        }
    }

    private static final class Builder {
        final long line;
        long lastLine;
        final StringBuilder text = new StringBuilder();
        final String device;
        final long sector;
        final int sectors;
        final double q;
        double g = Double.NaN;
        double i = Double.NaN;
        double m = Double.NaN;
        double d = Double.NaN;
        double c = Double.NaN;
        long issuedSector = -1;
        int issuedSectors;

        Builder(long no, String raw, Step queued) {
            line = no;
            lastLine = no;
            text.append(raw);
            device = queued.device();
            sector = queued.sector();
            sectors = queued.sectors();
            q = queued.time();
        }

        void add(long no, String raw, Step s) {
            lastLine = no;
            text.append('\n').append(raw);
            switch (s.action()) {
                case 'G' -> g = s.time();
                case 'I' -> i = s.time();
                case 'M' -> m = s.time();
                case 'D' -> {
                    d = s.time();
                    issuedSector = s.sector();
                    issuedSectors = s.sectors();
                }
                case 'C' -> c = s.time();
                default -> { } // a second Q in one group does not happen in btt's dump
            }
        }

        TrackedIo build(String input) {
            return new TrackedIo(input, line, lastLine, text.toString(), device, sector, sectors, q, g, i, m, d, c,
                    issuedSector, issuedSectors);
        }
    }
}
