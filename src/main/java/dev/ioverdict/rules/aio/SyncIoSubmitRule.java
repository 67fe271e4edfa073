package dev.ioverdict.rules.aio;

import dev.ioverdict.analysis.iostat.CpuLoads;
import dev.ioverdict.analysis.syscall.AioWaits;
import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.rules.MeasuredIn;
import dev.ioverdict.rules.ChartSpec;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.wait.TimeModelInput;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.disk.IostatEvidence;
import dev.ioverdict.rules.Threshold;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * io_submit blocks: a process spends as long submitting asynchronous I/O as waiting for it
 * (io_getevents) or as the device takes to serve it. Submission should take microseconds; the
 * waiting belongs in io_getevents (seeds 000 and 001).
 */
public final class SyncIoSubmitRule extends Rule {
    public static final Metric SUBMITS = Metric.count("submits", "io_submit calls");
    public static final Metric SUBMIT_MAX = Metric.duration("submitMax", "io_submit maximum");
    public static final Metric SUBMIT_SHARE_PCT = Metric.percent("submitSharePct", "io_submit share of the AIO time");
    public static final Metric DEVICE_SERVICE = Metric.duration("deviceService", "device service time");

    static final Threshold MIN_CALLS = Threshold.count("min_calls", "calls", 10,
            "fewer io_submit calls than this are not judged");
    static final Threshold MIN_SUBMIT_AVG_MS = Threshold.millis("min_submit_avg_ms", 0.5,
            "io_submit average below this is fast enough");
    static final Threshold SUBMIT_VS_GETEVENTS_RATIO = Threshold.ratio("submit_vs_getevents_ratio", 0.5,
            "io_submit average at least this share of the io_getevents average counts as blocking");
    static final Threshold SUBMIT_VS_SERVICE_RATIO = Threshold.ratio("submit_vs_service_ratio", 0.5,
            "io_submit average at least this share of the device service time counts as blocking");
    static final Threshold CPU_SATURATED_PCT = Threshold.percent("cpu_saturated_pct", CpuLoads.SATURATED_PCT,
            "CPUs busy at least this share of the time in the median iostat report keep a process waiting for one");
    static final Threshold CPU_DEVICE_SHARE = Threshold.ratio("cpu_device_share", 0.1,
            "on saturated CPUs, a device that serves a request in at most this share of io_submit's average leaves the "
                    + "rest of it to the wait for a CPU: a remark, not a cause");

    public static final String ID = "sync-io-submit";
    /** The kernel function io_submit sleeps in most (the innermost frame of its top sleep stack). */
    public static final Metric SLEEPS_IN = Metric.text("sleepsIn", "where io_submit sleeps");

    private static final RuleInfo INFO = new RuleInfo(ID,
            "io_submit blocks: asynchronous submission is not asynchronous", Severity.CRITICAL,
            """
            A process spends in io_submit a time comparable to its io_getevents waits or to the device service \
            time. Submitting asynchronous I/O should not wait for the device; when it does, the \
            submission path serialises (unaligned direct I/O on XFS, a full request queue, buffered \
            AIO, file extension) and the application's I/O concurrency is lost.""",
            List.of(AioSymptoms.AIO_TIMING), List.of(TimeModelInput.MODEL, IostatEvidence.CPU),
            List.of(MIN_CALLS, MIN_SUBMIT_AVG_MS, SUBMIT_VS_GETEVENTS_RATIO, SUBMIT_VS_SERVICE_RATIO, CPU_SATURATED_PCT,
                    CPU_DEVICE_SHARE));

    public SyncIoSubmitRule() {
        super(INFO, MeasuredIn.process(Part.SUBMISSION, Part.INODE_LOCK, Part.TAG_WAIT, Part.THROTTLE, Part.WRITEBACK),
                Meaning.of(Meaning.Layer.SUBMISSION).evidence(EvidenceKind.SYSCALLS).glossary(Meaning.Glossary.AIO)
                        .chart(f -> new ChartSpec.Distribution("io_submit", AioSymptoms.LIMIT_SUBMIT_AVG)));
    }

