package dev.ioverdict.parse;

import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * The pieces of a file a reader thread hands to the calling thread in file order while workers make
 * them side by side: each a future in a bounded queue (which bounds the pieces in flight), then the
 * end, or the reader's failure. The calling thread gets a worker's or the reader's failure as it
 * was thrown.
 */
public final class InOrder<T> {
    private sealed interface Item<T> {
    }

    private record Next<T>(Future<T> piece) implements Item<T> {
    }

    private record End<T>() implements Item<T> {
    }

    private record Failed<T>(Throwable cause) implements Item<T> {
    }

    private final BlockingQueue<Item<T>> queue;

    /** At most {@code capacity} pieces handed over and not yet taken. */
    public InOrder(int capacity) {
        this.queue = new ArrayBlockingQueue<>(capacity);
    }

    /** The reader: the next piece, being made. */
    public void put(Future<T> piece) throws InterruptedException {
        queue.put(new Next<>(piece));
    }

    /** The reader: the next piece, made already. */
    public void put(T piece) throws InterruptedException {
        put(CompletableFuture.completedFuture(piece));
    }

    /** The reader: no piece follows. */
    public void end() throws InterruptedException {
        queue.put(new End<>());
    }

    /** The reader stopped on {@code cause}: the calling thread meets it at its next {@link #take()}. */
    public void fail(Throwable cause) {
        try {
            queue.put(new Failed<>(cause));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the calling thread is leaving: it cancelled the reading
        }
    }

    /** The calling thread: the next piece once it is made, or null at the end; a reader's or worker's failure is thrown. */
    public T take() throws IOException {
        try {
            Item<T> item = queue.take();
            if (item instanceof Failed<T> failed) {
                throw WorkerFailure.rethrow(failed.cause());
            }
            return item instanceof Next<T> next ? next.piece().get() : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading", e);
        } catch (ExecutionException e) {
            throw WorkerFailure.rethrow(e.getCause());
        }
    }
}
