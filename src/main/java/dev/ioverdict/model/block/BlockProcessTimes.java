package dev.ioverdict.model.block;

import java.util.List;

/**
 * What each process's requests spent where on each device, summed bio by bio from a block trace:
 * the time model's block-layer side. Times in seconds. {@code direction} is "read", "write" or
 * "other"; {@code flush} is the device time of its preflush, FUA and metadata (journal) writes (also counted in d2c);
 * {@code tag} is Q2G + G2I, {@code scheduler} I2D or Q2M + M2D; {@code preflushWait} is the part of {@code tag}
 * that writes carrying a preflush spent between getting their request and being inserted (G2I): the kernel's
 * flush state machine holds such a write until the cache flush before it completes, a wait for the flush,
 * not for a request. Slices give, per device, who held
 * the device's time in each stretch of {@code sliceSeconds} from the trace's first event. {@code flushWaits}: the
 * empty preflush requests (an fsync's, an fdatasync's) each process queued, which are in no entry.
 */
public record BlockProcessTimes(List<Entry> entries, List<Flushes> flushes, List<Baseline> baselines,
                                double sliceSeconds, List<SliceEntry> slices, double spanSeconds, List<Writes> writes,
                                List<FlushWait> flushWaits) {
    public BlockProcessTimes {
        flushWaits = List.copyOf(flushWaits);
        writes = List.copyOf(writes);
        entries = List.copyOf(entries);
        flushes = List.copyOf(flushes);
        baselines = List.copyOf(baselines);
        slices = List.copyOf(slices);
    }

    /**
     * {@code n} bios, {@code merged} of them merged into a request another bio began (btt's M): the device
     * performed {@link #requests()} requests, {@code durableRequests} of them preflush, FUA or metadata
     * (journal, log tree) writes, whose time {@code flush} holds. {@code alone} bios had the device to themselves,
     * for {@code aloneD2c}; {@code turns} bios' dispatch was seen, and {@code sinceLastCompletion} is the part of
     * their D2C after the device's completion before theirs: on a device serving one request at a time, their own
     * service. {@code syncData} bios are synchronous data (S, neither metadata nor a flush or FUA), what an
     * application queues for its direct and synchronous I/O.
     */
    public record Entry(String device, int pid, String comm, String direction, long n, long bytes, double q2c,
                        double d2c, double scheduler, double tag, double flush, double preflushWait, long merged,
                        long durableRequests, long alone, double aloneD2c, long turns, double sinceLastCompletion,
                        long syncData) {
        /** The requests the device performed for these bios. */
        public long requests() {
            return n - merged;
        }

        /** The wait for a request tag: Q2G + G2I, less a preflush write's G2I, which is its wait for the flush. */
        public double tagWait() {
            return tag - preflushWait;
        }
    }

    /**
     * How many of the device's requests were in {@code time}'s phase at once, on average (Little's law:
     * that time of all its requests, summed over the trace's span); NaN without a span.
     */
    public double atOnce(String device, java.util.function.ToDoubleFunction<Entry> time) {
        if (!(spanSeconds > 0)) {
            return Double.NaN;
        }
        return entries.stream().filter(e -> e.device().equals(device)).mapToDouble(time).sum() / spanSeconds;
    }

    /** The bytes of the device's completed requests. */
    public long bytes(String device) {
        return entries.stream().filter(e -> e.device().equals(device)).mapToLong(Entry::bytes).sum();
    }

    /** The device's average request size in bytes; 0 without a completion. */
    public double requestBytes(String device) {
        long n = completions(device);
        return n == 0 ? 0 : (double) bytes(device) / n;
    }

    /** The device's average request size in bytes of one direction ("read" or "write"); 0 without a completion. */
    public double requestBytes(String device, String direction) {
        long n = 0;
        long bytes = 0;
        for (Entry e : entries) {
            if (e.device().equals(device) && e.direction().equals(direction)) {
                n += e.n();
                bytes += e.bytes();
            }
        }
        return n == 0 ? 0 : (double) bytes / n;
    }

    /** The G2I of the device's writes that carried a preflush, summed: their wait for the flush before them. */
    public double preflushWait(String device) {
        return entries.stream().filter(e -> e.device().equals(device)).mapToDouble(Entry::preflushWait).sum();
    }

    /** The device's completed requests over the trace's span. */
    public long completions(String device) {
        return entries.stream().filter(e -> e.device().equals(device)).mapToLong(Entry::n).sum();
    }

    /**
     * The data writes (neither flush, FUA nor metadata) one process queued on one device: how many, their
     * bytes, and by {@code classes} how the coarser of each write's start and size falls into the alignment
     * classes "512", "1K", "2K", "4K" and "larger" (8 KiB multiples) of {@code FileAlignment}; {@code examples}
     * are the first few below 4 KiB alignment as the trace shows them.
     */
    public record Writes(String device, int pid, String comm, long n, long bytes, long minBytes, long maxBytes,
                         java.util.Map<String, Long> classes, List<dev.ioverdict.model.Evidence> examples) {
        public Writes {
            classes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(classes));
            examples = List.copyOf(examples);
        }
    }

    /** Requests that only flush the device's cache (no data): how many and their D2C in all. */
    public record Flushes(String device, long n, double d2c, double maxD2c) {
    }

    /**
     * {@code n} empty preflush requests one process queued on one device (no data: an fsync's or fdatasync's
     * request that the device's cache be flushed), and their wait in all: from each one's queueing to the
     * completion of the cache flush issued after it, which blk-flush completes it with.
     */
    public record FlushWait(String device, int pid, String comm, long n, double seconds) {
    }

    /** The deepest level of {@link Baseline#byDepth} kept apart: it holds that many others in the device and more. */
    public static final int DEEPEST_LEVEL = 32;

    /**
     * A device's D2C low percentile (its light-load service time) and median, over every request, and
     * its D2C by how many of its requests were in it when each was dispatched ({@code byDepth}).
     */
    public record Baseline(String device, long n, double p5, double p50, List<DepthLevel> byDepth) {
        public Baseline {
            byDepth = List.copyOf(byDepth);
        }

        /**
         * The requests of {@code direction} dispatched while fewer than {@code others} of the device's
         * requests were in it: how many, and their average D2C (NaN without one).
         */
        public Dispatched dispatchedBelow(String direction, double others) {
            long n = 0;
            double d2c = 0;
            for (DepthLevel l : byDepth) {
                // the deepest level holds that many and more: below a bound past it, it cannot be counted
                boolean lumped = l.othersInDevice() >= DEEPEST_LEVEL && others != Double.POSITIVE_INFINITY;
                if (l.direction().equals(direction) && l.othersInDevice() < others && !lumped) {
                    n += l.n();
                    d2c += l.d2c();
                }
            }
            return new Dispatched(n, n == 0 ? Double.NaN : d2c / n);
        }

        /** Its reads' and writes' together, as {@link #dispatchedBelow(String, double)} gives each. */
        public Dispatched dispatchedBelow(double others) {
            return dispatchedBelow("read", others).plus(dispatchedBelow("write", others));
        }

        /** The requests of {@code direction} whose number in the device at their dispatch is known, as above. */
        public Dispatched dispatched(String direction) {
            return dispatchedBelow(direction, Double.POSITIVE_INFINITY);
        }
    }

    /**
     * {@code n} requests of {@code direction} ("read", "write") dispatched while {@code othersInDevice} of
     * the device's requests were in it (the deepest level: that many or more), their D2C summed in
     * {@code d2c}; only requests whose number is known (none that a request in flight when the trace
     * began could have been ahead of).
     */
    public record DepthLevel(String direction, int othersInDevice, long n, double d2c) {
    }

    /** {@code n} requests and their average D2C in seconds. */
    public record Dispatched(long n, double averageSeconds) {
        /** These requests and {@code other}'s together. */
        public Dispatched plus(Dispatched other) {
            if (other.n == 0) {
                return this;
            }
            if (n == 0) {
                return other;
            }
            return new Dispatched(n + other.n, (n * averageSeconds + other.n * other.averageSeconds) / (n + other.n));
        }
    }

    /** One process's requests on one device in slice {@code slice}: how many and their D2C in all. */
    public record SliceEntry(String device, int slice, int pid, String comm, long n, double d2c) {
    }
}
