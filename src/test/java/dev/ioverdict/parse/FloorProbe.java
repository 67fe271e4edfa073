package dev.ioverdict.parse;

import dev.ioverdict.parse.text.Bytes;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The floor of a chunked text reading (issue 23, round five): a file cut at '\n' into chunks, each
 * of {@code threads} threads decoding the chunks it takes, nothing joined, no state machine, no
 * analyses. A lower bound for any design that reads a file on every core with today's decoders.
 * Levels, each one the one before plus more:
 * <ol>
 *   <li>{@code scan}: the chunk's bytes read 64 KB at a time and its line ends found ({@link Bytes#endAt}, as {@link Lines});</li>
 *   <li>{@code lines}: the production {@link Lines#advance()} over the chunk (line ends, each line copied out);</li>
 *   <li>{@code text}: + the ASCII check ({@link Lines#inBytes()}) and the evidence String a record keeps ({@link Lines#text()});</li>
 *   <li>{@code decode}: + the format's stateless decode of each line into its record, discarded.</li>
 * </ol>
 * A format's probe (StraceProbe, PerfScriptProbe, IostatProbe, SarProbe, KernelLogProbe) has the main; run by bench/floor-probe.sh.
 */
public final class FloorProbe {
    /** One thread's reading: told each line of its chunks, a new chunk first. */
    public interface Work {
        /** A new chunk: what was learnt from the lines before belongs to another chunk. */
        default void chunk() {
        }

        /**
         * A new chunk starting at byte {@code from} of the file: at 0 the reading starts as the
         * production one does, elsewhere it may start from what the file's head told (sar's header).
         */
        default void chunk(long from) {
            chunk();
        }

        void line(Lines in) throws IOException;

        /** What was made, so the JIT cannot drop the work: records (decode) or a checksum. */
        long made();
    }

    public enum Level { SCAN, LINES, TEXT, DECODE }

    /** The figures of one run. */
    public record Result(long lines, long made, long wallNanos, long cpuNanos, long workerCpuNanos) {
    }

    private FloorProbe() {
    }

    /**
     * The decode level alone, which the probes' tests compare with the production reader: {@code
     * chunkBytes} of 1 << 30 reads a testdata file as one chunk. Which lines keep a String is a
     * question of level text only, so none is asked.
     */
    public static Result decode(Path file, int threads, int chunkBytes, Supplier<? extends Work> works)
            throws Exception {
        return run(file, Level.DECODE, threads, chunkBytes, works, (b, n) -> false);
    }

    /**
     * Reads {@code file} in chunks of about {@code chunkBytes} (each ends after a '\n') on {@code
     * threads} threads, each with its own {@code Work} from {@code works} (used at level decode, and
     * at level text for which lines keep a String: {@code keeps}).
     */
    public static Result run(Path file, Level level, int threads, int chunkBytes, Supplier<? extends Work> works,
                             Keeps keeps) throws Exception {
        long size = java.nio.file.Files.size(file);
        AtomicLong next = new AtomicLong();
        long chunks = (size + chunkBytes - 1) / chunkBytes;
        long[] lines = new long[threads];
        long[] made = new long[threads];
        long[] workerCpu = new long[threads];
        List<Thread> pool = new ArrayList<>();
        Throwable[] failed = new Throwable[1];
        long cpu0 = processCpu();
        long t0 = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            int me = t;
            Thread th = new Thread(() -> {
                try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
                    Work work = level == Level.DECODE ? works.get() : null;
                    byte[] block = level == Level.SCAN ? new byte[1 << 16] : null;
                    long n = 0;
                    long sum = 0;
                    for (long c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement()) {
                        long from = lineStart(raf, c * chunkBytes);
                        long to = Math.min(size, lineStart(raf, (c + 1) * chunkBytes));
                        if (from >= to) {
                            continue;
                        }
                        if (level == Level.SCAN) {
                            n += scan(raf, from, to, block);
                            continue;
                        }
                        Lines in = new Lines(new Range(raf, from, to));
                        if (work != null) {
                            work.chunk(from);
                        }
                        while (in.advance()) {
                            n++;
                            switch (level) {
                                case LINES -> sum += in.length();
                                case TEXT -> {
                                    if (in.inBytes()) {
                                        sum++;
                                    }
                                    if (keeps.keeps(in.bytes(), in.length())) {
                                        sum += in.text().length();
                                    }
                                }
                                default -> work.line(in);
                            }
                        }
                    }
                    lines[me] = n;
                    made[me] = work != null ? work.made() : sum;
                    workerCpu[me] = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                } catch (Throwable e) {
                    synchronized (failed) {
                        failed[0] = e;
                    }
                }
            }, "floor-" + t);
            pool.add(th);
            th.start();
        }
        for (Thread th : pool) {
            th.join();
        }
        long wall = System.nanoTime() - t0;
        long cpu = processCpu() - cpu0;
        if (failed[0] != null) {
            throw new IllegalStateException("a probe thread failed", failed[0]);
        }
        long l = 0;
        long m = 0;
        long w = 0;
        for (int t = 0; t < threads; t++) {
            l += lines[t];
            m += made[t];
            w += workerCpu[t];
        }
        return new Result(l, m, wall, cpu, w);
    }

    /** Which lines keep their String at level text (a record's evidence): a format's headers, say. */
    public interface Keeps {
        boolean keeps(byte[] b, int n);

        Keeps NOT_BLANK = (b, n) -> n > 0;
    }

    /** Where the line that holds byte {@code at} ends plus one: the start of the next chunk (0 at 0). */
    static long lineStart(RandomAccessFile raf, long at) throws IOException {
        if (at == 0) {
            return 0;
        }
        byte[] b = new byte[4096];
        long pos = at - 1;
        while (true) {
            raf.seek(pos);
            int n = raf.read(b);
            if (n <= 0) {
                return raf.length();
            }
            int i = Bytes.indexOf(b, 0, n, (byte) '\n');
            if (i >= 0) {
                return pos + i + 1;
            }
            pos += n;
        }
    }

    private static long scan(RandomAccessFile raf, long from, long to, byte[] b) throws IOException {
        raf.seek(from);
        long left = to - from;
        long n = 0;
        while (left > 0) {
            int got = raf.read(b, 0, (int) Math.min(b.length, left));
            if (got <= 0) {
                break;
            }
            left -= got;
            for (int i = Bytes.endAt(b, 0, got, (byte) '\n', (byte) '\r'); i < got; i = Bytes.endAt(b, i + 1, got, (byte) '\n', (byte) '\r')) {
                n++;
            }
        }
        return n;
    }

    /** The bytes {@code [from, to)} of a file, read as a stream. */
    private static final class Range extends InputStream {
        private final RandomAccessFile raf;
        private long pos;
        private final long to;

        Range(RandomAccessFile raf, long from, long to) throws IOException {
            this.raf = raf;
            this.pos = from;
            this.to = to;
            raf.seek(from);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) <= 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (pos >= to) {
                return -1;
            }
            int n = raf.read(b, off, (int) Math.min(len, to - pos));
            if (n > 0) {
                pos += n;
            }
            return n;
        }
    }

    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /**
     * The main of a format's probe: {@code FILE LEVEL THREADS [CHUNK_KB]}; prints one line
     * "level threads lines made wall_s cpu_s workers_cpu_s" (wall and CPU of the reading alone, the JVM's start
     * outside; the CPU of the reading threads alone, without the JIT's and the GC's).
     */
    public static void main(String[] args, Supplier<? extends Work> works, Keeps keeps) throws Exception {
        Path file = Path.of(args[0]);
        Level level = Level.valueOf(args[1].toUpperCase(Locale.ROOT));
        int threads = Integer.parseInt(args[2]);
        int chunk = (args.length > 3 ? Integer.parseInt(args[3]) : 4096) << 10;
        Result r = run(file, level, threads, chunk, works, keeps);
        System.out.printf(Locale.ROOT, "%s %d %d %d %.3f %.3f %.3f%n", args[1], threads, r.lines(), r.made(),
                r.wallNanos() / 1e9, r.cpuNanos() / 1e9, r.workerCpuNanos() / 1e9);
    }

    /** The levels a format without a decoder here runs (iostat, say): scan, lines, text. */
    public static void main(String[] args) throws Exception {
        main(args, () -> {
            throw new IllegalArgumentException("no decoder for this file: levels scan, lines, text only");
        }, Keeps.NOT_BLANK);
    }
}
