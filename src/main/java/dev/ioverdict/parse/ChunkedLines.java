package dev.ioverdict.parse;

import dev.ioverdict.parse.text.Bytes;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Feeds a big text file to a {@link LineSink} with every core: a reader thread cuts the stream into
 * pieces that end at a '\n', worker threads turn each piece into its lines (the Strings, with
 * {@link Lines}' own decoding, terminators and cuts) and what the format's {@link LineHints} make
 * of them, and the calling thread tells the sink every line in file order, numbered, blank ones
 * apart, each cut reported just before its line, as {@link LineReader#feed} does on one thread.
 * A bounded queue of pieces in flight keeps memory at a few megabytes whatever the file size.
 *
 * <p>A piece ends only at a '\n', so no terminator is split ("\r\n" is whole on one side) and
 * {@link Lines} over a piece gives exactly the lines it gives over the file. A line that runs past
 * {@link #LONGEST_PIECE} bytes without a '\n' (a hostile file, or one with '\r' alone) ends the
 * cutting: the rest of the file is read on the calling thread by one {@link Lines}, still exact.
 */
final class ChunkedLines {
    static final int PIECE = 1 << 20;
    static final int LONGEST_PIECE = 8 << 20;

    /** What the calling thread takes in file order: a piece's lines, or the rest of the file. */
    private sealed interface Taken {
    }

    /** One piece's lines: {@code lines[i]} null for a blank line; cuts as pairs (line in the piece, length). */
    private record Piece(int count, String[] lines, Object[] hints, long[] cuts, int cutCount) implements Taken {
    }

    /** The cutting stopped at a line too long for a piece: the rest of the file, from that line's start. */
    private record Rest(InputStream in) implements Taken {
    }

    private final InputStream in;
    private final int pieceSize;
    private final int longestPiece;
    private final int maxLength;
    private final Lines.CutListener onCut;
    private final ThreadLocal<LineHints.Reading> hints;
    private final InOrder<Taken> ordered;
    private final BlockingQueue<byte[]> free;
    private final ExecutorService pool;
    private final Thread cutter;
    private volatile boolean cancelled;

    // the calling thread's place: the piece it is in and the line, or the rest read on by one Lines
    private Piece piece;
    private int index;
    private int cut;
    /** Lines in the pieces before {@link #piece} (or before {@link #rest}). */
    private long before;
    private boolean ended;
    private Lines rest;
    private String restText;

    /** A piece's cut lines, as pairs (line in the piece, its length), for the calling thread to report in order. */
    private static final class Cuts implements Lines.CutListener {
        long[] pairs = new long[0];
        int count;

        @Override
        public void cut(long line, long length, int kept) {
            if (2 * count + 2 > pairs.length) {
                pairs = Arrays.copyOf(pairs, Math.max(8, 2 * pairs.length));
            }
            pairs[2 * count] = line;
            pairs[2 * count + 1] = length;
            count++;
        }
    }

    /** Starts reading: a thread cuts the pieces, {@code workers} threads read them. */
    ChunkedLines(InputStream in, int workers, int pieceSize, int longestPiece, int maxLength, Lines.CutListener onCut,
                 Supplier<LineHints> hints) {
        this.in = in;
        this.pieceSize = pieceSize;
        this.longestPiece = Math.max(pieceSize, longestPiece);
        this.maxLength = maxLength;
        this.onCut = onCut;
        LineHints made = hints == null ? null : hints.get();
        this.hints = made == null ? null : ThreadLocal.withInitial(made::reading);
        this.ordered = new InOrder<>(2 * workers + 2);
        this.free = new ArrayBlockingQueue<>(3 * workers + 4);
        this.pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "line-reader");
            t.setDaemon(true);
            return t;
        });
        this.cutter = new Thread(this::cut, "line-cutter");
        cutter.setDaemon(true);
        cutter.start();
    }

    /** Tells {@code sink} every line to the end, then the end; returns the number of lines. */
    long feed(LineSink sink) throws IOException {
        try {
            while (advance()) {
                String l = line();
                if (l == null) {
                    sink.blank(number());
                } else {
                    sink.line(l, number(), hint());
                }
            }
            sink.end();
            return number();
        } finally {
            close();
        }
    }

    /** Moves to the next line, reporting its cuts first; false at the end. */
    private boolean advance() throws IOException {
        if (rest != null) {
            return advanceRest();
        }
        if (ended) {
            return false;
        }
        while (piece == null || index + 1 >= piece.count()) {
            if (piece != null) {
                before += piece.count();
                piece = null;
            }
            Taken item = ordered.take();
            if (item instanceof Rest r) {
                boolean fileStart = before == 0;
                rest = Lines.rest(r.in(), fileStart, maxLength, (n, length, kept) -> onCut.cut(before + n, length, kept));
                return advanceRest();
            }
            if (!(item instanceof Piece p)) {
                ended = true;
                return false;
            }
            piece = p;
            index = -1;
            cut = 0;
        }
        index++;
        while (cut < piece.cutCount() && piece.cuts()[2 * cut] == index + 1) {
            onCut.cut(before + index + 1, piece.cuts()[2 * cut + 1], maxLength);
            cut++;
        }
        return true;
    }

    private boolean advanceRest() throws IOException {
        restText = rest.next();
        return restText != null;
    }

    /** The number (1-based) of the current line; after the end, the number of lines. */
    private long number() {
        return rest != null ? before + rest.number() : ended ? before : before + index + 1;
    }

    /** The current line, null when it is blank. */
    private String line() {
        if (rest != null) {
            return restText.isBlank() ? null : restText;
        }
        return piece.lines()[index];
    }

    /** What the format's hints made of the current line, or null. */
    private Object hint() {
        return rest != null || piece.hints() == null ? null : piece.hints()[index];
    }

    /** Stops the reader and the workers: the file was read to its end, or the reading failed. */
    private void close() {
        cancelled = true;
        cutter.interrupt();
        pool.shutdownNow();
    }

    /** The reader: pieces ending at a '\n', submitted in order; ends with a marker, the rest, or its failure. */
    private void cut() {
        try {
            byte[] carry = new byte[0];
            int carried = 0;
            boolean first = true;
            boolean eof = false;
            while (!eof && !cancelled) {
                byte[] buf = carried < pieceSize ? free.poll() : null;
                if (buf == null) {
                    buf = new byte[Math.max(pieceSize, 2 * carried)];
                }
                System.arraycopy(carry, 0, buf, 0, carried);
                int len = carried;
                int end;
                while (true) {
                    int n = in.readNBytes(buf, len, buf.length - len);
                    len += n;
                    eof = len < buf.length;
                    int nl = Bytes.lastIndexOf(buf, carried, len, (byte) '\n');
                    if (eof) {
                        end = len;
                        break;
                    }
                    if (nl >= 0) {
                        end = nl + 1;
                        break;
                    }
                    if (buf.length >= longestPiece) {
                        InputStream rest = new SequenceInputStream(new ByteArrayInputStream(buf, 0, len), in);
                        ordered.put(new Rest(rest));
                        return;
                    }
                    carried = len; // a line longer than a piece: the piece grows to hold it
                    buf = Arrays.copyOf(buf, Math.min(buf.length * 2, longestPiece));
                }
                carried = len - end;
                carry = carried == 0 ? carry : Arrays.copyOfRange(buf, end, len);
                if (end > 0) {
                    byte[] bytes = buf;
                    int to = end;
                    boolean fileStart = first;
                    ordered.put(pool.submit(() -> (Taken) read(bytes, to, fileStart)));
                    first = false;
                }
            }
            ordered.end();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException | Error e) {
            ordered.fail(e);
        }
    }

    /** A worker: the lines of one piece and their hints. */
    private Piece read(byte[] bytes, int to, boolean fileStart) {
        Cuts cuts = new Cuts();
        Lines lines = Lines.of(bytes, 0, to, fileStart, maxLength, cuts);
        LineHints.Reading hinter = hints == null ? null : hints.get();
        if (hinter != null) {
            hinter.piece();
        }
        int room = Math.max(16, to / 64);
        String[] texts = new String[room];
        Object[] made = hinter == null ? null : new Object[room];
        int count = 0;
        try {
            String line;
            while ((line = lines.next()) != null) {
                if (count == texts.length) {
                    texts = Arrays.copyOf(texts, 2 * count);
                    made = made == null ? null : Arrays.copyOf(made, 2 * count);
                }
                if (!line.isBlank()) {
                    texts[count] = line;
                    if (made != null) {
                        made[count] = hinter.of(line);
                    }
                }
                count++;
            }
        } catch (IOException e) {
            throw new IllegalStateException("a piece in memory failed to read", e); // a byte array does not fail
        }
        if (bytes.length == pieceSize) {
            free.offer(bytes);
        }
        return new Piece(count, texts, made, cuts.pairs, cuts.count);
    }
}