    @Override
    public void evaluate(RuleContext ctx) {
        AioSymptoms aio = ctx.input(AioSymptoms.AIO_TIMING);
        // the processes of one command that block alike are one cause, said once (two fio writers on btrfs): the
        // finding is the one of them that spent longest in io_submit, the others named beside it
        java.util.Map<String, List<AioProcess>> byCommand = new java.util.LinkedHashMap<>();
        for (AioProcess a : AioWaits.mostExact(aio.aio())) {
            if (blocks(ctx, aio, a)) {
                byCommand.computeIfAbsent(a.comm() != null ? a.comm() : "pid " + a.pid(), k -> new ArrayList<>()).add(a);
            }
        }
        for (List<AioProcess> alike : byCommand.values()) {
            AioProcess lead = alike.stream().max(Comparator.comparingDouble(
                    (AioProcess a) -> a.submitTotal() == null ? 0 : a.submitTotal())).orElseThrow();
            judge(ctx, aio, lead, alike.stream().filter(a -> a != lead).toList());
        }
    }

    /** Whether the process's io_submit takes long enough, against its io_getevents or its device, to block. */
    private static boolean blocks(RuleContext ctx, AioSymptoms aio, AioProcess a) {
        if (a.submits() < ctx.value(MIN_CALLS) || a.submitAvg() == null || a.submitAvg() < ctx.seconds(MIN_SUBMIT_AVG_MS)) {
            return false;
        }
        double submit = a.submitAvg();
        Double getevents = a.geteventsAvg();
        Optional<AioSymptoms.Service> service = aio.service(a.pid());
        boolean vsGet = getevents != null && submit >= ctx.value(SUBMIT_VS_GETEVENTS_RATIO) * getevents;
        boolean vsDevice = service.isPresent() && submit >= ctx.value(SUBMIT_VS_SERVICE_RATIO) * service.get().seconds();
        return vsGet || vsDevice || getevents == null && service.isEmpty();
    }

    /** A filesystem turning a direct write into a buffered one (btrfs, for one not aligned to its sector size). */
    static final Set<String> BUFFERED_FALLBACK = Set.of("btrfs_direct_write");
    /** ext4's direct write path, which makes an extending or unaligned direct write wait for its own I/O. */
    static final Set<String> EXT4_DIRECT_WRITE = Set.of("ext4_file_write_iter", "ext4_dio_write_iter");
    /** The block layer's writeback throttling (blk-wbt). */
    static final Set<String> WRITEBACK_THROTTLE = Set.of("wbt_wait");

    /**
     * The files the trace shows AIO submitted to opened without O_DIRECT (buffered AIO, synchronous in io_submit),
     * where they take most of the requests; empty otherwise (direct files, or opens the trace did not see).
     */
    static List<String> bufferedAioFiles(AioSymptoms aio) {
        var submitted = aio.section().alignment().stream().filter(x -> "io_submit".equals(x.via())).toList();
        long buffered = submitted.stream().filter(x -> Boolean.FALSE.equals(x.direct())).mapToLong(x -> x.requests()).sum();
        long other = submitted.stream().filter(x -> !Boolean.FALSE.equals(x.direct())).mapToLong(x -> x.requests()).sum();
        // most of the requests: a descriptor the trace saw reused for a file of /sys does not make the AIO buffered
        return buffered <= other ? List.of() : submitted.stream().filter(x -> Boolean.FALSE.equals(x.direct()))
                .map(x -> x.file()).distinct().toList();
    }

    /** The function io_submit sleeps in most: the innermost frame of its top stack, or LinuxKI's sleep row. */
    static String sleepsIn(AioSymptoms aio, AioProcess a) {
        var stack = aio.submitStacks(a.pid()).stream().findFirst();
        if (stack.isPresent() && !stack.get().frames().isEmpty()) {
            return stack.get().frames().stream().filter(AioSymptoms.DIO_WAIT::contains).findFirst()
                    .orElse(stack.get().frames().get(0));
        }
        return aio.summaries(a.pid(), "io_submit").stream().flatMap(x -> x.sleepFuncs().stream())
                .max(Comparator.comparingDouble(x -> x.total())).map(x -> x.function()).orElse(null);
    }

