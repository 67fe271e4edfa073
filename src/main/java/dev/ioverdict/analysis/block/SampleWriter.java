package dev.ioverdict.analysis.block;

import dev.ioverdict.analysis.LogHistogram;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Writes the tracker's phase samples and histograms on a thread of their own. About ten histogram
 * writes a bio, each a cache miss in one of a hundred histograms, were a sixth of the tracker's
 * thread, the thread that bounds a binary trace's wall time while the decoding thread leaves much
 * of the second core idle. The tracker only appends (target, value) to a batch; the writer applies
 * the batches in the order they were made, so every target sees its values in the tracker's order
 * and the figures are the ones written directly. Nothing reads a target before {@link #finish}.
 *
 * <p>A small trace never fills a batch and starts no thread: its batch is applied on the
 * tracker's thread at {@link #finish}. Without the thread (a single core, and by default
 * everywhere: see {@link #THREADED}) each value is written at once, as before batches.
 */
final class SampleWriter {
    static final int BATCH = 8192;
    private static final int IN_FLIGHT = 4;
    /**
     * Off unless {@code -Dioverdict.block.samplesApart=true}: on the 2 quiet cores of
     * docs/PERFORMANCE.md the thread made the per-CPU binary slower (3.84 s median against 4.27 s
     * with it, 6.1 s CPU against 6.8 s, five runs each alternating), the second core being already
     * full with the reader and the compiler; a machine with more cores may find otherwise.
     */
    private static final boolean THREADED = Runtime.getRuntime().availableProcessors() > 1
            && "true".equals(System.getProperty("ioverdict.block.samplesApart"));

    private static final class Batch {
        final Object[] targets;
        final long[] values;
        int count;
        boolean last;

        Batch(int size) {
            targets = new Object[size];
            values = new long[size];
        }

        void apply() {
            Object[] t = targets;
            long[] v = values;
            for (int i = 0; i < count; i++) {
                if (t[i] instanceof PhaseSamples p) {
                    p.add(v[i]);
                } else {
                    ((LogHistogram) t[i]).record(v[i]);
                }
                t[i] = null;
            }
            count = 0;
        }
    }

    private final boolean threaded;
    private final int size;
    private Batch current;
    private BlockingQueue<Batch> full;
    private BlockingQueue<Batch> free;
    private Thread writer;
    private volatile Throwable failure;
    /** No thread (any more): batches are applied by the tracker's thread. */
    private boolean finished;

    SampleWriter() {
        this(THREADED);
    }

    SampleWriter(boolean threaded) {
        this(threaded, BATCH);
    }

    /** {@code size} values a batch: small ones let a test cross threads on a short trace. */
    SampleWriter(boolean threaded, int size) {
        this.threaded = threaded;
        this.size = size;
        this.current = new Batch(size);
    }

    void add(PhaseSamples s, long ns) {
        if (threaded) {
            append(s, ns);
        } else {
            s.add(ns); // no writer thread: a batch would only defer the same write on the same thread
        }
    }

    void record(LogHistogram h, long ns) {
        if (threaded) {
            append(h, ns);
        } else {
            h.record(ns);
        }
    }

    private void append(Object target, long ns) {
        Batch b = current;
        int i = b.count;
        b.targets[i] = target;
        b.values[i] = ns;
        if ((b.count = i + 1) == size) {
            handOff();
        }
    }

    private void handOff() {
        if (finished) {
            current.apply();
            return;
        }
        if (writer == null) {
            start();
        }
        try {
            full.put(current);
            current = free.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while tracking block events", e);
        }
        rethrow();
    }

    private void start() {
        full = new ArrayBlockingQueue<>(IN_FLIGHT + 1);
        free = new ArrayBlockingQueue<>(IN_FLIGHT + 1);
        for (int i = 0; i < IN_FLIGHT; i++) {
            free.add(new Batch(size));
        }
        writer = new Thread(this::write, "block-samples");
        writer.setDaemon(true);
        writer.start();
    }

    private void write() {
        try {
            while (true) {
                Batch b = full.take();
                boolean last = b.last;
                b.apply();
                if (last) {
                    return;
                }
                free.put(b);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            failure = e;
            free.offer(new Batch(size)); // the tracker may be waiting for a free batch
        }
    }

    /**
     * Applies everything written so far and ends the writer thread; the targets may be read after
     * it. Writes after it are applied on the caller's thread, at the next call.
     */
    void finish() {
        if (writer != null && !finished) {
            try {
                current.last = true;
                full.put(current);
                writer.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while tracking block events", e);
            }
            current = new Batch(size);
        }
        finished = true;
        current.apply();
        rethrow();
    }

    private void rethrow() {
        Throwable f = failure;
        if (f instanceof RuntimeException r) {
            throw r;
        }
        if (f instanceof Error e) {
            throw e;
        }
    }
}
