package dev.ioverdict.parse.blkparse;

import dev.ioverdict.model.block.BlockEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Consumer;

/**
 * Reads and parses lines on a second thread, in batches, while the calling thread hands the
 * events on (to the lifecycle tracker, which then runs beside the parser on the other core).
 * Order is kept: one producer, one consumer, one FIFO queue of bounded depth, so memory stays
 * at a few batches whatever the file size.
 */
final class EventPipeline {
    private static final int BATCH = 2048;
    private static final int DEPTH = 8;
    private static final Object END = new Object();

    private final ByteLines lines;
    private final BlkparseReading reading;
    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(DEPTH);
    private volatile boolean cancelled;

    EventPipeline(ByteLines lines, BlkparseReading reading) {
        this.lines = lines;
        this.reading = reading;
    }

    void run(Consumer<BlockEvent> sink) throws IOException {
        Thread producer = new Thread(this::produce, "blkparse-reader");
        producer.setDaemon(true);
        producer.start();
        try {
            while (true) {
                Object item = queue.take();
                if (item == END) {
                    break;
                }
                if (item instanceof Throwable t) {
                    rethrow(t);
                }
                for (BlockEvent e : (BlockEvent[]) item) {
                    if (e == null) {
                        break;
                    }
                    sink.accept(e);
                }
            }
            producer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading", e);
        } finally {
            if (producer.isAlive()) {
                cancelled = true;
                producer.interrupt();
            }
        }
    }

    private void produce() {
        try {
            BlockEvent[] batch = new BlockEvent[BATCH];
            int n = 0;
            while (!cancelled && lines.next()) {
                BlockEvent e = reading.line(lines);
                if (e != null) {
                    batch[n++] = e;
                    if (n == BATCH) {
                        queue.put(batch);
                        batch = new BlockEvent[BATCH];
                        n = 0;
                    }
                }
            }
            if (n > 0) {
                queue.put(batch);
            }
            queue.put(END);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException | Error e) {
            try {
                queue.put(e);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void rethrow(Throwable t) throws IOException {
        if (t instanceof IOException io) {
            throw io;
        }
        if (t instanceof UncheckedIOException u) {
            throw u.getCause();
        }
        if (t instanceof RuntimeException r) {
            throw r;
        }
        throw (Error) t;
    }
}
