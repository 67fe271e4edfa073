package dev.ioverdict.analysis.timemodel;

import dev.ioverdict.analysis.config.MediaClass;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.analysis.syscall.AioWaits;
import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.SchedulerHold;
import dev.ioverdict.analysis.iostat.IostatCommits;
import dev.ioverdict.analysis.iostat.IostatPoint;
import dev.ioverdict.model.UnnamedProcess;
import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.model.block.RequestTimes;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.model.timemodel.WaitPart;
import dev.ioverdict.parse.text.Numbers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Assigns one command's I/O wait to the parts of {@link Part}, saying for each how it was
 * measured. The rules, in the order a wait is taken apart:
 * <ul>
 * <li>io_submit: its sleep stacks say how much of it slept on the inode, a request tag, a
 * throttle, writeback or its own I/O; the rest is the submission itself;</li>
 * <li>waits for completions (io_getevents, read, write and their forms, and io_submit asleep on
 * its own I/O), per direction: split as the command's own requests spent their time in the block
 * trace (tag wait, scheduler, device, flush); the device part again into the device's own service
 * and the time behind other processes' requests; what the requests do not account for is not
 * explained. Without a block trace: the device its files live on, by iostat;</li>
 * <li>fsync and kin: split between cache flushes (and FUA writes) and data writes by their device
 * time on the devices it writes to.</li>
 * </ul>
 */
final class Assigner {
    private static final Set<String> SUBMIT_FRAMES = Set.of("__x64_sys_io_submit", "__arm64_sys_io_submit",
            "sys_io_submit", "do_io_submit", "io_submit_one", "__se_sys_io_submit");
    private static final Set<String> TAG_FRAMES = Set.of("blk_mq_get_tag", "get_request", "__get_request",
            "get_request_wait", "blk_mq_get_request", "__blk_mq_alloc_request", "blk_mq_get_new_requests");
    private static final Set<String> THROTTLE_FRAMES = Set.of("wbt_wait", "rq_qos_wait", "__rq_qos_throttle",
            "blk_throtl_bio", "blkcg_maybe_throttle_current", "__blkcg_iolatency_throttle", "ioc_rqos_throttle");
    private static final Set<String> WRITEBACK_FRAMES = Set.of("balance_dirty_pages", "balance_dirty_pages_ratelimited",
            "balance_dirty_pages_ratelimited_flags");
    private static final String[] DIRECTIONS = {"read", "write"};
    /** An io_submit this long on average is asleep, whatever its stacks' window covered. */
    static final double ASLEEP_CALL_SECONDS = 0.001;
    /** Its own reads in flight for at least this share of its write calls' time: the writes read their pages first. */
    static final double PAGE_READS_OF_WRITES = 0.5;
    /** ... and for at least this share of its whole wait. */
    static final double PAGE_READS_OF_WAIT = 0.1;
    /**
     * Without a block trace, waits over this many times its requests' count times the device's await are not
     * the device's: served one at a time they would take that much, and several in flight take less.
     */
    static final double ABOVE_THE_DEVICE = 3;
    /** A request's D2C beyond this many times the device's light-load service time is queueing in the device. */
    static final double QUEUED_FACTOR = 2;
    /** A slice where the others held at most this share of the command's own device time is the command alone. */
    static final double ALONE_OTHERS_SHARE = 0.05;
    /** Requests alone on the device that make its own service time measured. */
    static final int MIN_ALONE_REQUESTS = 20;
    /** Others holding this share of a device's time in a slice leave no light-load request to measure. */
    static final double DOMINATED = 0.5;
    /** The share of a part another way of finding it must hold to be said beside the first. */
    static final double OTHER_METHOD_SHARE = 0.05;

    private final BlockProcessTimes block;
    private final List<IostatDevice> iostat;
    private final List<DeviceSeries> series;
    /** Bytes a second all the traced processes' calls moved: what iostat's bytes are weighed against. */
    private final double tracedBytesPerSecond;
    /** Read calls a second of all the traced processes: reads of a device no sleeping write asked for. */
    private final double tracedReadsPerSecond;
    private final StorageConfig config;
    private final TimeModelAnalysis.DeviceNaming names;
    private final List<SleepStack> stacks;
    private final Set<TimeModelAnalysis.Group> unalignedWriters;
    /** Groups whose io_submit goes to files opened without O_DIRECT: buffered AIO, done inside the call. */
    private final Set<TimeModelAnalysis.Group> bufferedSubmitters;
    /**
     * Groups whose io_submit sleep stacks timed the wait for a request tag or a throttle: that wait is their
     * requests' Q2G + G2I, already a part, so their completions are split over the phases after it.
     */
    private final Set<TimeModelAnalysis.Group> tagTimedBySubmit = new java.util.HashSet<>();
    private final PerIoMatch perIo;
    /** Each command's device where no block trace says it, found once: several parts ask for it. */
    private final Map<TimeModelAnalysis.Group, String> homes = new java.util.IdentityHashMap<>();
    /** The command of each pid and thread the syscall traces name: who a block trace's nameless pid is. */
    private final Map<Integer, String> tracedCommands;
    /** The requests kernel workers queue for a process, where the block trace is on another clock than its calls. */
    private final WorkerRequests workers;
    /** Each iostat device's read and write bytes a second over the reports in which it did I/O, read once. */
    private final Map<String, double[]> busyBytes = new java.util.HashMap<>();

    Assigner(BlockProcessTimes block, List<IostatDevice> iostat, List<DeviceSeries> series, double tracedBytesPerSecond,
             double tracedReadsPerSecond, StorageConfig config,
             TimeModelAnalysis.DeviceNaming names, List<SleepStack> stacks, Set<TimeModelAnalysis.Group> unalignedWriters,
             Set<TimeModelAnalysis.Group> bufferedSubmitters, RequestTimes requests, Map<Integer, String> tracedCommands) {
        this.perIo = new PerIoMatch(requests);
        this.tracedCommands = tracedCommands;
        this.workers = block == null ? null : new WorkerRequests(block, tracedCommands, names);
        this.unalignedWriters = unalignedWriters;
        this.bufferedSubmitters = bufferedSubmitters;
        this.block = block;
        this.iostat = iostat;
        this.series = series;
        this.tracedBytesPerSecond = tracedBytesPerSecond;
        this.tracedReadsPerSecond = tracedReadsPerSecond;
        this.config = config;
        this.names = names;
        this.stacks = stacks;
    }

    /** Parts keyed by part, direction and device while they are summed. */
    private static final class Parts {
        final Map<String, double[]> seconds = new LinkedHashMap<>();
        final Map<String, Object[]> what = new LinkedHashMap<>();

        void add(Part part, String direction, String device, double s, String method, List<WaitPart.Neighbour> others) {
            if (!(s > 0)) {
                return;
            }
            String key = part + "|" + direction + "|" + device;
            seconds.computeIfAbsent(key, k -> new double[1])[0] += s;
            what.putIfAbsent(key, new Object[] {part, direction, device, method, others});
            if (method != null) {
                methods.computeIfAbsent(key, k -> new LinkedHashMap<>()).merge(method, s, Double::sum);
            }
        }

        /** Each part's methods and the seconds found by each, in the order found. */
        final Map<String, Map<String, Double>> methods = new LinkedHashMap<>();

        /**
         * The first method of a part, and those that found a material share of it besides (a commit's flush inside
         * its own requests, and another outside them).
         */
        private String method(String key, String first, double total) {
            StringBuilder out = new StringBuilder(first == null ? "" : first);
            methods.getOrDefault(key, Map.of()).forEach((m, s) -> {
                if (!m.equals(first) && s >= OTHER_METHOD_SHARE * total) {
                    out.append(" And ").append(Fmt.seconds(s)).append(" of it ").append(m);
                }
            });
            return out.toString();
        }

        /** Takes up to {@code s} seconds out of a part (removed once empty); returns the seconds taken. */
        double take(Part part, String direction, String device, double s) {
            String key = part + "|" + direction + "|" + device;
            double[] held = seconds.get(key);
            if (held == null || !(s > 0)) {
                return 0;
            }
            double taken = Math.min(held[0], s);
            held[0] -= taken;
            if (held[0] <= 1e-12) {
                seconds.remove(key);
                what.remove(key);
                methods.remove(key);
            }
            return taken;
        }

        @SuppressWarnings("unchecked")
        List<WaitPart> build(double whole) {
            List<WaitPart> out = new ArrayList<>();
            seconds.forEach((key, s) -> {
                Object[] w = what.get(key);
                out.add(TimeModelAnalysis.part((Part) w[0], (String) w[1], (String) w[2], s[0], whole,
                        method(key, (String) w[3], s[0]), (List<WaitPart.Neighbour>) w[4]));
            });
            out.sort(Comparator.comparingDouble(WaitPart::seconds).reversed().thenComparing(p -> p.part().ordinal()));
            return out;
        }
    }

    /**
     * Write calls under this fraction of their device's write time did not wait for it: the device's write is
     * the floor of a call that does, and half leaves room for a w_await raised by other writers' slower
     * requests. A writer held to writeback's pace takes its bytes over the device's throughput a call, about
     * w_await / aqu-sz: under half wherever writeback keeps two or more requests in flight.
     */
    private static final double CACHED_WRITE_FRACTION = 0.5;
    /** The device moved under this share of a command's bytes of one direction: none of them came from it. */
    private static final double NONE_OF_ITS_BYTES = 0.01;

