package dev.ioverdict.parse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Reads a large text file with every core, for a format whose lines can be decoded each on its
 * own (the state that joins lines into records stays on the calling thread): a reader thread cuts
 * the bytes into chunks that end at a '\n', workers turn each chunk into lines exactly as
 * {@link Lines} does (terminators, decoding, cuts) and decode every line, and the calling thread
 * takes the chunks back in file order and hands each line, decoded, to the format's sink. At most
 * a few chunks are in flight, so memory does not grow with the file.
 *
 * <p>A line longer than {@link #MAX_CHUNK} bytes cannot be held in a chunk: from there on the rest
 * of the file is read on the calling thread, line by line, as {@link Lines} would.
 */
public final class ChunkedLines<T> {
    /** Bytes a chunk is cut at: about 7,000 lines of a trace. */
    public static final int CHUNK = 1 << 20;
    /** A chunk grows past {@link #CHUNK} to hold a long line up to this size. */
    static final int MAX_CHUNK = 16 << 20;

    /** Decodes one line (not blank) on a worker. One instance per worker thread: it may keep buffers. */
    public interface Decoder<T> {
        T decode(String line);

        /** A new chunk begins: what the decoder learnt from the lines before belongs to another chunk. */
        default void chunkStart() {
        }
    }

    /** The calling thread's side: every line in order, decoded, and the blank ones. */
    public interface Sink<T> {
        /** A line that is not blank, with its decoding and number (1-based). */
        void line(String line, T decoded, long number);

        default void blank(long number) {
        }
    }

    /** What a worker made of a chunk: per line its text and decoding (null text: blank), and its cuts. */
    private record Decoded(String[] lines, Object[] decoded, int count, long[] cuts) {
    }

    private record Chunk(byte[] bytes, int length, boolean first) {
    }

    private sealed interface Handoff {
    }

    private record Parsing(Future<Decoded> result) implements Handoff {
    }

    /** The reader met a line too long for a chunk: the rest, from {@code rest}, is read on the calling thread. */
    private record Rest(InputStream rest, boolean first) implements Handoff {
    }

    private record End() implements Handoff {
    }

    private record Failed(Throwable cause) implements Handoff {
    }

    private final int workers;
    private final int chunkSize;
    private final int maxLength;
    private final BlockingQueue<Handoff> ordered;
    private final BlockingQueue<byte[]> free;
    private volatile boolean cancelled;

    public ChunkedLines(int workers, int maxLength) {
        this(workers, CHUNK, maxLength);
    }

    /** With chunks of {@code chunkSize} bytes: small ones put many seams in a small file (tests). */
    public ChunkedLines(int workers, int chunkSize, int maxLength) {
        this.workers = workers;
        this.chunkSize = chunkSize;
        this.maxLength = maxLength;
        this.ordered = new ArrayBlockingQueue<>(2 * workers + 2);
        this.free = new ArrayBlockingQueue<>(3 * workers + 4);
    }

    /**
     * Whether a file is read so: only when asked ({@code -Dioverdict.chunkedText=on}, from
     * {@code minBytes}; {@code -Dioverdict.chunkedText.fromBytes=N} moves the size) and with more
     * than one core. Off by default: on this project's 2 quiet cores the chunked reading of 200 MB
     * took 4.3-4.6 s for strace and 4.9 s for iostat against 3.6 s and 4.5 s on one thread
     * (docs/PERFORMANCE.md, "Text parsers on every core"): the analysis thread, not the decoding, is
     * the floor, and the extra copy costs more than the second core gives.
     */
    public static boolean worthIt(InputFile file, long minBytes) {
        String from = System.getProperty("ioverdict.chunkedText.fromBytes");
        boolean asked = from != null || "on".equals(System.getProperty("ioverdict.chunkedText"));
        long size = minBytes;
        try {
            size = from != null ? Long.parseLong(from.strip()) : minBytes;
        } catch (NumberFormatException notANumber) {
            // a mistyped size keeps the default one
        }
        return asked && file.size() >= size && Runtime.getRuntime().availableProcessors() > 1;
    }

    /**
     * Reads {@code in} to its end: every line goes to {@code sink} on this thread, in order, each
     * cut line reported to {@code onCut} before it. Returns the number of lines.
     */
    public long run(InputStream in, Supplier<? extends Decoder<T>> decoders, Sink<T> sink, Lines.CutListener onCut)
            throws IOException {
        ThreadLocal<Decoder<T>> perThread = ThreadLocal.withInitial(decoders);
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "text-decoder");
            t.setDaemon(true);
            return t;
        });
        Thread reader = new Thread(() -> read(in, pool, perThread), "text-reader");
        reader.setDaemon(true);
        reader.start();
        long base = 0;
        try {
            while (true) {
                Handoff item = ordered.take();
                if (item instanceof Failed failed) {
                    throw WorkerFailure.rethrow(failed.cause());
                }
                if (item instanceof Rest rest) {
                    base = sequential(rest, base, decoders.get(), sink, onCut);
                    break;
                }
                if (!(item instanceof Parsing parsing)) {
                    break;
                }
                Decoded d = parsing.result().get();
                long[] cuts = d.cuts();
                int c = 0;
                String[] lines = d.lines();
                Object[] decoded = d.decoded();
                for (int i = 0; i < d.count(); i++) {
                    long no = base + i + 1;
                    while (c < cuts.length && cuts[c] == i + 1) {
                        onCut.cut(no, cuts[c + 1], maxLength);
                        c += 2;
                    }
                    if (lines[i] == null) {
                        sink.blank(no);
                    } else {
                        @SuppressWarnings("unchecked")
                        T t = (T) decoded[i];
                        sink.line(lines[i], t, no);
                    }
                }
                base += d.count();
            }
            reader.join();
            return base;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading", e);
        } catch (ExecutionException e) {
            throw WorkerFailure.rethrow(e.getCause());
        } finally {
            cancelled = true;
            reader.interrupt();
            pool.shutdownNow();
        }
    }

    /** The rest of the file past a line too long for a chunk, line by line on this thread. */
    private long sequential(Rest rest, long base, Decoder<T> decoder, Sink<T> sink, Lines.CutListener onCut)
            throws IOException {
        Lines lines = new Lines(rest.rest(), maxLength, (n, length, kept) -> onCut.cut(base + n, length, kept));
        if (!rest.first()) {
            lines.noByteOrderMark();
        }
        String line;
        while ((line = lines.next()) != null) {
            long no = base + lines.number();
            if (line.isBlank()) {
                sink.blank(no);
            } else {
                sink.line(line, decoder.decode(line), no);
            }
        }
        return base + lines.number();
    }

    /** The reader: chunks ending at a '\n', submitted in order; ends with a marker, the rest, or its failure. */
    private void read(InputStream in, ExecutorService pool, ThreadLocal<Decoder<T>> decoders) {
        try {
            byte[] carry = new byte[0];
            int carried = 0;
            boolean eof = false;
            boolean first = true;
            while (!eof && !cancelled) {
                byte[] buf = carried * 2 <= chunkSize ? free.poll() : null;
                if (buf == null) {
                    buf = new byte[Math.max(chunkSize, carried * 2)];
                }
                System.arraycopy(carry, 0, buf, 0, carried);
                int len = carried;
                int cut;
                while (true) {
                    int n = in.readNBytes(buf, len, buf.length - len);
                    len += n;
                    if (len < buf.length) {
                        eof = true;
                    }
                    cut = lastNewline(buf, carried, len);
                    if (cut >= 0 || eof) {
                        break;
                    }
                    if (buf.length >= MAX_CHUNK) {
                        // a line longer than a chunk may be: the calling thread reads the rest as Lines does
                        InputStream rest = new SequenceInputStream(new ByteArrayInputStream(buf, 0, len), in);
                        ordered.put(new Rest(rest, first));
                        return;
                    }
                    buf = Arrays.copyOf(buf, buf.length * 2);
                }
                int end = eof ? len : cut + 1;
                carried = len - end;
                carry = carried == 0 ? carry : Arrays.copyOfRange(buf, end, len);
                if (end > 0) {
                    Chunk chunk = new Chunk(buf, end, first);
                    first = false;
                    ordered.put(new Parsing(pool.submit(() -> decode(chunk, decoders.get()))));
                }
            }
            ordered.put(new End());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException | Error e) {
            try {
                ordered.put(new Failed(e));
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private Decoded decode(Chunk chunk, Decoder<T> decoder) throws IOException {
        long[][] cuts = {new long[0]};
        int[] cutCount = {0};
        Lines lines = new Lines(new ByteArrayInputStream(chunk.bytes(), 0, chunk.length()), maxLength, (n, length, kept) -> {
            if (cutCount[0] + 2 > cuts[0].length) {
                cuts[0] = Arrays.copyOf(cuts[0], Math.max(4, cuts[0].length * 2));
            }
            cuts[0][cutCount[0]++] = n;
            cuts[0][cutCount[0]++] = length;
        });
        if (!chunk.first()) {
            lines.noByteOrderMark();
        }
        decoder.chunkStart();
        int capacity = Math.max(16, chunk.length() / 64);
        String[] texts = new String[capacity];
        Object[] decoded = new Object[capacity];
        int count = 0;
        String line;
        while ((line = lines.next()) != null) {
            if (count == texts.length) {
                texts = Arrays.copyOf(texts, count * 2);
                decoded = Arrays.copyOf(decoded, count * 2);
            }
            if (!line.isBlank()) {
                texts[count] = line;
                decoded[count] = decoder.decode(line);
            }
            count++;
        }
        if (chunk.bytes().length == chunkSize) {
            free.offer(chunk.bytes());
        }
        return new Decoded(texts, decoded, count, Arrays.copyOf(cuts[0], cutCount[0]));
    }

    private static int lastNewline(byte[] b, int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