    /**
     * Without sleep stacks: "blk_mq_get_tag" where the time model puts most of the process's io_submit time in
     * its requests' wait for a request tag (the block trace's Q2G + G2I), else null.
     */
    private static String tagWaitOf(RuleContext ctx, AioProcess a) {
        return holdsMostOfSubmit(ctx, a, Part.TAG_WAIT) ? "blk_mq_get_tag (no sleep stacks: its requests' wait for a "
                + "request tag in the block trace)" : null;
    }

    /**
     * Whether the time model left most of the process's io_submit time as plain submission: no tag, lock, throttle
     * or writeback wait found in it (by sleep stacks or a block trace), so that nothing but the CPU is left to hold it.
     */
    private static boolean unexplained(RuleContext ctx, AioProcess a) {
        return holdsMostOfSubmit(ctx, a, Part.SUBMISSION);
    }

    /** Whether the time model puts half or more of the process's io_submit time in {@code part}. */
    private static boolean holdsMostOfSubmit(RuleContext ctx, AioProcess a, Part part) {
        TimeModel model = ctx.optional(TimeModelInput.MODEL).orElse(null);
        if (model == null || a.pid() == null || a.submitTotal() == null || a.submitTotal() <= 0) {
            return false;
        }
        double seconds = model.application().stream().filter(p -> p.pids().contains(a.pid()))
                .mapToDouble(p -> p.seconds(part, null)).sum();
        return seconds >= 0.5 * a.submitTotal();
    }

    /**
     * Without a block trace: the service time the time model measured (iostat's await) in the devices its wait went
     * to, the slower direction's, in seconds.
     */
    private static Optional<Double> modelService(RuleContext ctx, AioProcess a) {
        TimeModel model = ctx.optional(TimeModelInput.MODEL).orElse(null);
        if (model == null || a.pid() == null) {
            return Optional.empty();
        }
        return model.application().stream().filter(p -> p.pids().contains(a.pid()))
                .flatMap(p -> p.parts().stream()).filter(w -> w.part() == Part.DEVICE && w.device() != null)
                .flatMap(w -> model.device(w.device()).stream())
                .flatMap(d -> java.util.stream.Stream.of(d.readServiceMs(), d.writeServiceMs()))
                .filter(java.util.Objects::nonNull).max(Double::compare).map(ms -> ms / 1000);
    }

    /** The processes' io_submit average: one figure, or the lowest to the highest of theirs. */
    private static String averages(List<AioProcess> all) {
        double low = all.stream().mapToDouble(AioProcess::submitAvg).min().orElseThrow();
        double high = all.stream().mapToDouble(AioProcess::submitAvg).max().orElseThrow();
        String lowText = Figures.duration(low);
        String highText = Figures.duration(high);
        return lowText.equals(highText) ? highText : lowText + " to " + highText;
    }