    ProcessWait assign(TimeModelAnalysis.Group g) {
        Parts parts = new Parts();
        double ownIoInSubmit = submission(g, parts);
        double readShare = readShare(g);
        boolean flagged = g.bufferedWrites > g.directWrites + g.syncWrites;
        String cached = flagged || g.blockOnly ? null : fasterThanItsDevice(g);
        boolean buffered = (flagged || cached != null || leftToWriteback(g)) && !g.blockOnly;
        PerIoMatch.Result matched = g.blockOnly ? PerIoMatch.Result.NONE : perIo.match(g, buffered);
        perIo(g, matched, parts);
        double completions = g.seconds(WaitClass.COMPLETE) - matched.matched(WaitClass.COMPLETE) + ownIoInSubmit;
        // buffered, the matched part of its writes is the page reads a partial-page write waits for
        double writes = g.seconds(WaitClass.WRITE) - matched.matched(WaitClass.WRITE);
        if (buffered) {
            // a buffered write returns once its data is in the page cache: its time is the copy, not the device,
            // unless the kernel makes it wait until enough dirty pages are written back
            String why = flagged ? "the trace shows their files opened without O_DIRECT" : cached != null ? cached
                    : "the block trace shows the kernel's writeback writing while none of its writes is queued "
                    + "by the process itself, as an O_DIRECT or O_SYNC write would be";
            // the sleeps in page reads are matched above: the rest is the throttle's
            double slept = Math.min(writes, Math.max(0, g.sleptInWrites - matched.matched(WaitClass.WRITE)));
            double pageReads = block == null ? pageReads(g, slept, "buffered writes (" + why + ")", parts) : 0;
            writes -= pageReads;
            slept -= pageReads;
            if (slept > 0) {
                parts.add(Part.WRITEBACK, "write", null, slept, "estimated: buffered writes (" + why + ") that slept ("
                        + g.longWrites + " calls of 1 ms or more, " + Fmt.seconds(slept) + "): a write into the page cache "
                        + "sleeps when the kernel holds it until dirty pages are written back (balance_dirty_pages); no "
                        + "sleep stacks tell it apart from a page or inode lock", null);
            }
            parts.add(Part.SUBMISSION, "write", null, writes - slept, "measured: buffered writes (" + why + ") "
                    + "return once the data is in the page cache", null);
            writes = 0;
        } else if (block == null && writes > 0 && g.bufferedWrites + g.directWrites + g.syncWrites == 0) {
            writes -= pageReads(g, Math.min(writes, g.sleptInWrites), "writes (the trace does not show their files "
                    + "opened)", parts);
        }
        double completedWrites = completions * (1 - readShare);
        // without a block trace, writes that return (or complete) once durable: iostat's flushes say how
        IostatCommits commits = block == null && (writes > 0 || completedWrites > 0 && g.writes > 0)
                ? IostatCommits.of(seriesOf(deviceOf(g))) : null;
        String durable = block == null ? durable(g, commits) : null;
        if (durable != null && writes > 0) {
            durableWrites(g, writes, durable, commits, parts);
            writes = 0;
        }
        if (durable != null && completedWrites > 0 && g.writes > 0 && commits != null && commits.commits()) {
            // asynchronous writes to a file opened O_DSYNC or O_SYNC complete once their flush has: the same split
            ownWriteSplit(g.writes, completedWrites, 1, "one write of its data", "estimated: no block trace; "
                    + "its asynchronous writes complete once durable (" + durable + "): ", commits, deviceOf(g), parts);
            completedWrites = 0;
        }
        double[] byDirection = {
            g.seconds(WaitClass.READ) - matched.matched(WaitClass.READ) + completions * readShare,
            writes + completedWrites};
        for (int d = 0; d < 2; d++) {
            completion(g, DIRECTIONS[d], byDirection[d], parts);
        }
        sync(g, g.seconds(WaitClass.SYNC) - matched.matched(WaitClass.SYNC), parts);
        inodeInWriteCalls(g, parts);
        double whole = g.total();
        List<Integer> pids = g.pids.stream().sorted().toList();
        return new ProcessWait(g.command, pids, String.join(", ", g.sources), g.allCalls(), whole,
                parts.build(whole));
    }

    /**
     * Writers without AIO (pwrite64 of a database's log writers): the part of their write calls' time before their
     * requests were queued (submission) that their sleep stacks in those calls show waiting for the inode, the
     * drain before an unaligned direct write or the inode lock another writer holds. AIO writers' wait for the
     * inode is io_submit's, taken apart by {@link #submission}.
     */
    private void inodeInWriteCalls(TimeModelAnalysis.Group g, Parts parts) {
        if (g.seconds(WaitClass.SUBMIT) > 0 || g.seconds(WaitClass.WRITE) <= 0) {
            return;
        }
        double inode = 0;
        double asleep = 0;
        for (SleepStack s : stacks) {
            if (!timedSleepOf(g, s) || !AioWaits.inWriteCall(s)) {
                continue;
            }
            asleep += s.total();
            if (AioWaits.kind(s) == AioWaits.Kind.SERIALISED) {
                inode += s.total();
            }
        }
        if (inode <= 0) {
            return;
        }
        // the stacks are often recorded over a shorter window than the calls: their composition holds
        double moved = parts.take(Part.SUBMISSION, "write", null, inode / asleep * g.seconds(WaitClass.WRITE));
        parts.add(Part.INODE_LOCK, null, null, moved, "estimated: the share of its write calls' sleep that their sleep "
                + "stacks spend waiting for the inode (the drain in inode_dio_wait, the inode lock another writer "
                + "holds): " + Fmt.seconds(inode) + " of " + Fmt.seconds(asleep) + " asleep, applied to its "
                + Fmt.seconds(g.seconds(WaitClass.WRITE)) + " of write calls, within the time before its requests "
                + "were queued", null);
    }

    /** io_submit's time by what its sleep stacks slept on; returns the seconds asleep on its own I/O. */
    private double submission(TimeModelAnalysis.Group g, Parts parts) {
        double submit = g.seconds(WaitClass.SUBMIT);
        if (submit <= 0) {
            return 0;
        }
        double[] slept = new double[5]; // inode, tag, throttle, writeback, own I/O
        for (SleepStack s : stacks) {
            if (!timedSleepOf(g, s) || !s.passesThrough(SUBMIT_FRAMES)) {
                continue;
            }
            if (AioWaits.kind(s) == AioWaits.Kind.SERIALISED) {
                slept[0] += s.total();
            } else if (s.passesThrough(TAG_FRAMES)) {
                slept[1] += s.total();
            } else if (s.passesThrough(THROTTLE_FRAMES)) {
                slept[2] += s.total();
            } else if (s.passesThrough(WRITEBACK_FRAMES)) {
                slept[3] += s.total();
            } else if (AioWaits.kind(s) == AioWaits.Kind.OWN_IO) {
                slept[4] += s.total();
            }
        }
        long calls = g.waits.calls(WaitClass.SUBMIT);
        if (slept[0] + slept[1] + slept[2] + slept[3] + slept[4] == 0 && unalignedWriters.contains(g)
                && g.longSubmits > 0) {
            // no stacks, but an unaligned direct write on XFS that serialises is synchronous: the io_submit that
            // sleeps drains the inode's other I/O, then waits for its own write, one request's time. The calls that
            // did not sleep went async (an overwrite of written blocks is not drained): their time is submission's
            double asleepCalls = Math.min(submit, g.sleptInSubmits);
            double perRequest = ownRequests(g, "write") > 0 ? ownQ2c(g, "write") / ownRequests(g, "write") : 0;
            double own = Math.min(asleepCalls, g.longSubmits * perRequest);
            parts.add(Part.INODE_LOCK, null, null, asleepCalls - own, "estimated: no sleep stacks; io_submit of "
                    + "unaligned direct writes on XFS that sleeps (" + g.longSubmits + " calls of 1 ms or more, "
                    + Fmt.seconds(asleepCalls) + ") waits for the inode's other I/O to drain, then for its own write "
                    + "(one request's Q2C each, " + Fmt.seconds(own) + " in all): the rest of those calls' time", null);
            parts.add(Part.SUBMISSION, null, null, submit - asleepCalls, "measured: io_submit's calls under 1 ms "
                    + "(on the CPU, not asleep)" + underStrace(g, submit - asleepCalls, calls - g.longSubmits), null);
            return own;
        }
        if (slept[0] + slept[1] + slept[2] + slept[3] + slept[4] == 0 && calls > 0 && submit / calls >= ASLEEP_CALL_SECONDS
                && (bufferedSubmitters.contains(g) || submitHoldsItsRequests(g, submit / calls))) {
            // no stacks, but AIO without O_DIRECT is done inside io_submit through the page cache, and a call as long
            // as its requests whose completions are then at once waited for them: it waits for its own requests, as
            // a read() would (its tag wait, if any, among their phases)
            return submit;
        }
        double ownTag = ownTagWait(g);
        if (slept[0] + slept[1] + slept[2] + slept[3] + slept[4] == 0 && ownTag > 0 && calls > 0
                && submit / calls >= ASLEEP_CALL_SECONDS) {
            // no stacks, but io_submit asleep while the block trace shows its requests waiting for a request tag
            // (Q2G + G2I): blk-mq allocates the request inside the submitting call, so the wait is io_submit's
            double tag = Math.min(submit, ownTag);
            tagWait(g, tag, "estimated: no sleep stacks; io_submit sleeps (" + Fmt.seconds(submit / calls) + " a call on "
                    + "average) while the block trace shows its requests waiting " + Fmt.seconds(ownTag) + " for a request "
                    + "tag (Q2G + G2I), which blk-mq takes inside the submitting call", parts);
            parts.add(Part.SUBMISSION, null, null, submit - tag, "measured: io_submit's time beyond its requests' wait "
                    + "for a tag", null);
            return 0;
        }
        double asleep = slept[0] + slept[1] + slept[2] + slept[3] + slept[4];
        if (slept[1] + slept[2] > 0) {
            tagTimedBySubmit.add(g);
        }
        // a submission that takes a millisecond or more is asleep: its CPU work is microseconds. Sleep
        // stacks are often recorded over a shorter window than the syscalls; their composition holds
        boolean allAsleep = calls > 0 && submit / calls >= ASLEEP_CALL_SECONDS;
        double scale = asleep > submit || (allAsleep && asleep > 0) ? submit / asleep : 1;
        String method = scale == 1 ? "measured: io_submit's sleep stacks (seconds asleep by kernel stack)"
                : "estimated: the composition of io_submit's sleep stacks (" + Fmt.seconds(asleep) + " asleep over "
                + "their window) applied to its " + Fmt.seconds(submit) + (allAsleep ? " (calls of "
                + Fmt.seconds(submit / calls) + " on average are asleep, not on the CPU)" : "");
        parts.add(Part.INODE_LOCK, null, null, slept[0] * scale, method, null);
        tagWait(g, slept[1] * scale, method, parts);
        parts.add(Part.THROTTLE, null, null, slept[2] * scale, method, null);
        parts.add(Part.WRITEBACK, null, null, slept[3] * scale, method, null);
        double rest = submit - asleep * scale;
        parts.add(Part.SUBMISSION, null, null, rest, (asleep > 0
                ? "measured: io_submit's time not asleep on the inode, tags, throttles or its own I/O"
                : "measured: io_submit's time; no sleep stacks tell what it waited on") + underStrace(g, submit, calls),
                null);
        return slept[4] * scale;
    }

