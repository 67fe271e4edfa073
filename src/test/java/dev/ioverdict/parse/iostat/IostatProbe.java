package dev.ioverdict.parse.iostat;

import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.parse.FloorProbe;
import dev.ioverdict.parse.Lines;
import dev.ioverdict.parse.text.Interner;
import dev.ioverdict.parse.text.Tokens;

/**
 * The floor probe's decode of iostat -x (bench/floor-probe.sh): per line what {@link IostatFormat}'s
 * reading does for a device row with the production code (the column header read into its
 * {@link IostatLayout} once per header text, a row's values and device field found in one pass by
 * {@link IostatLayout#plainValues}, the device named through an {@link Interner}, its
 * {@link IostatSample} made), the sample then dropped. Left out, as the state machine's: the report
 * stamps and their clock, the CPU lines, runs and restarts, damaged rows and their warnings. A chunk
 * begins without a header: its rows wait for the next one (every report repeats it).
 */
final class IostatProbe implements FloorProbe.Work {
    private final Interner devices = new Interner(8);
    private final int[] device = new int[2];
    /** Every report repeats its header: read once per text, as the reader does. */
    private final java.util.Map<String, IostatLayout> layouts = new java.util.HashMap<>();
    private IostatLayout layout;
    private long headerLine;
    private long lineNo;
    private long records;
    /** The last sample made: held so it escapes, as an emitted one does. */
    IostatSample last;

    public static void main(String[] args) throws Exception {
        FloorProbe.main(args, IostatProbe::new, FloorProbe.Keeps.NOT_BLANK);
    }

    @Override
    public void chunk() {
        layout = null;
    }

    @Override
    public void line(Lines in) {
        lineNo++;
        String line = in.text();
        if (line.isEmpty()) {
            return;
        }
        char c = line.charAt(0);
        if (c == 'D' || c == 'd') {
            IostatLayout l = layouts.get(line);
            if (l == null) {
                l = IostatLayout.of(line, Tokens.split(line));
                if (l != null) {
                    layouts.put(line, l);
                }
            }
            if (l != null) {
                layout = l;
                headerLine = lineNo;
                return;
            }
        }
        if (layout == null || c == ' ') {
            return; // no header yet in this chunk, or a CPU line's values
        }
        double[] plain = layout.plainValues(line, device);
        if (plain != null) {
            records++;
            last = IostatSample.owning("iostat.txt", lineNo, line, headerLine, layout.columns(),
                    devices.of(line, device[0], device[1]), 1, false, lineNo, null, null, 1, plain);
        }
    }

    @Override
    public long made() {
        return records;
    }
}