    /** The finding of {@code a}, with {@code alike}, the other processes of its command that block the same way. */
    private void judge(RuleContext ctx, AioSymptoms aio, AioProcess a, List<AioProcess> alike) {
        double submit = a.submitAvg();
        Double getevents = a.geteventsAvg();
        Optional<AioSymptoms.Service> service = aio.service(a.pid());
        boolean worse = a.geteventsTotal() == null || a.submitTotal() >= a.geteventsTotal();
        String who = AioSymptoms.who(a);
        String compare = (getevents != null ? " against " + Figures.duration(getevents) + " in io_getevents" : "")
                + service.map(s -> " and a device service time of " + Figures.duration(s.seconds()) + " (" + s.what() + ")")
                .orElse("");
        List<AioProcess> all = new ArrayList<>(List.of(a));
        all.addAll(alike);
        double aioTotal = all.stream().mapToDouble(x -> (x.submitTotal() == null ? 0 : x.submitTotal())
                + (x.geteventsTotal() == null ? 0 : x.geteventsTotal())).sum();
        double submitTotal = all.stream().mapToDouble(x -> x.submitTotal() == null ? 0 : x.submitTotal()).sum();
        String others = alike.isEmpty() ? "" : " " + (alike.size() == 1 ? "Its other " + a.comm() + " process, "
                : "Its " + alike.size() + " other " + a.comm() + " processes, ")
                + alike.stream().map(x -> "pid " + x.pid() + " (" + Figures.count(x.submits()) + " calls averaging "
                + Figures.duration(x.submitAvg()) + ")").collect(java.util.stream.Collectors.joining(", "))
                + (alike.size() == 1 ? ", blocks" : ", block") + " the same way.";
        String whoAll = alike.isEmpty() ? who : a.comm() + " (pids " + all.stream().map(x -> String.valueOf(x.pid()))
                .collect(java.util.stream.Collectors.joining(", ")) + ")";
        List<SleepStack> stacks = aio.submitStacks(a.pid());
        boolean buffered = stacks.stream().anyMatch(st -> st.passesThrough(BUFFERED_FALLBACK) && AioWaits.waitsForOwnWriteback(st));
        boolean throttled = stacks.stream().anyMatch(st -> st.passesThrough(WRITEBACK_THROTTLE));
        List<String> bufferedFiles = bufferedAioFiles(aio);
        boolean ext4Sync = stacks.stream().anyMatch(st -> st.passesThrough(EXT4_DIRECT_WRITE)
                && AioWaits.kind(st) == AioWaits.Kind.OWN_IO);
        String why = (!bufferedFiles.isEmpty() ? " The files it submits to were opened without O_DIRECT ("
                + String.join(", ", bufferedFiles.stream().limit(3).toList()) + "): Linux native AIO does such a request "
                + "inside io_submit, through the page cache, so each call waits for its own I/O and its queue depth is one."
                : "")
                + (ext4Sync ? " Its sleep stacks show ext4 waiting inside io_submit for the direct write's own I/O "
                + "(iomap_dio_rw under ext4_file_write_iter): ext4 makes a direct write synchronous when it extends the "
                + "file or is not aligned to the filesystem block, so the writes go one at a time whatever the queue depth."
                : "")
                + (buffered ? " Its sleep stacks show the filesystem writing these direct writes through the page "
                + "cache and waiting for their writeback (btrfs_direct_write, filemap_fdatawait_range): btrfs does so for a "
                + "direct write not aligned to its sector size." : "")
                + (throttled ? " Writeback throttling holds its writes (wbt_wait): the block layer limits writes in "
                + "flight while the device's latency exceeds its target." : "");
        String specific = (!bufferedFiles.isEmpty() ? "Open the files with O_DIRECT (fio: direct=1) so that io_submit "
                + "queues the requests and returns, or submit through io_uring, which queues buffered I/O without "
                + "blocking the submitter. " : "")
                + (ext4Sync ? "Give the file its size before writing it (fallocate -l SIZE FILE, posix_fallocate, fio's "
                + "fallocate=native) and align the direct writes to the ext4 block, so that ext4 submits them "
                + "asynchronously. " : "")
                + (buffered ? "Align the direct writes to the filesystem's sector size (4096 bytes on btrfs), so "
                + "that they stay direct and asynchronous. " : "")
                + (throttled ? "Writeback throttling follows the device's latency: a faster device, or a higher target "
                + "(/sys/block/<device>/queue/wbt_lat_usec; 0 turns it off), lets the writes through. " : "");
        // on CPUs busy all the time, a call outlasts a fast device by its wait for a CPU: zram doing the read in the
        // submitter's context, under busy loops, made io_submit 844 µs for an 11 µs device
        Optional<Double> device = service.map(AioSymptoms.Service::seconds).or(() -> modelService(ctx, a));
        Optional<CpuLoads.Load> cpu = device.filter(s -> s <= ctx.value(CPU_DEVICE_SHARE) * submit && unexplained(ctx, a))
                .flatMap(s -> ctx.optional(IostatEvidence.CPU)).flatMap(c -> c.loads().stream()
                        .filter(l -> l.reports() > 0 && l.medianBusyPct() >= ctx.value(CPU_SATURATED_PCT))
                        .max(Comparator.comparingDouble(CpuLoads.Load::medianBusyPct)));
        if (cpu.isPresent()) {
            why = " The CPUs were " + Figures.percent(cpu.get().medianBusyPct()) + " busy in the median of "
                    + Figures.count(cpu.get().reports()) + " iostat reports (" + cpu.get().input() + ", avg-cpu: neither "
                    + "idle nor waiting for I/O), and " + (device.orElseThrow() > 0 ? "the device served its requests in "
                    + Figures.duration(device.orElseThrow()) : "the device took no measurable time per request")
                    + ": io_submit's time is mostly its wait for a CPU, not for the storage." + why;
            specific = "Find what holds the CPUs (top, pidstat -u 1, perf top) and give the application its share of "
                    + "them; the storage is not what it waits for. ";
        }
        var f = ctx.finding(alike.isEmpty() ? Subject.process(a.pid(), a.comm())
                        : Subject.processes(all.stream().map(AioProcess::pid).toList(), whoAll), "io_submit of " + whoAll + " takes "
                        + averages(all) + " on average" + (cpu.isPresent() ? ", on saturated CPUs" : ": submission blocks"))
                .severity(cpu.isPresent() ? Severity.INFO : worse ? Severity.CRITICAL : Severity.WARNING)
                .summary(who + " made " + Figures.count(a.submits()) + " io_submit calls averaging "
                        + Figures.duration(submit) + compare + " (" + a.source() + ", " + a.input() + "). io_submit holds "
                        + Figures.percent(a.submitSharePct()) + " of the time spent in io_submit and io_getevents "
                        + "together: the process waits while submitting instead of while reaping completions." + why
                        + others)
                .recommendation(specific.isEmpty() ? "Find where io_submit sleeps (the sleep stacks below: inode_dio_wait / "
                        + "xfs_file_dio_write_unaligned means unaligned direct I/O on XFS; get_request / blk_mq_get_tag "
                        + "a full device queue; a filesystem lock or file extension otherwise). Align direct I/O to the "
                        + "filesystem block size, preallocate files, and keep the queue depth below nr_requests."
                        : specific.strip())
                .aio(a)
                .figure(SUBMITS, a.submits())
                .figure(AioSymptoms.SUBMIT_AVG, a.submitAvg())
                .figure(SUBMIT_MAX, a.submitMax())
                .figure(AioSymptoms.GETEVENTS_AVG, a.geteventsAvg())
                .figure(SUBMIT_SHARE_PCT, a.submitSharePct())
                .limit(AioSymptoms.LIMIT_SUBMIT_AVG, MIN_SUBMIT_AVG_MS)
                .impact(Impact.measured(submitTotal, "time spent in io_submit")
                        .of(aioTotal, "io_submit + io_getevents time of " + whoAll));
        service.ifPresent(s -> f.figure(DEVICE_SERVICE, s.seconds()));
        f.text(SLEEPS_IN, Optional.ofNullable(sleepsIn(aio, a)).orElseGet(() -> tagWaitOf(ctx, a)));
        if (getevents == null && service.isEmpty()) {
            f.doubt(Confidence.LOW, "no io_getevents or device time to compare io_submit with");
        }
        List<Evidence> ev = new ArrayList<>();
        aio.summaries(a.pid(), "io_submit").forEach(s -> ev.add(AioSymptoms.evidence(s)));
        aio.summaries(a.pid(), "io_getevents").forEach(s -> ev.add(AioSymptoms.evidence(s)));
        alike.forEach(x -> aio.summaries(x.pid(), "io_submit").forEach(s -> ev.add(AioSymptoms.evidence(s))));
        ev.addAll(aio.slowest(a, "io_submit"));
        aio.submitStacks(a.pid()).stream().limit(2).forEach(s -> ev.add(AioSymptoms.evidence(s)));
        service.map(AioSymptoms.Service::evidence).ifPresent(ev::add);
        cpu.ifPresent(c -> ev.add(c.busiest()));
        f.evidence(ev).report();
    }
}