    /**
     * Where io_submit's times are strace's alone and its calls short (under {@link #ASLEEP_CALL_SECONDS}
     * on average, so on the CPU, not asleep): strace -T times a call from its stop at the call's entry
     * to its stop at the exit, so its own work at each call is in every duration, and at that length
     * a good part of it. Empty otherwise (perf's tracepoints time the call alone).
     */
    private static String underStrace(TimeModelAnalysis.Group g, double submit, long calls) {
        List<ApplicationWaits.Process> from = g.chosenFor.getOrDefault(WaitClass.SUBMIT, List.of());
        if (calls == 0 || submit / calls >= ASLEEP_CALL_SECONDS || from.isEmpty()
                || !from.stream().allMatch(p -> "strace".equals(p.source))) {
            return "";
        }
        return "; timed by strace -T, whose own stop at each call is in every duration ("
                + (calls == 1 ? "1 call, " + Fmt.seconds(submit)
                : String.format(Locale.ROOT, "%,d", calls) + " calls, " + Fmt.seconds(submit / calls) + " a call on average")
                + "): without strace the part is smaller";
    }

    /**
     * The sleep for a request tag, on the devices the command's own requests wait for tags on (their
     * Q2G + G2I in the block trace; their Q2C where no request waited long enough to show): a tag is a
     * device's, and a cause about that device is measured in it. Without a block trace it stays unlocated.
     */
    private void tagWait(TimeModelAnalysis.Group g, double seconds, String method, Parts parts) {
        Map<String, double[]> byDevice = new TreeMap<>();
        if (block != null && seconds > 0) {
            for (BlockProcessTimes.Entry e : block.entries()) {
                if (mine(g, e)) {
                    double[] w = byDevice.computeIfAbsent(e.device(), k -> new double[2]);
                    w[0] += e.tagWait();
                    w[1] += e.q2c();
                }
            }
        }
        int weight = byDevice.values().stream().anyMatch(w -> w[0] > 0) ? 0 : 1;
        double all = byDevice.values().stream().mapToDouble(w -> w[weight]).sum();
        if (!(all > 0)) {
            parts.add(Part.TAG_WAIT, null, null, seconds, method, null);
            return;
        }
        String on = weight == 0 ? "; on the devices where its requests waited for a tag (their Q2G + G2I)"
                : "; on the devices its requests went to (their Q2C)";
        byDevice.forEach((device, w) -> parts.add(Part.TAG_WAIT, null, names.name(device), seconds * w[weight] / all,
                method + on, null));
    }

    /**
     * Whether io_submit, {@code perCall} seconds a call, holds the command's own reads from queue to completion:
     * in most of its calls of a millisecond or more one of its reads is queued and completed (the block trace on
     * the calls' clock; writes are left to the drain's reading, {@link PerIoMatch#submitsHoldingTheirRequests}),
     * each call lasts at least half a request's Q2C, their completions are collected in under a tenth of it, and
     * their wait for a tag is under half of the call (a full queue is the tag wait's, measured apart). The
     * submission is then synchronous (buffered AIO reads through the page cache) and its time is the requests'.
     */
    private boolean submitHoldsItsRequests(TimeModelAnalysis.Group g, double perCall) {
        // per call where the block trace shares the calls' clock: requests queued and completed inside them
        double holding = perIo.submitsHoldingTheirRequests(g, ASLEEP_CALL_SECONDS);
        if (!(holding >= SYNCHRONOUS_CALL)) {
            return false;
        }
        long requests = ownRequests(g, "read") + ownRequests(g, "write");
        long completions = g.waits.calls(WaitClass.COMPLETE);
        if (requests == 0) {
            return false;
        }
        double perRequest = (ownQ2c(g, "read") + ownQ2c(g, "write")) / requests;
        double collect = completions == 0 ? 0 : g.seconds(WaitClass.COMPLETE) / completions;
        double tagPerRequest = ownTagWait(g) / requests;
        return perRequest > 0 && perCall >= SYNCHRONOUS_CALL * perRequest && collect < PROMPT_COLLECTION * perRequest
                && tagPerRequest < SYNCHRONOUS_CALL * perCall;
    }

    /** An io_submit at least this share of its requests' Q2C a call may hold them. */
    private static final double SYNCHRONOUS_CALL = 0.5;
    /** Completions collected in under this share of a request's Q2C were already in. */
    private static final double PROMPT_COLLECTION = 0.1;

    /** The wait of the command's own requests for a request tag. */
    private double ownTagWait(TimeModelAnalysis.Group g) {
        return block == null ? 0 : block.entries().stream().filter(e -> mine(g, e))
                .mapToDouble(BlockProcessTimes.Entry::tagWait).sum();
    }

    /** The Q2C of the command's own requests of one direction, seconds. */
    private double ownQ2c(TimeModelAnalysis.Group g, String direction) {
        return block == null ? 0 : block.entries().stream().filter(e -> mine(g, e) && e.direction().equals(direction))
                .mapToDouble(BlockProcessTimes.Entry::q2c).sum();
    }

    /**
     * Without a block trace, why the command's write calls, whose files the trace never showed opened, went
     * to the page cache, or null: a write that waits for the device cannot return sooner than the device
     * writes (O_DIRECT waits for its request, O_SYNC for that and a flush), so calls that take under half
     * of what a write of its device takes in iostat (w_await, over the reports with writes) were copies
     * into memory, paced by the kernel's writeback where they slept. A command that made
     * fsync-type calls is left to them.
     */
    private String fasterThanItsDevice(TimeModelAnalysis.Group g) {
        long calls = g.waits.calls(WaitClass.WRITE);
        if (block != null || calls == 0 || g.bufferedWrites + g.directWrites + g.syncWrites > 0
                || g.seconds(WaitClass.SYNC) > 0) {
            return null;
        }
        String device = deviceOf(g);
        DeviceSeries series = seriesOf(device);
        if (series == null) {
            return null;
        }
        double writes = 0;
        double weighted = 0;
        for (IostatPoint p : series.points()) {
            double w = p.sample().value("w/s");
            double ms = p.sample().value("w_await");
            if (w > 0 && ms > 0) {
                writes += w;
                weighted += w * ms;
            }
        }
        double deviceMs = writes > 0 ? weighted / writes : 0;
        double perCallMs = 1000 * g.seconds(WaitClass.WRITE) / calls;
        return deviceMs > 0 && perCallMs < deviceMs * CACHED_WRITE_FRACTION ? String.format(Locale.ROOT, "its %d write "
                + "calls take %.2f ms each, under half the %.1f ms a write of %s takes (iostat w_await): no write that "
                + "waits for the device returns sooner than the device writes", calls, perCallMs, deviceMs, device)
                : null;
    }

    /**
     * Whether the command's writes, whose files the trace never showed opened, went to the page cache: it
     * made write calls, the block trace shows the kernel's flusher or journal writing, and it queued under a
     * hundredth of its calls' bytes itself, where an O_DIRECT write, an O_SYNC write or its fsync queues them all.
     */
    private boolean leftToWriteback(TimeModelAnalysis.Group g) {
        // a buffered writer leaves its bytes to the flusher, but for a stray bio of its own (a close's flush)
        if (block == null || g.bufferedWrites + g.directWrites + g.syncWrites > 0 || g.writes == 0
                || ownWriteBytes(g) >= NONE_OF_ITS_BYTES * g.writeBytes
                || g.seconds(WaitClass.SYNC) > 0) {
            return false;
        }
        return block.entries().stream().anyMatch(e -> e.direction().equals("write") && e.n() > 0
                && PerIoMatch.kernelWriter(e.comm()));
    }

    /**
     * Without a block trace, why the command's write calls return only once their data is durable, or null:
     * the trace shows their files opened O_SYNC or O_DSYNC; or it never showed them opened, the command
     * made no fsync-type call, and iostat counts a cache flush beside most of its device's writes.
     */
    private String durable(TimeModelAnalysis.Group g, IostatCommits commits) {
        if (g.syncWrites > 0) {
            return g.syncWrites >= g.directWrites + g.bufferedWrites
                    ? "the trace shows their files opened O_SYNC or O_DSYNC" : null;
        }
        if (g.directWrites + g.bufferedWrites > 0 || g.seconds(WaitClass.SYNC) > 0) {
            return null;
        }
        return commits != null && commits.commits() ? "the trace does not show their files opened, the command "
                + "made no fsync-type call, and iostat counts a cache flush beside most of " + deviceOf(g)
                + "'s writes (f/s, " + commits.held() + " of " + commits.writing() + " reports with writes): O_SYNC or "
                + "O_DSYNC writes" : null;
    }

    /**
     * O_SYNC or O_DSYNC writes without a block trace: each call's own data write (device) is what iostat
     * gives a write of the device less the flushes its await holds, the rest of the call (the journal's
     * writes, the cache flushes) the cost of durability (flush); without flush columns all of it is
     * durability, as an fsync's time is.
     */
    private void durableWrites(TimeModelAnalysis.Group g, double seconds, String why, IostatCommits commits,
                               Parts parts) {
        String device = deviceOf(g);
        String method = "estimated: no block trace; writes that return once durable (" + why + ")";
        if (commits == null || !commits.commits()) {
            parts.add(Part.FLUSH, "write", device, seconds, method + ": all of their time is the cost of making "
                    + "data durable, as an fsync's", null);
            return;
        }
        double perCall = requests(g.writes > 0 ? (double) g.writeBytes / g.writes : 0, device);
        ownWriteSplit(g.waits.calls(WaitClass.WRITE), seconds, perCall, (perCall > 1.05 ? String.format(Locale.ROOT,
                "%.1f writes", perCall) : "one write") + " of its data", method + ": ", commits, device, parts);
    }

