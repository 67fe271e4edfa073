package dev.ioverdict.pipeline;

import dev.ioverdict.model.Fact;
import dev.ioverdict.model.Facts;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Consumer;

/**
 * Hands a parser's facts, in batches and in order, to one thread of their own that adds them to
 * {@link Facts}, so the streaming analyses subscribed there (syscall latencies, the iostat series,
 * sleeps) run beside the parser instead of after each line: a big text file then keeps two cores
 * busy instead of one. The analyses still see every fact on one thread, in the order emitted, and
 * each file's facts are all delivered before {@link #close} returns, so what they compute does not
 * change. Facts must be immutable once emitted (they are records).
 *
 * <p>What an analysis throws reaches the parser at its next batch, or at {@link #close}, as it
 * would have from {@code emit}: the pipeline's handling of a failed parse stays the same, and the
 * facts delivered before the failure are kept.
 */
final class FactHandoff implements Consumer<Fact>, AutoCloseable {
    private static final int BATCH = 1024;
    private static final int IN_FLIGHT = 8;
    private static final Fact[] END = new Fact[0];

    private final Facts facts;
    private final BlockingQueue<Fact[]> full = new ArrayBlockingQueue<>(IN_FLIGHT + 1);
    private final BlockingQueue<Fact[]> free = new ArrayBlockingQueue<>(IN_FLIGHT + 2);
    private final Thread analysis;
    private volatile Throwable failure;
    private boolean failureThrown;
    private Fact[] batch = new Fact[BATCH];
    private int size;
    private boolean closed;

    FactHandoff(Facts facts, String input) {
        this.facts = facts;
        for (int i = 0; i < IN_FLIGHT; i++) {
            free.add(new Fact[BATCH]);
        }
        analysis = Thread.ofPlatform().name("analysis " + input).daemon().unstarted(this::deliver);
        analysis.start();
    }

    @Override
    public void accept(Fact fact) {
        batch[size++] = fact;
        if (size == BATCH) {
            send();
            batch = take(free);
        }
    }

    /** Delivers what is left, waits for the analyses to take it all, and rethrows what they threw. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        // uninterruptibly: a case stopped at its time limit must still end this thread
        boolean interrupted = false;
        if (size > 0) {
            seal();
            interrupted = putUninterruptibly(batch);
            size = 0;
        }
        interrupted |= putUninterruptibly(END);
        while (analysis.isAlive()) {
            try {
                analysis.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        rethrow();
    }

    private void send() {
        rethrow();
        hand();
    }

    private void hand() {
        seal();
        put(batch);
        size = 0;
    }

    private void seal() {
        if (size < BATCH) {
            batch[size] = null; // a short batch ends at its first null
        }
    }

    private void deliver() {
        while (true) {
            Fact[] b = take(full);
            if (b == END) {
                return;
            }
            for (int i = 0; i < b.length && b[i] != null; i++) {
                if (failure == null) {
                    try {
                        facts.add(b[i]);
                    } catch (RuntimeException | Error e) {
                        failure = e; // the rest is drained unread so that the parser never waits for good
                    }
                }
            }
            Arrays.fill(b, null);
            free.offer(b);
        }
    }

    /** Throws the analyses' failure to the parser, once. */
    private void rethrow() {
        Throwable t = failure;
        if (t == null || failureThrown) {
            return;
        }
        failureThrown = true;
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
    }

    private void put(Fact[] b) {
        try {
            full.put(b);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while handing facts to the analyses", e);
        }
    }

    /** Puts {@code b}, waiting through interrupts; true when one came (to be restored). */
    private boolean putUninterruptibly(Fact[] b) {
        boolean interrupted = false;
        while (true) {
            try {
                full.put(b);
                return interrupted;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
    }

    private static Fact[] take(BlockingQueue<Fact[]> queue) {
        try {
            return queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while handing facts to the analyses", e);
        }
    }
}
