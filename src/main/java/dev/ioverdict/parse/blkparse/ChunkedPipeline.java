package dev.ioverdict.parse.blkparse;

import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.parse.InOrder;
import dev.ioverdict.parse.Lines;
import dev.ioverdict.parse.text.Bytes;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * Reads a large blkparse file with every core: a reader thread cuts the stream into chunks of
 * whole lines and numbers them, worker threads parse chunks side by side, and the calling thread
 * takes the results back in file order, reports their problems and hands their events on (to
 * the lifecycle tracker, which must see them in order). A bounded queue of chunks in flight
 * keeps memory at a few megabytes whatever the file size.
 */
final class ChunkedPipeline {
    static final int CHUNK = 1 << 20;
    /** Room read past a cut line's kept start while looking for its end. */
    private static final int SKIP_ROOM = 1 << 16;

    /** What a worker made of one chunk. */
    private record Parsed(BlockEvent[] events, int count, List<Problem> problems, long first, long last) {
    }

    /** A line that could not be read, or (cutLength > 0) a line cut to the limit. */
    private record Problem(long line, String message, long cutLength) {
    }

    /** Whole lines; {@code cutLength} > 0 when its last line was cut to the limit and the rest dropped. */
    private record Chunk(byte[] bytes, int length, long firstLine, int lines, long cutLength) {
    }

    private final InputStream in;
    private final int workers;
    private final int chunkSize;
    private final InOrder<Parsed> ordered;
    /** Chunk buffers parsed and free again: events copy their text out, so the bytes can be reused. */
    private final BlockingQueue<byte[]> free;
    private final ThreadLocal<BlkparseReading> readings;
    private final int maxLength;
    private final Lines.CutListener onCut;
    private volatile boolean cancelled;
    private long lines;

    ChunkedPipeline(InputStream in, String input, int workers, int maxLength, Lines.CutListener onCut) {
        this(in, input, workers, CHUNK, maxLength, onCut);
    }

    ChunkedPipeline(InputStream in, String input, int workers, int chunkSize) {
        this(in, input, workers, chunkSize, Lines.DEFAULT_MAX_LENGTH, (line, length, kept) -> { });
    }

    ChunkedPipeline(InputStream in, String input, int workers, int chunkSize, int maxLength,
                    Lines.CutListener onCut) {
        this.maxLength = Math.max(1, Math.min(maxLength, ByteLines.MAX_LINE));
        this.onCut = onCut;
        this.in = in;
        this.workers = workers;
        this.chunkSize = chunkSize;
        this.ordered = new InOrder<>(2 * workers + 2);
        this.free = new ArrayBlockingQueue<>(3 * workers + 4);
        this.readings = ThreadLocal.withInitial(() -> new BlkparseReading(input));
    }