    /**
     * A durable call's time split with iostat: each of its {@code calls} waits for {@code perCall} writes of
     * its data at a write's own time ({@link IostatCommits#writeMs}), the device part; the rest of the call,
     * the journal's writes and the cache flushes, is the cost of durability, the flush part.
     */
    private static void ownWriteSplit(long calls, double seconds, double perCall, String waitsFor, String lead,
                                      IostatCommits commits, String device, Parts parts) {
        double own = Math.min(seconds, calls * perCall * commits.writeMs() / 1000);
        String method = lead + String.format(Locale.ROOT, "each of its %d calls waits for %s, %.2f ms each on %s "
                + "(w_await less the flushes it holds, f/s x f_await / w/s, over the %d iostat reports with a flush "
                + "beside most writes); the rest of the call, the journal's writes and the cache flushes, is the cost "
                + "of durability", calls, waitsFor, commits.writeMs(), device, commits.held());
        parts.add(Part.FLUSH, "write", device, seconds - own, method, null);
        parts.add(Part.DEVICE, "write", device, own, method, null);
    }

    /**
     * The device requests {@code bytes} make: over the device's largest request (queue/max_sectors_kb), at
     * least one; one where the bundle gives neither.
     */
    private double requests(double bytes, String device) {
        long maxKib = config == null || device == null ? 0 : config.queueSetting(device, "max_sectors_kb")
                .map(q -> q.value().strip()).map(v -> Numbers.parseLong(v, 0, v.length(), 0)).orElse(0L);
        return maxKib > 0 && bytes > 0 ? Math.max(1, Math.ceil(bytes / 1024 / maxKib)) : 1;
    }

    /** The bytes of the write requests the command queued itself in the block trace. */
    private long ownWriteBytes(TimeModelAnalysis.Group g) {
        return block == null ? 0 : block.entries().stream().filter(e -> mine(g, e) && e.direction().equals("write"))
                .mapToLong(BlockProcessTimes.Entry::bytes).sum();
    }

    /** The number of the command's own requests of one direction. */
    private long ownRequests(TimeModelAnalysis.Group g, String direction) {
        return block == null ? 0 : block.entries().stream().filter(e -> mine(g, e) && e.direction().equals(direction))
                .mapToLong(BlockProcessTimes.Entry::n).sum();
    }

    /**
     * The reads' share of the completion waits: by the command's own requests' time in the block trace;
     * without one, by the device time its requests of each direction take (their count times iostat's
     * await of that direction: a few slow writes hold more of the waits than many fast reads); else by
     * the bytes it asked for.
     */
    private double readShare(TimeModelAnalysis.Group g) {
        double[] q2c = new double[2];
        if (block != null) {
            for (BlockProcessTimes.Entry e : block.entries()) {
                if (mine(g, e)) {
                    if (e.direction().equals("read")) {
                        q2c[0] += e.q2c();
                    } else if (e.direction().equals("write")) {
                        q2c[1] += e.q2c();
                    }
                }
            }
        }
        if (q2c[0] + q2c[1] > 0) {
            return q2c[0] / (q2c[0] + q2c[1]);
        }
        double[] byAwait = byAwait(g, iostatOf(deviceOf(g)));
        if (byAwait != null) {
            return byAwait[0] / (byAwait[0] + byAwait[1]);
        }
        long bytes = g.readBytes + g.writeBytes;
        return bytes > 0 ? (double) g.readBytes / bytes : 0.5;
    }

    /**
     * Without a block trace, its reads' and writes' device time on {@code d}, the device its files live on:
     * their count times iostat's await of each; null without both awaits.
     */
    private double[] byAwait(TimeModelAnalysis.Group g, IostatDevice d) {
        if (block != null || d == null) {
            return null;
        }
        Double readAwait = DeviceTimes.avg(d, "r_await");
        Double writeAwait = DeviceTimes.avg(d, "w_await");
        if (readAwait == null || writeAwait == null) {
            return null;
        }
        double reads = g.reads;
        double writes = g.writes;
        if (g.ringRequests > reads + writes) {
            // io_uring's requests have no direction in the trace: the device's own mix stands in for theirs (a read
            // of its job file beside them is not their direction)
            Double r = DeviceTimes.avg(d, "r/s");
            Double w = DeviceTimes.avg(d, "w/s");
            reads = r == null ? 0 : r;
            writes = w == null ? 0 : w;
        }
        if (reads * readAwait + writes * writeAwait <= 0) {
            return null;
        }
        return new double[] {reads * readAwait, writes * writeAwait};
    }

    /** iostat's figures of {@code device}, or null when iostat did not see it (or there is no device). */
    private IostatDevice iostatOf(String device) {
        return device == null ? null : iostat.stream().filter(x -> x.device().equals(device)).findFirst().orElse(null);
    }

    /** A timed sleep of one of the command's processes or threads. */
    private static boolean timedSleepOf(TimeModelAnalysis.Group g, SleepStack s) {
        return s.total() != null && s.pid() != null && g.owns(s.pid());
    }

    private static boolean mine(TimeModelAnalysis.Group g, BlockProcessTimes.Entry e) {
        return g.owns(e.pid());
    }

    /**
     * Without a block trace, the sleep of write calls that waited for the pages they write into to be read
     * (a write of part of an uncached page): a device part of reads where iostat shows them ({@link PageReads}).
     * Returns the seconds given to it, none where no device's reads match.
     */
    private double pageReads(TimeModelAnalysis.Group g, double slept, String what, Parts parts) {
        PageReads.Match m = PageReads.of(series, g.longWrites, slept, g.span, tracedReadsPerSecond);
        if (m == null) {
            return 0;
        }
        parts.add(Part.DEVICE, "read", m.device(), slept, String.format(Locale.ROOT, "estimated: no block trace; its "
                + "%s that slept (%d calls of 1 ms or more, %s) match %s's reads, which none of the traced calls asked "
                + "for: %.0f a second at r_await %.1f ms (%d iostat reports), their read time a second holding the "
                + "writes' sleep a second. A write of part of a page the cache does not hold reads the page first "
                + "(read-modify-write); writeback's throttle writes, it reads nothing", what, g.longWrites,
                Fmt.seconds(slept), m.device(), m.readsPerSecond(), m.awaitMs(), m.reports()), null);
        return slept;
    }

    /**
     * Writers of unaligned direct I/O on XFS through write calls (no AIO) whose sleep in those calls no stacks
     * time: what their calls wait for beyond their own requests is the inode ({@link #inodeInWriteCalls} where
     * stacks show it).
     */
    private boolean serialisedWithoutStacks(TimeModelAnalysis.Group g) {
        return unalignedWriters.contains(g) && g.seconds(WaitClass.SUBMIT) <= 0
                && stacks.stream().noneMatch(s -> timedSleepOf(g, s) && AioWaits.inWriteCall(s));
    }

