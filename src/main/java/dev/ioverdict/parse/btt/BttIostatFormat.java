package dev.ioverdict.parse.btt;

import dev.ioverdict.model.block.BttReport;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.text.ConsoleNoise;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * btt -I's iostat emulation (btt/iostat.c): under the header {@code Device: rrqm/s wrqm/s r/s w/s
 * rsec/s wsec/s rkB/s wkB/s avgrq-sz avgqu-sz await svctm %util Stamp}, one row per device and
 * interval, the interval's end in seconds as its stamp, and a last row per device stamped
 * {@code TOTAL}. A row may be wrapped over several lines (as btt's documentation prints it); it is
 * complete at its thirteen figures and stamp. Its await and svctm are btt's own (from the I or M
 * of each request, and Q to C per issued request), not sysstat's, so the rows are kept as btt
 * rows ({@link BttReport.Row}, section {@value #SECTION}) rather than read as iostat.
 */
public final class BttIostatFormat extends TextFormat {
    public BttIostatFormat() {
        super("btt-iostat", "btt -I iostat-style rows (per device and interval; btt's own await and svctm, kept as btt "
                + "rows, not read as iostat)",
                Recogniser.of(Signature.certain(
                        "btt -I header 'Device: rrqm/s ... %util Stamp' and '(  8, 16)' device rows",
                        Clue.lines(BttIostatFormat::isHeader), Clue.contains("Stamp"),
                        Clue.lines(l -> l.strip().startsWith("(") && l.contains(",")))));
    }

    private static boolean isHeader(String line) {
        String t = line.strip();
        return t.startsWith("Device:") && t.contains("rsec/s") && (t.contains("Stamp") || t.contains("wsec/s"));
    }

    static final String SECTION = "iostat";
    private static final int FIGURES = 13;

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        List<BttReport.Row> rows = new ArrayList<>();
        String line;
        String device = null;
        long first = 0;
        StringBuilder text = new StringBuilder();
        List<String> cells = new ArrayList<>();
        while ((line = in.next()) != null) {
            long no = in.number();
            String t = line.strip();
            if (t.isEmpty() || ConsoleNoise.isCommentary(line) || t.startsWith("Device:") || t.startsWith("rkB/s")) {
                if (device != null) {
                    ctx.skip(first, "btt -I row with " + cells.size() + " of its " + (FIGURES + 1) + " cells: " + text);
                    device = null;
                }
                continue;
            }
            int from = 0;
            if (t.startsWith("(")) {
                int close = t.indexOf(')');
                if (device != null) {
                    ctx.skip(first, "btt -I row with " + cells.size() + " of its " + (FIGURES + 1) + " cells: " + text);
                }
                if (close < 0) {
                    ctx.skip(no, "not a btt -I row: " + t);
                    device = null;
                    continue;
                }
                device = BttText.device(t.substring(0, close + 1));
                first = no;
                text.setLength(0);
                cells.clear();
                from = close + 1;
            } else if (device == null) {
                ctx.skip(no, "not a btt -I row: " + t);
                continue;
            } else {
                text.append('\n');
            }
            text.append(line);
            cells.addAll(BttText.tokens(t, from, t.length()));
            if (cells.size() >= FIGURES + 1) {
                if (cells.size() == FIGURES + 1 && figures(cells)) {
                    rows.add(new BttReport.Row(SECTION, device, cells, first, text.toString()));
                    ctx.record();
                    String stamp = cells.get(FIGURES);
                    if (!stamp.equals("TOTAL")) {
                        ctx.time(BttText.number(stamp));
                    }
                } else {
                    ctx.skip(first, "btt -I row with " + cells.size() + " cells where btt prints "
                            + (FIGURES + 1) + ": " + text);
                }
                device = null;
            }
        }
        if (!rows.isEmpty()) {
            ctx.emit(new BttReport(ctx.input(), List.of(), List.of(), List.of(), rows));
        }
    }

    private static boolean figures(List<String> cells) {
        for (int i = 0; i < FIGURES; i++) {
            if (Double.isNaN(BttText.number(cells.get(i)))) {
                return false;
            }
        }
        String stamp = cells.get(FIGURES);
        return stamp.equals("TOTAL") || !Double.isNaN(BttText.number(stamp));
    }
}
