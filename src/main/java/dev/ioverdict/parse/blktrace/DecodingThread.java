package dev.ioverdict.parse.blktrace;

import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.WorkerFailure;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Reads, time-merges and decodes the files on a thread of its own and hands the events over in
 * batches, so the calling thread does only what must stay in order on one thread: the lifecycle
 * tracker behind {@link ParseContext#emit} (as {@code ChunkedPipeline} does for blkparse text).
 * A few batches in flight, their arrays reused, bound the memory whatever the trace's size.
 */
final class DecodingThread {
    static final int BATCH = 4096;
    private static final int IN_FLIGHT = 4;

    /** Events in merge order and the position of the file of each; {@code failure} ends the stream. */
    private static final class Batch {
        final BlockEvent[] events = new BlockEvent[BATCH];
        final int[] files = new int[BATCH];
        int count;
        boolean last;
        Throwable failure;
    }

    private final List<TraceFile> traces;
    private final BlockingQueue<Batch> full = new ArrayBlockingQueue<>(IN_FLIGHT + 1);
    private final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(IN_FLIGHT + 1);

    DecodingThread(List<TraceFile> traces) {
        this.traces = traces;
        for (int i = 0; i < IN_FLIGHT; i++) {
            free.add(new Batch());
        }
    }

    /** Runs the trace through; each event goes to the context of its file, on this thread, in order. */
    void run(List<ParseContext> contexts) throws IOException {
        Thread reader = new Thread(this::read, "blktrace-reader");
        reader.setDaemon(true);
        reader.start();
        try {
            while (true) {
                Batch b = full.take();
                BlockEvent[] events = b.events;
                int[] files = b.files;
                for (int i = 0; i < b.count; i++) {
                    contexts.get(files[i]).emit(events[i]);
                }
                if (b.failure != null) {
                    throw WorkerFailure.rethrow(b.failure);
                }
                if (b.last) {
                    break;
                }
                b.count = 0;
                free.put(b);
            }
            reader.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading", e);
        } finally {
            reader.interrupt();
        }
    }

    /** The reader: fills batches in merge order, then hands on the last one, marked, with any failure. */
    private void read() {
        Batch[] current = new Batch[1];
        try {
            current[0] = free.take();
            BlktraceFormat.decode(traces, (e, file) -> {
                Batch b = current[0];
                b.events[b.count] = e;
                b.files[b.count] = file;
                if (++b.count == BATCH) {
                    full.put(b);
                    current[0] = free.take();
                }
            });
            current[0].last = true;
            full.put(current[0]);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException | Error e) {
            Batch b = current[0] != null ? current[0] : new Batch();
            b.failure = e;
            b.last = true;
            try {
                full.put(b);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