    /** The completion waits of one direction. */
    private void completion(TimeModelAnalysis.Group g, String direction, double seconds, Parts parts) {
        if (seconds <= 0) {
            return;
        }
        if (block != null) {
            // a block trace that never names this process (another pid namespace, a trace without pids,
            // or one taken beside the syscalls on another run) still says how requests spend their time
            boolean own = traced(g);
            // ...but not of a device its files do not live on (a program's libraries on the system disk, the trace of
            // the data disk beside it)
            String home = own ? null : deviceOfFiles(g);
            Map<String, double[]> byDevice = new LinkedHashMap<>(); // q2c, d2c, sched, tag, flush, preflush wait
            for (BlockProcessTimes.Entry e : block.entries()) {
                if ((own ? mine(g, e) : home == null || home.equals(names.name(e.device())))
                        && e.direction().equals(direction)) {
                    WorkerRequests.addPhases(byDevice, e);
                }
            }
            WorkerRequests.Released released = own ? workers.released(g, direction, byDevice, seconds) : null;
            if (tagTimedBySubmit.contains(g)) {
                // the wait for a tag or a throttle is io_submit's, measured by its stacks: not again here
                for (double[] s : byDevice.values()) {
                    s[0] -= s[3] - s[5];
                    s[3] = s[5];
                }
            }
            double q2c = byDevice.values().stream().mapToDouble(s -> s[0]).sum();
            if (q2c > 0) {
                double explained = own ? Math.min(seconds, q2c) : seconds;
                if (released != null && g.aioLives > q2c) {
                    // several of its requests in flight, held above the queue together: its wait is their lives over
                    // how many it keeps in flight, the block layer's part of them their Q2C (Little's law)
                    explained = seconds * q2c / g.aioLives;
                }
                String method = g.blockOnly ? "measured per I/O: its requests' Q2C split into their phases"
                        : own ? "estimated: its " + direction + " waits split as its own requests spent their "
                        + "time in the block trace (Q2C " + Fmt.seconds(q2c) + " over the capture)"
                        : "estimated: the block trace does not name this process's requests; its " + direction
                        + " waits split as every " + direction + " request in the trace spent its time";
                for (Map.Entry<String, double[]> e : byDevice.entrySet()) {
                    double[] s = e.getValue();
                    String device = names.name(e.getKey());
                    double share = explained * s[0] / q2c;
                    // a write with a preflush waits in G2I for the cache flush before it: durability, not a tag
                    double preflushWait = share * s[5] / s[0];
                    double tag = share * s[3] / s[0] - preflushWait;
                    double sched = share * s[2] / s[0];
                    double d2c = share * s[1] / s[0];
                    double flushD2c = share * s[4] / s[0];
                    double other = Math.max(0, share - tag - preflushWait - sched - d2c);
                    parts.add(Part.TAG_WAIT, direction, device, tag, method, null);
                    parts.add(Part.SCHEDULER, direction, device, sched + other, method, null);
                    parts.add(Part.FLUSH, direction, device, flushD2c + preflushWait, method, null);
                    Behind behind = own ? behind(g, e.getKey()) : new Behind(0, "", List.of());
                    double device2c = d2c - flushD2c;
                    parts.add(Part.BEHIND_OTHER_IO, direction, device, device2c * behind.fraction, method
                            + "; behind other processes: the part of its D2C above " + behind.ownService
                            + " while others held the device", behind.others);
                    parts.add(Part.DEVICE, direction, device, device2c * (1 - behind.fraction), method, null);
                }
                if (released != null) {
                    parts.add(Part.THROTTLE, direction, names.name(released.device()), seconds - explained,
                            released.method(), null);
                    return;
                }
                WorkerRequests.Flushed flushed = own && direction.equals("write") && g.syncWrites + g.durableSubmits > 0
                        ? workers.commitFlushes(g, byDevice.keySet(), seconds - explained) : null;
                if (flushed != null) {
                    parts.add(Part.FLUSH, "write", flushed.device(), flushed.seconds(), flushed.method(), null);
                    explained += flushed.seconds();
                }
                if (own && direction.equals("write") && serialisedWithoutStacks(g) && seconds > explained) {
                    // XFS serialises unaligned direct writes: the wait beyond a writer's own requests is for the others'
                    parts.add(Part.INODE_LOCK, null, null, seconds - explained, "estimated: no sleep stacks, and the "
                            + "block trace on another clock than the calls; its direct writes are not aligned to the XFS "
                            + "block, and XFS serialises such writes (each takes the inode exclusively and waits for the "
                            + "inode's direct I/O in flight): its write waits beyond its own requests' time in the block "
                            + "layer are the wait for the inode", null);
                    return;
                }
                parts.add(Part.NOT_EXPLAINED, direction, null, seconds - explained, "measured: its " + direction
                        + " waits beyond the time its own requests took in the block layer (page cache, CPU, or I/O "
                        + "issued by other threads)", null);
                return;
            }
            if (traced(g)) {
                parts.add(Part.NOT_EXPLAINED, direction, null, seconds, "measured: its " + direction + " calls queued no "
                        + "request of its own in the block trace (page cache, or I/O issued by other threads)", null);
                return;
            }
        }
        String device = deviceOf(g);
        if (device != null) {
            IostatDevice d = iostatOf(device);
            String fromMemory = d == null ? null : fromMemory(g, d, direction);
            if (fromMemory != null) {
                parts.add(Part.SUBMISSION, direction, null, seconds, fromMemory, null);
                return;
            }
            Double await = d == null ? null : DeviceTimes.avg(d, direction.equals("read") ? "r_await" : "w_await",
                    "asvc_t", "svc_t", "await");
            long requests = direction.equals("read") ? g.reads : g.writes;
            // io_uring's entries have no direction to count: a read call beside them is not all its requests
            double[] inDevice = requests > 0 && g.ringRequests == 0 ? byAwait(g, d) : null;
            double ownDeviceSeconds = inDevice == null ? Double.NaN : inDevice[direction.equals("read") ? 0 : 1] / 1000;
            if (direction.equals("write") && serialisedWithoutStacks(g) && ownDeviceSeconds > 0
                    && seconds > ownDeviceSeconds) {
                // XFS serialises unaligned direct writes: the wait beyond a writer's own requests is for the others'
                parts.add(Part.INODE_LOCK, null, null, seconds - ownDeviceSeconds, String.format(Locale.ROOT,
                        "estimated: no block trace or sleep stacks; its direct writes are not aligned to the XFS block, "
                        + "and XFS serialises such writes (each takes the inode exclusively and waits for the inode's "
                        + "direct I/O in flight): its write waits (%s) beyond what its %d write requests take in %s at "
                        + "iostat's w_await (%s) are the wait for the inode", Fmt.seconds(seconds), requests, device,
                        Fmt.seconds(ownDeviceSeconds)), null);
                seconds = ownDeviceSeconds;
            }
            if (ownDeviceSeconds > 0 && seconds > ABOVE_THE_DEVICE * ownDeviceSeconds) {
                // even served one at a time, its requests spend a fraction of its wait in the device: the rest is held
                // above it (a cgroup's I/O limit, a lock, completions collected late), where no input here looks
                parts.add(Part.NOT_EXPLAINED, direction, device, seconds - ownDeviceSeconds, String.format(Locale.ROOT,
                        "estimated: no block trace; its %s waits (%s) are over %.0f times what its %d %s requests take "
                        + "in %s at iostat's %s (%s): the rest is spent above the device, where no input of the bundle "
                        + "looks", direction, Fmt.seconds(seconds), ABOVE_THE_DEVICE, requests, direction, device,
                        direction.equals("read") ? "r_await" : "w_await",
                        Fmt.seconds(ownDeviceSeconds)), null);
                seconds = ownDeviceSeconds;
            }
            String method = "estimated: no block trace; its " + direction
                    + " waits for completions are taken as time in " + device + ", " + whyDevice(g)
                    + (await == null ? "" : " (iostat " + (direction.equals("read") ? "r_await " : "w_await ")
                    + String.format(Locale.ROOT, "%.2f ms", await) + ")")
                    + (byAwait(g, d) == null || g.seconds(WaitClass.COMPLETE) <= 0 ? ""
                    : "; the waits for completions split between reads and writes as "
                    + "their requests' count times each direction's await");
            UntracedLoad.Estimate others = untraced(g, device, direction);
            if (others != null && others.fraction() > 0) {
                parts.add(Part.BEHIND_OTHER_IO, direction, device, seconds * others.fraction(), method + "; "
                        + behindUntraced(device, direction, others), untracedNeighbour(others));
            }
            double inDeviceOrScheduler = seconds * (others == null ? 1 : 1 - others.fraction());
            SchedulerHold hold = SchedulerHold.of(seriesOf(device), config).orElse(null);
            if (hold != null) {
                double held = inDeviceOrScheduler * hold.shareOf(direction);
                parts.add(Part.SCHEDULER, direction, device, held, String.format(Locale.ROOT, "estimated: no block "
                        + "trace; %s's scheduler is bfq with strict_guarantees 1, which dispatches a request only when "
                        + "none is in the device: it served one at a time, completing one every %.2f ms while busy "
                        + "(iostat's %%util over its completions), and the %.0f %% of its %s time (IOPS x await) "
                        + "beyond that waited in the scheduler", device, hold.perCompletionMs(),
                        100 * hold.shareOf(direction), direction), null);
                inDeviceOrScheduler -= held;
            }
            parts.add(Part.DEVICE, direction, device, inDeviceOrScheduler, method, null);
            return;
        }
        parts.add(Part.NOT_MEASURED, direction, null, seconds, "no block trace or iostat of the device its "
                + "files live on", null);
    }

    /**
     * The waits matched to their requests one by one: each part as measured, the device's part split
     * again into its own service and the time behind other processes' requests.
     */
    private void perIo(TimeModelAnalysis.Group g, PerIoMatch.Result m, Parts parts) {
        // most of its write calls' time with only its own reads in flight: the pages a partial write reads first
        // (and a material part of its wait: cat's quick writes to a pipe while its read-ahead is in flight are not)
        double pageReads = m.readsInWrites() >= PAGE_READS_OF_WRITES * g.seconds(WaitClass.WRITE)
                && m.readsInWrites() >= PAGE_READS_OF_WAIT * g.total() ? m.readsInWrites() : 0;
        if (!m.any()) {
            return;
        }
        String method = "measured per I/O: each instant of its waits given to the phases of the requests it waited "
                + "for (its own in flight, in equal shares" + (m.matched(WaitClass.SYNC) > 0 ? "; for fsync also the "
                + "cache flushes and journal writes" : "") + "), " + m.calls() + " of its "
                + m.offered() + " calls matched on the block trace's clock"
                + (pageReads > 0 ? "; " + Fmt.seconds(pageReads) + " of it in its own reads inside its write calls: a "
                + "buffered write of part of a page the page cache does not hold reads the page first (read-modify-write)"
                : "");
        Map<String, Behind> behindByDevice = new LinkedHashMap<>();
        m.seconds().forEach((key, seconds) -> {
            String device = key.device() == null ? null : names.name(key.device());
            if (key.part() == Part.DEVICE && key.device() != null) {
                Behind behind = behindByDevice.computeIfAbsent(key.device(), d -> behind(g, d));
                parts.add(Part.BEHIND_OTHER_IO, key.direction(), device, seconds * behind.fraction, method
                        + "; behind other processes: the part of its D2C above " + behind.ownService
                        + " while others held the device", behind.others);
                parts.add(Part.DEVICE, key.direction(), device, seconds * (1 - behind.fraction), method, null);
            } else if (key.part() == Part.FLUSH && key.device() != null) {
                // a cache flush or journal write is served in the same device as its data writes: behind the
                // others' requests in the same measure
                Behind behind = behindByDevice.computeIfAbsent(key.device(), d -> behind(g, d));
                parts.add(Part.BEHIND_OTHER_IO, key.direction(), device, seconds * behind.fraction, method
                        + "; behind other processes: its cache flushes and journal writes in the device in the measure "
                        + "of its data writes, whose D2C was above " + behind.ownService + " while others held the "
                        + "device", behind.others);
                parts.add(Part.FLUSH, key.direction(), device, seconds * (1 - behind.fraction), method, null);
            } else if (key.part() == Part.SUBMISSION && "write".equals(key.direction()) && serialisedWithoutStacks(g)) {
                // an unaligned direct write into XFS takes the inode and drains its direct I/O before its request is
                // queued: with no sleep stacks to say more, its time before the queue is that drain, not its own path
                parts.add(Part.INODE_LOCK, null, null, seconds, method + "; its direct writes are not aligned to the "
                        + "XFS block, and the time of its write calls before their requests were queued is XFS's drain "
                        + "of the inode's direct I/O (no sleep stacks in the bundle to tell it from CPU)", null);
            } else {
                parts.add(key.part(), key.direction(), device, seconds, switch (key.part()) {
                    case NOT_EXPLAINED -> method + "; no request it waited for was in flight in the block layer (CPU, "
                            + "page cache, locks)";
                    case THROTTLE -> method + "; held above the block layer: none of its own requests in flight until a "
                            + "kernel worker queued one of its kind (synchronous data), as blk-throttle releases the bios "
                            + "a cgroup's I/O limit held";
                    default -> method;
                }, null);
            }
        });
    }

    /** Whether the block trace saw this command at all (so a missing direction is the page cache, not a gap). */
    private boolean traced(TimeModelAnalysis.Group g) {
        return block.entries().stream().anyMatch(e -> mine(g, e));
    }

