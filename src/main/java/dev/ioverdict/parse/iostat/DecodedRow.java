package dev.ioverdict.parse.iostat;

import dev.ioverdict.parse.ChunkedLines;
import dev.ioverdict.parse.text.Tokens;
import java.util.HashMap;
import java.util.Map;

/**
 * A device row read on a worker of a parallel reading, under the last column header met in the
 * same chunk: its values and where the device name stands. The reading thread takes it only when
 * it is reading rows under that very header itself (every report repeats its header, so nearly
 * every row has one above it in its chunk); else it reads the line as it always does.
 */
record DecodedRow(String header, double[] values, int deviceStart, int deviceEnd) {

    /** The worker's side: the header it reads rows under, and the rows. */
    static final class Decoder implements ChunkedLines.Decoder<DecodedRow> {
        /** Headers met, by their text: a capture repeats one or two. */
        private final Map<String, IostatLayout> layouts = new HashMap<>();
        private final Tokens spans = new Tokens();
        private String header;
        private IostatLayout layout;

        @Override
        public void chunkStart() {
            header = null;
            layout = null;
        }

        @Override
        public DecodedRow decode(String line) {
            IostatLayout l = layouts.get(line);
            if (l == null && mayBeHeader(line)) {
                l = IostatLayout.of(line, Tokens.split(line));
                if (l != null && layouts.size() < 64) {
                    layouts.put(line, l);
                }
            }
            if (l != null) {
                header = line;
                layout = l;
                return null;
            }
            return layout == null ? null : row(line);
        }

        /** A header names its device column (IostatLayout's DEVICE words). */
        private static boolean mayBeHeader(String line) {
            return line.contains("evice") || line.contains("disk");
        }

        /** What the reading thread's row(n, line) reads, under this chunk's header. */
        private DecodedRow row(String line) {
            spans.of(line);
            double[] values = layout.values(line, spans);
            if (values == null) {
                return null;
            }
            int d = layout.deviceIndex();
            return new DecodedRow(header, values, spans.start(d), spans.end(d));
        }
    }
}
