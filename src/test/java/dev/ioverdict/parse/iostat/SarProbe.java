package dev.ioverdict.parse.iostat;

import dev.ioverdict.model.iostat.IostatColumns;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.parse.FloorProbe;
import dev.ioverdict.parse.Lines;
import dev.ioverdict.parse.text.Interner;
import dev.ioverdict.parse.text.Tokens;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The floor probe's decode of {@code sar -d} text (bench/floor-probe.sh): per line what
 * {@link SarFormat}'s reading does for it with the production code (the line's String, a device
 * row read by {@link SarRow} into its values, its device named through an {@link Interner}, its
 * {@link IostatSample} made; any other line told apart as the reader tells it: banner, section
 * header, {@code Average:}, comment), the sample then dropped. Left out, as the state machine's:
 * the stamps and their clock (one per report of all the devices), the host facts of the banner,
 * the warnings, {@code sadf -d}. sar prints its device header once per run, not per report: a
 * chunk at the file's start reads as the reader does; any other starts under the file's first
 * device header, read before the chunks are cut (as a chunked reading would), until it meets a
 * header of its own.
 */
final class SarProbe implements FloorProbe.Work {
    /** A device header: its columns, each column's kB scale, whether the device comes last. */
    record Header(IostatColumns columns, double[] scales, boolean devLast, long line) {
    }

    private final Header first;
    private final SarRow rows = new SarRow();
    private final Interner devices = new Interner(10);
    private Header header;
    private boolean inDev;
    private long lineNo;
    private long records;
    /** The last sample made: held so it escapes, as an emitted one does. */
    IostatSample last;

    SarProbe(Header first) {
        this.first = first;
    }

    public static void main(String[] args) throws Exception {
        FloorProbe.main(args, of(Path.of(args[0])), FloorProbe.Keeps.NOT_BLANK);
    }

    /** The probes of {@code file}, each told the file's first device header (null when it has none). */
    static Supplier<SarProbe> of(Path file) throws IOException {
        Header h = null;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            long n = 0;
            for (String line = r.readLine(); line != null && h == null; line = r.readLine()) {
                h = header(Tokens.split(line), line, ++n);
            }
        }
        Header found = h;
        return () -> new SarProbe(found);
    }

    /** The device header {@code t} is, as the reader makes it, or null. */
    static Header header(List<String> t, String line, long n) {
        int dev = SarFormat.devHeader(t);
        if (dev < 0) {
            return null;
        }
        int k = SarFormat.timeTokens(t);
        boolean devLast = dev == t.size() - 1;
        List<String> names = new ArrayList<>(devLast ? t.subList(k, dev) : t.subList(dev + 1, t.size()));
        double[] scales = new double[names.size()];
        for (int i = 0; i < scales.length; i++) {
            scales[i] = SysstatNumbers.kBScale(names.get(i));
        }
        return new Header(new IostatColumns(SarFormat.dialect(names), line, names), scales, devLast, n);
    }

    @Override
    public void chunk(long from) {
        header = from == 0 ? null : first;
        inDev = header != null;
    }

    @Override
    public void line(Lines in) {
        lineNo++;
        String line = in.text();
        if (line.isBlank()) {
            return;
        }
        if (inDev) {
            double[] values = rows.read(line, header.scales(), header.devLast());
            if (values != null) {
                int[] at = rows.at;
                records++;
                last = IostatSample.owning("sar.txt", lineNo, line, header.line(), header.columns(),
                        devices.of(line, at[4], at[5]), 1, false, lineNo, null, null, 1, values);
                return;
            }
        }
        other(line);
    }

    /** Any line but a device row: what the reader's general reading learns from it, nothing made. */
    private void other(String line) {
        if (IostatFormat.isBanner(line)) {
            inDev = false;
            return;
        }
        List<String> t = Tokens.split(line);
        if (t.get(0).equals("Average:") || t.get(0).equals("Summary:") || line.contains("LINUX RESTART")) {
            return;
        }
        int k = SarFormat.timeTokens(t);
        if (k == 0) {
            return;
        }
        Header h = header(t, line, lineNo);
        if (h != null) {
            header = h;
            inDev = true;
            return;
        }
        if (t.size() > k && t.get(k).equals("COM")) {
            return;
        }
        if (t.size() > k + 1 && !SysstatNumbers.isNumber(t.get(k)) && !SysstatNumbers.isNumber(t.get(k + 1))
                && !inDevRow(t, k)) {
            inDev = false; // another section's header: CPU, memory, network ...
        }
        // else a damaged row of the device section: the reader's warning, no record
    }

    /** Whether {@code t} has a device row's words, the value farthest from the device a number: as the reader tells it. */
    private boolean inDevRow(List<String> t, int k) {
        return inDev && t.size() == k + 1 + header.scales().length
                && !Double.isNaN(SysstatNumbers.human(t.get(header.devLast() ? k : t.size() - 1), 1));
    }

    @Override
    public long made() {
        return records;
    }
}