    /** The device the command's files live on (most bytes), by the bundle's mounts; null when none resolves. */
    private String deviceOfFiles(TimeModelAnalysis.Group g) {
        Map<String, Long> byDevice = new LinkedHashMap<>();
        g.bytesByFile.forEach((file, bytes) -> names.deviceOfFile(file).ifPresent(d -> byDevice.merge(d, bytes, Long::sum)));
        if (byDevice.isEmpty() && g.ringRequests > 0) {
            // its requests went through the ring, whose entries no trace of the calls shows: to the files it opened
            // for direct I/O
            g.directFiles.forEach(file -> names.deviceOfFile(file).ifPresent(d -> byDevice.merge(d, 1L, Long::sum)));
        }
        List<String> measured = iostat.stream().filter(d -> !d.idle()).map(IostatDevice::device).distinct().toList();
        return byDevice.entrySet().stream().filter(e -> measured.contains(e.getKey()))
                .max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
    }

    /**
     * The device the command's files live on; else, among the iostat devices that moved at least half the
     * bytes of its kind (reads, writes) that its calls did, the one whose await for its mix comes closest to the
     * command's wait per request: a trace cut after the files were opened names descriptors only, a
     * reader's wait is not in the device that only took writes, and a test's 90 ms writes are not in the
     * system disk answering in 0.07 ms. Without waits to compare, the one whose bytes come closest.
     */
    private String deviceOf(TimeModelAnalysis.Group g) {
        return homes.computeIfAbsent(g, this::findDevice);
    }

    private String findDevice(TimeModelAnalysis.Group g) {
        String byFiles = deviceOfFiles(g);
        if (byFiles != null) {
            return byFiles;
        }
        String flushing = flushingDevice(g);
        if (flushing != null) {
            return flushing;
        }
        double own = g.span > 0 ? ((g.reads > 0 ? g.readBytes : 0) + (g.writes > 0 ? g.writeBytes : 0)) / g.span : 0;
        List<IostatDevice> moving = iostat.stream().filter(d -> !d.idle()).filter(d -> bytesOfItsKind(g, d) > 0).toList();
        // half of its reads or half of its writes: cat's reads from a disk are written to a pipe or /dev/null
        List<IostatDevice> holding = moving.stream().filter(d -> bytesOfItsKind(g, d) >= own / 2 || holdsOneKind(g, d))
                .toList();
        List<IostatDevice> candidates = holding.isEmpty() ? moving : holding;
        long requests = g.reads + g.writes + g.ringRequests;
        double perRequest = requests > 0 ? (g.seconds(WaitClass.COMPLETE) + g.seconds(WaitClass.READ)
                + g.seconds(WaitClass.WRITE)) / requests : 0;
        // the await nearest its wait per request names the device only where some device's await can hold that wait;
        // a wait held above every device (a cgroup's limit) is nearest the slowest, so the bytes say which one it used
        boolean awaitHoldsIt = perRequest > 0 && (own <= 0 || candidates.stream()
                .anyMatch(d -> awaitOfItsKind(g, d) * ABOVE_THE_DEVICE >= perRequest));
        Comparator<IostatDevice> closest = awaitHoldsIt
                ? Comparator.comparingDouble(d -> -Math.abs(Math.log(Math.max(1e-6, awaitOfItsMix(g, d)) / perRequest)))
                : Comparator.comparingDouble(d -> own > 0 ? -Math.abs(Math.log(bytesOfItsKind(g, d) / own))
                        : bytesOfItsKind(g, d));
        return candidates.stream().max(closest).map(IostatDevice::device).orElse(null);
    }

    /**
     * For a command whose wait is mostly fsync-type calls, the iostat device whose cache flushes a second
     * (f/s) come closest to its calls a second, or null: its buffered writes return from the page cache in
     * microseconds, so their wait per request points at whichever device is fastest, not at the one its
     * fsyncs flush.
     */
    private String flushingDevice(TimeModelAnalysis.Group g) {
        long syncs = g.waits.calls(WaitClass.SYNC);
        if (syncs == 0 || g.span <= 0 || g.seconds(WaitClass.SYNC) < g.total() / 2) {
            return null;
        }
        double rate = syncs / g.span;
        return iostat.stream().filter(d -> !d.idle()).filter(d -> flushesPerSecond(d) > 0)
                .max(Comparator.comparingDouble(d -> -Math.abs(Math.log(flushesPerSecond(d) / rate))))
                .map(IostatDevice::device).orElse(null);
    }

    private static double flushesPerSecond(IostatDevice d) {
        Double f = DeviceTimes.avg(d, "f/s");
        return f == null ? 0 : f;
    }

    /**
     * Why the command's calls of one direction did not wait for the device, or null: they moved bytes a
     * second of which the device, over the reports in which it did any I/O, moved under a hundredth in that
     * direction. dd's reads of /dev/zero beside its writes, a writer whose data stays in the page cache.
     */
    private String fromMemory(TimeModelAnalysis.Group g, IostatDevice d, String direction) {
        boolean reads = direction.equals("read");
        double own = g.span > 0 ? (reads ? g.readBytes : g.writeBytes) / g.span : 0;
        double moved = busyBytes.computeIfAbsent(d.device(), k -> busyBytes(d))[reads ? 0 : 1];
        if (!(own > 0) || moved >= own * NONE_OF_ITS_BYTES) {
            return null;
        }
        return String.format(Locale.ROOT, "measured: its %s calls moved %s a second, of which %s, the device it uses, "
                + "moved under a hundredth (%s a second, iostat): served from memory (the page cache, or a "
                + "pseudo-device such as /dev/zero), not the device", direction, Fmt.bytes(own), d.device(),
                Fmt.bytes(moved));
    }

    /** Whether the device moved at least half the bytes a second of the command's reads, or of its writes. */
    private boolean holdsOneKind(TimeModelAnalysis.Group g, IostatDevice d) {
        if (g.span <= 0) {
            return false;
        }
        double[] rw = busyBytes.computeIfAbsent(d.device(), k -> busyBytes(d));
        return g.reads > 0 && rw[0] >= g.readBytes / g.span / 2 || g.writes > 0 && rw[1] >= g.writeBytes / g.span / 2;
    }

    /**
     * The device's await, seconds, for a request of the command's mix: its reads' and writes' awaits weighted by its
     * own reads and writes. Reads of 7.5 ms beside writes of 1 ms make 4.3 ms a request for a command doing as many
     * of each, nearer its wait per request than the system disk's few reads (a mixed reader on a slow device was
     * put on the system disk by the slower direction's await alone).
     */
    private static double awaitOfItsMix(TimeModelAnalysis.Group g, IostatDevice d) {
        Double r = g.reads > 0 ? DeviceTimes.avg(d, "r_await") : null;
        Double w = g.writes > 0 ? DeviceTimes.avg(d, "w_await") : null;
        if (r == null || w == null) {
            return awaitOfItsKind(g, d);
        }
        return (g.reads * r + g.writes * w) / (g.reads + g.writes) / 1000;
    }

    /** The device's average await, seconds, of the directions the command does I/O in (the slower of the two). */
    private static double awaitOfItsKind(TimeModelAnalysis.Group g, IostatDevice d) {
        Double r = g.reads > 0 ? DeviceTimes.avg(d, "r_await") : null;
        Double w = g.writes > 0 ? DeviceTimes.avg(d, "w_await") : null;
        Double any = DeviceTimes.avg(d, "await", "asvc_t", "svc_t");
        double ms = r != null && w != null ? Math.max(r, w) : r != null ? r : w != null ? w : any != null ? any : 0;
        return ms / 1000;
    }

    /**
     * The device's bytes a second in the directions the command does I/O in (all when it did none), over
     * the reports in which it did any: the idle ones before and after a test would dilute it.
     */
    private double bytesOfItsKind(TimeModelAnalysis.Group g, IostatDevice d) {
        boolean reads = g.reads > 0 || g.reads + g.writes == 0;
        boolean writes = g.writes > 0 || g.reads + g.writes == 0;
        double[] rw = busyBytes.computeIfAbsent(d.device(), k -> busyBytes(d));
        return (reads ? rw[0] : 0) + (writes ? rw[1] : 0);
    }

    private double[] busyBytes(IostatDevice d) {
        DeviceSeries s = seriesOf(d.device());
        if (s != null) {
            double[] sum = new double[2];
            int n = 0;
            for (var p : s.points()) {
                if (p.hasIo()) {
                    double r = p.sample().value("rkB/s");
                    double w = p.sample().value("wkB/s");
                    sum[0] += Double.isNaN(r) ? 0 : r;
                    sum[1] += Double.isNaN(w) ? 0 : w;
                    n++;
                }
            }
            if (n > 0) {
                return new double[] {sum[0] * 1024 / n, sum[1] * 1024 / n};
            }
        }
        Double r = DeviceTimes.avg(d, "rkB/s");
        Double w = DeviceTimes.avg(d, "wkB/s");
        return new double[] {(r == null ? 0 : r) * 1024, (w == null ? 0 : w) * 1024};
    }

    /** How {@link UntracedLoad} found a wait of {@code direction} on {@code device} behind I/O the traces do not show. */
    private static String behindUntraced(String device, String direction, UntracedLoad.Estimate others) {
        return String.format(Locale.ROOT, "behind I/O its calls did not issue: while %s was busy (%d iostat reports) it "
                + "moved %s a second, the traced processes' calls %s (%.0f %% others'); its %s await, %.1f ms, holds %.1f ms "
                + "of the device's own response (%s), and the rest is a queue, the others' in their share of "
                + "the bytes", device, others.reports(), Fmt.bytes(others.deviceBytesPerSecond()),
                Fmt.bytes(others.ownBytesPerSecond()), others.othersPct(), direction, others.awaitMs(),
                others.serviceMs(), others.lightLoad() ? "its light-load await in this capture"
                : "what its class serves a request in");
    }

    /** The neighbour of a wait behind I/O the traces do not show: its share of the device's bytes. */
    private static List<WaitPart.Neighbour> untracedNeighbour(UntracedLoad.Estimate others) {
        return List.of(new WaitPart.Neighbour(WaitPart.Neighbour.UNTRACED, null, others.othersPct()));
    }

    /** The others' share of the device's queue behind this command's waits, from iostat; null when not estimable. */
    private UntracedLoad.Estimate untraced(TimeModelAnalysis.Group g, String device, String direction) {
        if (!(tracedBytesPerSecond > 0)) {
            return null;
        }
        return UntracedLoad.of(seriesOf(device), direction, tracedBytesPerSecond, names.media(device).media().abnormalMs());
    }