    /**
     * Runs the file through; events go to {@code sink} and problems to {@code problems}, both on
     * this thread and in file order. Counts go to {@code totals}. Returns the number of lines.
     */
    long run(Consumer<BlockEvent> sink, BlkparseReading.Problems problems, BlkparseReading totals)
            throws IOException {
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "blkparse-parser");
            t.setDaemon(true);
            return t;
        });
        Thread reader = new Thread(() -> read(pool), "blkparse-reader");
        reader.setDaemon(true);
        reader.start();
        try {
            Parsed p;
            while ((p = ordered.take()) != null) {
                for (Problem x : p.problems()) {
                    if (x.cutLength() > 0) {
                        onCut.cut(x.line(), x.cutLength(), maxLength);
                    } else {
                        problems.add(x.line(), x.message());
                    }
                }
                BlockEvent[] events = p.events();
                for (int i = 0; i < p.count(); i++) {
                    sink.accept(events[i]);
                }
                totals.add(p.count(), p.first(), p.last());
            }
            reader.join();
            return lines;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading", e);
        } finally {
            cancelled = true;
            reader.interrupt();
            pool.shutdownNow();
        }
    }

    /** The reader: whole-line chunks, numbered, submitted in order. Ends with a marker or its failure. */
    private void read(ExecutorService pool) {
        try {
            byte[] carry = new byte[0];
            int carried = 0;
            long nextLine = 1;
            boolean eof = false;
            while (!eof && !cancelled) {
                byte[] buf = carried * 2 <= chunkSize ? free.poll() : null;
                if (buf == null) {
                    buf = new byte[Math.max(chunkSize, carried * 2)];
                }
                System.arraycopy(carry, 0, buf, 0, carried);
                int len = carried;
                int cut = -1;
                long cutLength = 0;
                while (true) {
                    int n = in.readNBytes(buf, len, buf.length - len);
                    len += n;
                    if (len < buf.length) {
                        eof = true;
                    }
                    cut = Bytes.lastIndexOf(buf, carried, len, (byte) '\n');
                    if (cut >= 0 || eof) {
                        break;
                    }
                    if (len > maxLength) {
                        // no newline since the chunk's start: one line past the limit. Its start is
                        // kept, the rest dropped unread up to its end, and what follows carried on
                        if (buf.length - maxLength < SKIP_ROOM) {
                            buf = Arrays.copyOf(buf, maxLength + SKIP_ROOM);
                        }
                        long[] skipped = skipToLineEnd(buf, maxLength, len);
                        cutLength = maxLength + skipped[0];
                        len = maxLength;
                        carry = Arrays.copyOfRange(buf, maxLength, maxLength + (int) skipped[1]);
                        break;
                    }
                    buf = Arrays.copyOf(buf, buf.length * 2); // a line longer than a chunk
                }
                int end = eof || cutLength > 0 ? len : cut + 1;
                if (cutLength > 0) {
                    carried = carry.length;
                } else {
                    carried = len - end;
                    carry = carried == 0 ? carry : Arrays.copyOfRange(buf, end, len);
                }
                if (end > 0) {
                    long count = ByteLines.countNewlines(buf, 0, end) + (buf[end - 1] != '\n' ? 1 : 0);
                    Chunk chunk = new Chunk(buf, end, nextLine, (int) count, cutLength);
                    nextLine += count;
                    ordered.put(pool.submit(() -> parse(chunk)));
                }
            }
            lines = nextLine - 1;
            ordered.end();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException | Error e) {
            ordered.fail(e);
        }
    }

    private Parsed parse(Chunk chunk) {
        BlkparseReading reading = readings.get();
        reading.firstNs = Long.MAX_VALUE;
        reading.lastNs = Long.MIN_VALUE;
        byte[] b = chunk.bytes();
        BlockEvent[] events = new BlockEvent[chunk.lines()];
        List<Problem> problems = new ArrayList<>(0);
        BlkparseReading.Problems sink = (line, message) -> problems.add(new Problem(line, message, 0));
        int count = 0;
        long line = chunk.firstLine();
        int from = 0;
        while (from < chunk.length()) {
            int nl = ByteLines.newline(b, from, chunk.length());
            int next = nl < 0 ? chunk.length() : nl + 1;
            int to = nl < 0 ? chunk.length() : nl;
            if (to > from && b[to - 1] == '\r') {
                to--;
            }
            if (nl < 0 && chunk.cutLength() > 0) {
                problems.add(new Problem(line, null, chunk.cutLength()));
            } else if (to - from > maxLength) {
                problems.add(new Problem(line, null, to - from));
                to = from + maxLength;
            }
            BlockEvent e = reading.line(b, from, to, line, sink);
            if (e != null) {
                events[count++] = e;
            }
            line++;
            from = next;
        }
        if (b.length == chunkSize) {
            free.offer(b);
        }
        return new Parsed(events, count, problems, reading.firstNs, reading.lastNs);
    }

    /**
     * Reads on from the stream, into b[from, ...) over and over, up to the end of the line whose
     * start is kept before {@code from}. Returns {bytes dropped, bytes after the line's end, now at
     * b[from, ...)}. Bytes b[from, to) already read are dropped first.
     */
    private long[] skipToLineEnd(byte[] b, int from, int to) throws IOException {
        long dropped = 0;
        int nl = ByteLines.newline(b, from, to);
        int filled = to;
        while (nl < 0) {
            dropped += filled - from;
            int n = in.readNBytes(b, from, b.length - from);
            if (n == 0) {
                return new long[] {dropped, 0};
            }
            filled = from + n;
            nl = ByteLines.newline(b, from, filled);
        }
        dropped += nl - from;
        int after = filled - (nl + 1);
        System.arraycopy(b, nl + 1, b, from, after);
        return new long[] {dropped, after};
    }
}