    private DeviceSeries seriesOf(String device) {
        return series.stream().filter(s -> s.device().equals(device)).findFirst().orElse(null);
    }

    /** How {@link #deviceOf} found the device, for a part's method. */
    private String whyDevice(TimeModelAnalysis.Group g) {
        return deviceOfFiles(g) != null ? "where its files live"
                : "the device doing its kind of I/O whose await in iostat comes closest to its wait per request (the "
                + "trace does not say which device its " + (g.bytesByFile.isEmpty() ? "calls" : "files") + " are on)";
    }

    /** fsync and kin: cache flushes and FUA writes against data writes, by their device time. */
    private void sync(TimeModelAnalysis.Group g, double seconds, Parts parts) {
        if (seconds <= 1e-9) {
            return;
        }
        if (g.blockOnly) {
            g.flushWaits.forEach((device, s) -> parts.add(Part.FLUSH, "write", names.name(device), s, "measured per "
                    + "I/O: its empty preflush requests (an fsync's or fdatasync's), from queue to the completion of the "
                    + "cache flush that served each", null));
            return;
        }
        if (block != null) {
            Map<String, double[]> byDevice = new LinkedHashMap<>(); // flush, data writes
            for (BlockProcessTimes.Entry e : block.entries()) {
                if (e.direction().equals("write") && mine(g, e)) {
                    double[] s = byDevice.computeIfAbsent(e.device(), k -> new double[2]);
                    s[0] += e.flush();
                    s[1] += e.d2c() - e.flush();
                } else if (e.direction().equals("write") && PerIoMatch.kernelWriter(e.comm())) {
                    // the journal's and log's writes a commit waits for are the cost of durability, like the flushes
                    byDevice.computeIfAbsent(e.device(), k -> new double[2])[0] += e.d2c();
                } else if (e.direction().equals("write") && workers.worker(e.pid(), e.comm())) {
                    // a worker the trace does not name: its journal and log writes (metadata, preflush, FUA) are
                    byDevice.computeIfAbsent(e.device(), k -> new double[2])[0] += e.flush();
                }
            }
            for (BlockProcessTimes.Flushes f : block.flushes()) {
                byDevice.computeIfAbsent(f.device(), k -> new double[2])[0] += f.d2c();
            }
            // the time each kind was in flight, not its summed device time: data writes side by side in the device
            // wait once, as the call waiting for them does, and the commit's log write after them once
            boolean own = traced(g);
            Map<String, double[]> inFlight = own ? perIo.commitInFlight(g, byDevice.keySet()) : null;
            if (inFlight != null && inFlight.keySet().containsAll(byDevice.keySet())) {
                byDevice = new LinkedHashMap<>();
                for (Map.Entry<String, double[]> e : inFlight.entrySet()) {
                    byDevice.put(e.getKey(), new double[] {e.getValue()[1], e.getValue()[0]}); // flush, data writes
                }
            } else {
                inFlight = null;
            }
            double total = byDevice.values().stream().mapToDouble(s -> s[0] + s[1]).sum();
            if (total > 0) {
                String method = inFlight != null ? "estimated: fsync time split by the time in the block trace its own "
                        + "data writes were in flight (device) against the time only cache flushes, FUA writes and "
                        + "journal writes were (flush), each kind counted once however many were in flight together"
                        : "estimated: fsync time split by device time in the block trace: cache flushes, FUA "
                        + "writes and the kernel's journal writes (flush) against its own data writes (device)";
                for (Map.Entry<String, double[]> e : byDevice.entrySet()) {
                    String device = names.name(e.getKey());
                    double[] s = e.getValue();
                    double flush = seconds * s[0] / total;
                    double data = seconds * s[1] / total;
                    // its commit's flushes and journal writes queue in the device as its data writes do: behind the
                    // others' requests in the measure of its data writes
                    Behind behind = own ? behind(g, e.getKey()) : new Behind(0, "", List.of());
                    parts.add(Part.BEHIND_OTHER_IO, "write", device, (flush + data) * behind.fraction, method
                            + "; behind other processes: its commits' requests in the device in the measure of its data "
                            + "writes, whose D2C was above " + behind.ownService + " while others held the device",
                            behind.others);
                    parts.add(Part.FLUSH, "write", device, flush * (1 - behind.fraction), method, null);
                    parts.add(Part.DEVICE, "write", device, data * (1 - behind.fraction), method, null);
                }
                return;
            }
        }
        String device = deviceOf(g);
        UntracedLoad.Estimate others = device == null ? null : untraced(g, device, "write");
        if (others != null && others.fraction() > 0) {
            // its commits' requests queue in the device like its writes: behind the others' in their share of the bytes
            double behind = seconds * others.fraction();
            parts.add(Part.BEHIND_OTHER_IO, "write", device, behind, "estimated: no block trace; its fsync-type calls' "
                    + "requests " + behindUntraced(device, "write", others), untracedNeighbour(others));
            seconds -= behind;
        }
        IostatCommits commits = IostatCommits.of(seriesOf(device));
        long calls = g.waits.calls(WaitClass.SYNC);
        if (commits != null && commits.commits() && calls > 0) {
            String written = writtenBeforeTheCall(g, commits);
            double perCall = written != null ? 0 : dataWritesPerSync(g, device, calls);
            ownWriteSplit(calls, seconds, perCall, written != null ? written : perCall == 0
                    ? "no write of its data (its writes are O_DIRECT, on the device before the call)" : perCall > 1.05
                    ? String.format(Locale.ROOT, "%.1f writes of the data it wrote since the last", perCall)
                    : "one write of the data it wrote since the last", "estimated: no block trace; fsync time split with "
                    + "iostat: ", commits, device, parts);
            return;
        }
        boolean writeBack = device != null && config != null && config.queueSetting(device, "write_cache")
                .map(q -> q.value().contains("back")).orElse(false);
        // the data it wrote through the page cache must reach the device before the call returns: at least its
        // bytes at the device's write rate while busy, however few flushes iostat counts beside them
        double cached = g.writes == 0 ? 0 : (double) g.writeBytes * Math.max(0, g.writes - g.directWrites - g.syncWrites)
                / g.writes;
        double rate = busyWriteRate(device);
        double data = cached > 0 && rate > 0 ? Math.min(seconds, cached / rate) : 0;
        if (data > 0) {
            parts.add(Part.DEVICE, "write", device, data, String.format(Locale.ROOT, "estimated: no block trace; the "
                    + "%.1f MB it wrote through the page cache, written back before its fsync-type calls return, at "
                    + "%s's write rate while busy (%.1f MB/s in iostat: wkB/s over %%util less f/s x f_await)", cached / 1e6, device,
                    rate / 1e6), null);
        }
        parts.add(Part.FLUSH, "write", device, seconds - data, "estimated: no block trace splits fsync time into data "
                + "writes, journal and cache flushes; " + (data > 0 ? "the rest of it, beyond writing its data, is"
                : "all of it is") + " the cost of making data durable"
                + (writeBack ? " (" + device + " has a write-back cache: each fsync flushes it)" : ""), null);
    }

    /**
     * The bytes a second {@code device} writes while busy: its written bytes over its busy time (wkB/s over
     * %util, less the time its cache flushes take, f/s x f_await, where iostat prints them) in the iostat
     * reports with writes; 0 when not known.
     */
    private double busyWriteRate(String device) {
        DeviceSeries s = device == null ? null : seriesOf(device);
        if (s == null) {
            return 0;
        }
        double bytes = 0;
        double busy = 0;
        for (var p : s.points()) {
            double w = p.sample().value("wkB/s");
            double util = Math.min(100, p.sample().value("%util")) / 100;
            // a commit's cache flush is alone on the device (issued once its data is written): its time is no data's
            double flushing = dev.ioverdict.analysis.iostat.FlushHeldWrites.flushingShare(p);
            if (w > 0 && util > 0) {
                bytes += w * 1024;
                busy += flushing > 0 && flushing < util ? util - flushing : util;
            }
        }
        return busy > 0 ? bytes / busy : 0;
    }

    /**
     * Why an fsync-type call of a command whose files the trace never showed opened waits for no write of its
     * data, or null: its write calls take at least half the time iostat gives a write of the device's own
     * (w_await less the flushes), where a write into the page cache returns in microseconds. They waited for
     * the device themselves (O_DIRECT, or a device that writes through), so the call waits for the flush alone.
     */
    private static String writtenBeforeTheCall(TimeModelAnalysis.Group g, IostatCommits commits) {
        long writes = g.waits.calls(WaitClass.WRITE);
        if (writes == 0 || g.bufferedWrites + g.directWrites + g.syncWrites > 0 || !(commits.writeMs() > 0)) {
            return null;
        }
        double perWriteMs = 1000 * g.seconds(WaitClass.WRITE) / writes;
        return perWriteMs >= CACHED_WRITE_FRACTION * commits.writeMs() ? String.format(Locale.ROOT, "no write of its "
                + "data (the trace does not show its files opened, and its %d write calls take %.2f ms each, as long as "
                + "a write of the device's own: their data is on the device before the call)", writes, perWriteMs)
                : null;
    }

    /**
     * The device writes of its own data one fsync-type call waits for: the bytes it wrote through the page
     * cache per call over the device's largest request, at least one; none when every write it made was
     * O_DIRECT (the data is on the device before the call); one when the trace shows no write (its data was
     * written before the trace began).
     */
    private double dataWritesPerSync(TimeModelAnalysis.Group g, String device, long calls) {
        if (g.writes == 0) {
            return 1;
        }
        if (g.directWrites >= g.writes) {
            return 0;
        }
        return requests((double) g.writeBytes * (g.writes - g.directWrites) / g.writes / calls, device);
    }

    private static boolean ownLoad(TimeModelAnalysis.Group g, String comm) {
        // io_uring's worker (iou-wrk-PID) queues PID's own requests when they block in submission; a high-priority
        // kworker (kworker/1:2H-kblockd, -xfs-log) issues the cache flushes and log I/O of the commits it serves
        int ring = TimeModelAnalysis.ringOwner(comm);
        return comm == null || comm.equals(g.command) || ring >= 0 && g.owns(ring)
                || comm.matches("loop\\d+|kworker/.*loop\\d+.*|kdmflush.*|kworker/\\d+:\\d+H.*");
    }

    /**
     * Whether the command keeps at most one request in flight: one thread of blocking calls the traces show (no AIO,
     * no io_uring), as a latency-sensitive reader or a psync job of depth one.
     */
    private boolean oneRequestAtATime(TimeModelAnalysis.Group g) {
        long blocking = g.waits.calls(WaitClass.READ) + g.waits.calls(WaitClass.WRITE) + g.waits.calls(WaitClass.SYNC);
        // a call the block layer splits into several requests (a 1 MiB read over 128 KiB requests) has its own
        // requests ahead of each other: then not one at a time
        long requests = block == null ? 0 : block.entries().stream().filter(e -> mine(g, e))
                .mapToLong(BlockProcessTimes.Entry::requests).sum();
        return !g.blockOnly && blocking > 0 && requests <= ONE_REQUEST_A_CALL * blocking && g.pids.size() == 1
                && g.threads.size() <= 1 && g.ringRequests == 0
                && g.waits.calls(WaitClass.SUBMIT) == 0 && g.waits.calls(WaitClass.COMPLETE) == 0;
    }

    /** Requests a blocking call may make on average and still be one at a time (a stray journal write, a retry). */
    private static final double ONE_REQUEST_A_CALL = 1.5;

    /**
     * How much of a command's device time on one device was spent behind other processes' requests, and what its
     * own service was taken to be, in words.
     */
    private record Behind(double fraction, String ownService, List<WaitPart.Neighbour> others) {
    }

    /**
     * Whether the device served its requests side by side: those dispatched into it near-empty (fewer than half its
     * average number in it, two at least) took about as long as all of them ({@link #SIDE_BY_SIDE} times at most). A
     * queue inside it makes a request take longer the more are ahead of it; a request as slow alone as beside the
     * others is in service, and its D2C is nobody's wait behind another (two readers of three each in eight slots of
     * a 20 ms device: 19.4 ms at every depth).
     */
    private boolean servedSideBySide(String device) {
        BlockProcessTimes.Baseline baseline = block.baselines().stream().filter(b -> b.device().equals(device))
                .findFirst().orElse(null);
        double inFlight = block.atOnce(device, BlockProcessTimes.Entry::d2c);
        if (baseline == null || !(inFlight >= 2)) {
            return false;
        }
        BlockProcessTimes.Dispatched near = baseline.dispatchedBelow(inFlight / 2);
        BlockProcessTimes.Dispatched all = baseline.dispatchedBelow(Double.POSITIVE_INFINITY);
        return near.n() >= 2 && all.averageSeconds() <= SIDE_BY_SIDE * near.averageSeconds();
    }

    /** At most this many times the near-empty requests' D2C, the rest show no queue inside the device. */
    private static final double SIDE_BY_SIDE = 1.25;

    /**
     * Slice by slice: the command's requests' average D2C above the device's light-load service
     * time (its D2C 5th percentile) is queueing inside the device; the others' share of the
     * device's time in that slice is the part of it spent behind them.
     */
    private Behind behind(TimeModelAnalysis.Group g, String device) {
        double baseline = block.baselines().stream().filter(b -> b.device().equals(device))
                .mapToDouble(BlockProcessTimes.Baseline::p5).findFirst().orElse(0);
        double classLimit = names.media(device).media().abnormalMs() / 1000;
        Map<Integer, double[]> mineBySlice = new LinkedHashMap<>(); // n, d2c
        Map<Integer, Double> allBySlice = new LinkedHashMap<>();
        Map<Integer, Map<String, Double>> othersBySlice = new LinkedHashMap<>();
        Map<String, Integer> pidOf = new LinkedHashMap<>();
        for (BlockProcessTimes.SliceEntry e : block.slices()) {
            if (!e.device().equals(device)) {
                continue;
            }
            allBySlice.merge(e.slice(), e.d2c(), Double::sum);
            if (g.owns(e.pid())) {
                double[] m = mineBySlice.computeIfAbsent(e.slice(), k -> new double[2]);
                m[0] += e.n();
                m[1] += e.d2c();
            } else if (ownLoad(g, e.comm() == null ? null : TimeModelAnalysis.holder(e, tracedCommands))) {
                // the application's other processes, or the worker of a device stacked on this one, are its own
                // load (saturation), not a neighbour's
                allBySlice.merge(e.slice(), -e.d2c(), Double::sum);
            } else {
                String known = TimeModelAnalysis.holder(e, tracedCommands);
                String comm = UnnamedProcess.nameless(known) ? UnnamedProcess.name(e.pid()) : known;
                othersBySlice.computeIfAbsent(e.slice(), k -> new LinkedHashMap<>()).merge(comm, e.d2c(), Double::sum);
                pidOf.putIfAbsent(comm, e.pid());
            }
        }
        boolean oneAtATime = oneRequestAtATime(g);
        boolean sideBySide = servedSideBySide(device);
        long completions = block.completions(device);
        boolean keepsUp = completions > 0 && block.spanSeconds() / completions <= classLimit;
        // its own requests' time where nobody else used the device: what it takes alone, variance included
        double[] alone = new double[2];
        mineBySlice.forEach((slice, m) -> {
            if (allBySlice.getOrDefault(slice, m[1]) - m[1] <= ALONE_OTHERS_SHARE * m[1]) {
                alone[0] += m[0];
                alone[1] += m[1];
            }
        });
        // only for one request at a time: with several of its own in flight, its time alone is not its service.
        // Its requests that had the device to themselves say it request by request, where the trace holds enough of
        // them; else its slices without others, which hold requests served beside others' in a part of them
        double[] servedAlone = new double[2];
        // a rotating disk has one head: its requests' own service is what each took after the device's completion
        // before it, the head serving the requests ahead until then
        double[] ownTurns = new double[2];
        boolean byTurns = oneAtATime && names.media(device).media() == MediaClass.HDD;
        for (BlockProcessTimes.Entry e : block.entries()) {
            if (e.device().equals(device) && mine(g, e)) {
                servedAlone[0] += e.alone();
                servedAlone[1] += e.aloneD2c();
                if (byTurns) {
                    ownTurns[0] += e.turns();
                    ownTurns[1] += e.sinceLastCompletion();
                }
            }
        }
        double turnAvg = ownTurns[0] >= MIN_ALONE_REQUESTS ? ownTurns[1] / ownTurns[0] : Double.NaN;
        Double aloneAvg = null;
        String ownService = null;
        if (oneAtATime && servedAlone[0] >= MIN_ALONE_REQUESTS) {
            aloneAvg = servedAlone[1] / servedAlone[0];
            ownService = "what its requests took with the device to themselves (" + Fmt.seconds(aloneAvg) + " over "
                    + (long) servedAlone[0] + " requests)";
        } else if (oneAtATime && alone[0] >= MIN_ALONE_REQUESTS) {
            aloneAvg = alone[1] / alone[0];
            ownService = "what its requests took in the slices the others left it alone (" + Fmt.seconds(aloneAvg) + ")";
        }
        double mine = 0;
        double behind = 0;
        Map<String, Double> blame = new LinkedHashMap<>();
        Map<String, Double> held = new LinkedHashMap<>();
        double heldAll = 0;
        boolean heldToClass = false;
        boolean heldToTurn = false;
        for (Map.Entry<Integer, double[]> e : mineBySlice.entrySet()) {
            double[] m = e.getValue();
            mine += m[1];
            double all = allBySlice.getOrDefault(e.getKey(), m[1]);
            double others = Math.max(0, all - m[1]);
            if (others <= 0 || m[0] == 0) {
                continue;
            }
            double avg = m[1] / m[0];
            // where the others hold the device throughout, even its fastest requests waited for a slot: its
            // light-load service time is then at most what its class of media takes
            boolean classBound = others / all >= DOMINATED && classLimit < baseline && keepsUp && !sideBySide;
            // a healthy device's service time varies within twice its fastest requests' under load; what
            // is beyond that is the request waiting for a slot inside the device. The class's limit is already
            // the most a healthy device takes on average, variance included: it is not doubled for a device that
            // completes a request at least as often as its class serves one. Where the capture shows the
            // process alone on the device, its own average then is its service
            double allowed = classBound ? classLimit : QUEUED_FACTOR * baseline;
            // on one head, what its requests took after the completion before each is their own service, measured
            boolean byTurn = others / all >= DOMINATED && turnAvg < allowed;
            heldToClass |= classBound && aloneAvg == null && !byTurn;
            heldToTurn |= aloneAvg == null && byTurn;
            allowed = byTurn ? turnAvg : allowed;
            double excess = aloneAvg != null ? Math.max(0, 1 - aloneAvg / avg)
                    : avg > allowed ? 1 - allowed / avg : 0;
            // a process with one request in flight at a time has none of its own ahead of it: whatever it queued
            // behind inside the device was the others'; else it queued behind both, in their shares of the device
            double b = m[1] * excess * (oneAtATime ? 1 : others / all);
            behind += b;
            for (Map.Entry<String, Double> o : othersBySlice.getOrDefault(e.getKey(), Map.of()).entrySet()) {
                blame.merge(o.getKey(), b * o.getValue() / others, Double::sum);
                held.merge(o.getKey(), o.getValue(), Double::sum);
                heldAll += o.getValue();
            }
            heldAll += m[1];
        }
        double total = heldAll;
        List<WaitPart.Neighbour> neighbours = blame.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .limit(TimeModelAnalysis.MAX_NEIGHBOURS)
                .map(o -> new WaitPart.Neighbour(o.getKey(), pidOf.get(o.getKey()),
                        total > 0 ? 100 * held.get(o.getKey()) / total : 0)).toList();
        if (ownService == null && heldToTurn) {
            ownService = "what its requests took after the device's completion before each (" + Fmt.seconds(turnAvg)
                    + " over " + (long) ownTurns[0] + " requests; a rotating disk serves one request at a time, the "
                    + "others' ahead until then)";
        } else if (ownService == null) {
            ownService = "twice the device's light-load service time (" + Fmt.seconds(baseline) + ", D2C 5th percentile)"
                    + (heldToClass ? ", or what its class of media takes at most (" + Fmt.seconds(classLimit)
                    + ") in the slices the others filled" : "");
        }
        return new Behind(mine > 0 ? Math.min(1, behind / mine) : 0, ownService, neighbours);
    }
}
