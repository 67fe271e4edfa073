package dev.ioverdict.report;

import dev.ioverdict.analysis.config.DeviceIdentities;
import dev.ioverdict.analysis.config.MediaClass;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.syscall.FileAlignment;
import dev.ioverdict.model.syscall.SyscallSection;
import dev.ioverdict.model.timemodel.DeviceTime;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.timemodel.WaitPart;
import dev.ioverdict.report.model.Summary;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.aio.AioCompletionWaitRule;
import dev.ioverdict.rules.aio.SyncIoSubmitRule;
import dev.ioverdict.rules.aio.UnalignedDioXfsRule;
import dev.ioverdict.rules.block.DeviceLatencyRule;
import dev.ioverdict.rules.block.RequestStarvationRule;
import dev.ioverdict.rules.block.SchedulerLatencyRule;
import dev.ioverdict.rules.disk.DiskSaturationRule;
import dev.ioverdict.rules.disk.QueueWaitRule;
import dev.ioverdict.rules.kernel.HungTaskIoRule;
import dev.ioverdict.rules.kernel.IoErrorsRule;
import dev.ioverdict.rules.wait.NoisyNeighbourRule;
import dev.ioverdict.rules.wait.SyncWriteLatencyRule;
import dev.ioverdict.model.block.PhaseDistribution;
import dev.ioverdict.rules.block.BlockFigures;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Why a rule that ran found nothing, in the figures a reader can check: "%util up to 100 % with 16
 * requests in flight and await avg 1.4 ms: busy nearly all the time, but its response time stays within
 * the 5.00 ms of a solid-state device". A healthy verdict is a claim too, so it carries a confidence:
 * high when a trace measured the quantity the rule judges on many I/Os, medium when interval averages
 * (iostat) or few samples stand for it, low when the rule's own inputs were thin. Reads the same
 * sections the report shows, never the rules' internals: the figures are the ones the report prints
 * elsewhere.
 */
final class HealthyVerdicts {
    /** iostat reports below which an average says little about a device. */
    private static final int FEW_REPORTS = 5;
    /** Traced I/Os below which a block-layer share says little. */
    private static final long FEW_IOS = 100;
    /** Busy this much of the time is "all the time" in words; the rule's own limits decide, this only phrases. */
    private static final double NEAR_FULL_PCT = 90;
    private static final Set<String> BUSY = Set.of("%util", "%b", "%busy");
    private static final List<String> QUEUE = List.of("aqu-sz", "avgqu-sz", "avqu-sz", "actv", "avque");
    private static final List<String> AWAIT = List.of("await", "r_await", "w_await", "asvc_t", "svc_t", "avserv");

    private final List<IostatDevice> iostat;
    private final BlockSection block;
    private final SyscallSection syscalls;
    private final List<InputSummary> inputs;
    private final TimeModel timeModel;
    /** The causes: a device slow because of one about its own service is not called slow on its own. */
    private final List<Finding> causes;
    /** Causes about a device's own service time; a scheduler or alignment cause naming the device does not explain its D2C. */
    private static final Set<String> DEVICE_SERVICE = Set.of(DeviceLatencyRule.ID, DiskSaturationRule.ID,
            NoisyNeighbourRule.ID, QueueWaitRule.ID);
    private final DeviceIdentities ids;
    private final StorageConfig config;
    /** Each traced device's D2C once per request ({@code BlockDistributions.requestD2c}). */
    private final List<PhaseDistribution> requestD2c;

    HealthyVerdicts(List<IostatDevice> iostat, BlockSection block, List<PhaseDistribution> requestD2c,
                    SyscallSection syscalls, List<InputSummary> inputs, TimeModel timeModel, List<Finding> causes,
                    StorageConfig config) {
        this.requestD2c = requestD2c;
        this.timeModel = timeModel;
        this.causes = causes;
        this.config = config;
        this.ids = config == null ? DeviceIdentities.empty() : config.identities();
        this.iostat = iostat == null ? List.of() : iostat.stream().filter(d -> !d.idle()).toList();
        this.block = block;
        this.syscalls = syscalls;
        this.inputs = inputs;
    }

    Summary.Healthy of(RuleInfo rule) {
        Summary.Healthy specific = switch (rule.id()) {
            case DiskSaturationRule.ID -> saturation(rule);
            case QueueWaitRule.ID -> queue(rule);
            case DeviceLatencyRule.ID -> deviceLatency(rule);
            case SchedulerLatencyRule.ID -> blockShare(rule, "I2D", "in the I/O scheduler (I2D)");
            case RequestStarvationRule.ID -> blockShare(rule, "G2I", "waiting for a request tag (Q2G, G2I)");
            case SyncIoSubmitRule.ID, AioCompletionWaitRule.ID -> aio(rule);
            case UnalignedDioXfsRule.ID -> alignment(rule);
            case IoErrorsRule.ID, HungTaskIoRule.ID -> kernelLog(rule);
            case NoisyNeighbourRule.ID -> waitPart(rule, Part.BEHIND_OTHER_IO, "behind other processes' I/O",
                    "no other process's I/O stood in front of the application's");
            // without the application's calls the rule judged the device's requests or iostat, not a wait
            case SyncWriteLatencyRule.ID -> timeModel == null || timeModel.basis() != TimeModel.Basis.APPLICATION ? null
                    : waitPart(rule, Part.FLUSH, "in cache flushes and FUA writes",
                    "durable writes cost no more than the device's own time");
            default -> null;
        };
        return specific != null ? specific
                : new Summary.Healthy(rule.id(), rule.title(), "nothing in " + formats(rule) + " reached its limits",
                        "medium");
    }

    /** The share of the application's I/O wait the time model gives to one part, over every process. */
    private Summary.Healthy waitPart(RuleInfo rule, Part part, String where, String meaning) {
        if (timeModel == null || timeModel.waitSeconds() <= 0) {
            return null;
        }
        double seconds = timeModel.application().stream().flatMap(p -> p.parts().stream())
                .filter(w -> w.part() == part).mapToDouble(WaitPart::seconds).sum();
        double share = 100 * seconds / timeModel.waitSeconds();
        return new Summary.Healthy(rule.id(), rule.title(), (seconds == 0 ? "no time" : Figures.duration(seconds)
                + " (" + Figures.percent(share) + ")") + " of the application's " + Figures.duration(timeModel.waitSeconds())
                + " of I/O wait went " + where + ": " + meaning, timeModel.application().size() > 0 ? "medium" : "low");
    }

    /** The busiest device by %util: whether its busy time came with long waits, against the rule's own limits. */
    private Summary.Healthy saturation(RuleInfo rule) {
        Optional<IostatDevice> busiest = iostat.stream().filter(d -> busy(d) != null)
                .max(Comparator.comparingDouble(d -> busy(d).max()));
        if (busiest.isEmpty()) {
            return null;
        }
        IostatDevice d = busiest.get();
        IostatDevice.Stat b = busy(d);
        IostatDevice.Stat q = column(d, QUEUE);
        IostatDevice.Stat w = column(d, AWAIT);
        MediaClass.Media media = media(d.device());
        double awaitLimit = limit(rule, "await_ms", 50);
        double busyLimit = limit(rule, "busy_pct", 20);
        String figures = busyName(d) + " up to " + Figures.percent(b.max())
                + (q != null ? " with " + Figures.number(q.avg()) + " requests in flight on average" : "")
                + (w != null ? (q != null ? " and " : " with ") + awaitName(d) + " avg " + ms(w.avg()) : "");
        String why = b.max() < busyLimit ? ": never busy enough to saturate (the rule asks " + busyName(d) + " of "
                + Figures.percent(busyLimit) + ")"
                : w == null ? ": the file prints no response time to show waits; not judged saturated"
                : w.max() < awaitLimit && b.max() >= NEAR_FULL_PCT && w.avg() < media.media().abnormalMs()
                        ? ": busy nearly all the time, but its response time stays within the "
                        + ms(media.media().abnormalMs()) + " of " + article(media) + ": " + busyName(d) + " counts the time"
                        + " anything is in flight, not how much of the device is used; not saturated"
                        + coveredBy(d.device()).map(c -> "; its wait is the finding above (" + c + ")").orElse("")
                : w.max() < awaitLimit ? ": its response time never reached the rule's " + ms(awaitLimit) + "; not saturated"
                        + coveredBy(d.device()).map(c -> "; its wait is the finding above (" + c + ")").orElse("")
                : coveredBy(d.device()).isPresent() ? ": its time is the finding above (" + coveredBy(d.device()).get()
                        + "): a device slow in its own service fills at a lower load, not a saturated one"
                : ": busy and slow at times (" + awaitName(d) + " max " + ms(w.max()) + "), but not for as many reports"
                        + " in a row as the rule asks of saturation";
        return new Summary.Healthy(rule.id(), rule.title(), "busiest device " + label(d.device()) + ": " + figures + why
                + " (" + reports(d) + ")", reportConfidence(d));
    }

    private Summary.Healthy queue(RuleInfo rule) {
        Optional<IostatDevice> deepest = iostat.stream().filter(d -> column(d, QUEUE) != null)
                .max(Comparator.comparingDouble(d -> column(d, QUEUE).avg()));
        if (deepest.isEmpty()) {
            return null;
        }
        IostatDevice d = deepest.get();
        IostatDevice.Stat q = column(d, QUEUE);
        IostatDevice.Stat w = column(d, AWAIT);
        Optional<String> saturated = saturatedBy(d.device());
        return new Summary.Healthy(rule.id(), rule.title(), "deepest queue on " + label(d.device()) + ": "
                + queueName(d) + " avg " + Figures.number(q.avg()) + ", max " + Figures.number(q.max())
                + (w != null ? ", " + awaitName(d) + " avg " + ms(w.avg()) : "")
                + (saturated.isPresent()
                        ? ": the requests in flight wait behind each other: the finding above (" + saturated.get() + ")"
                        : w != null && w.avg() >= media(d.device()).media().abnormalMs()
                        ? ": with so short a queue the long response time is the device's own service, not queueing"
                        : ": requests do not wait long in front of the device") + " (" + reports(d) + ")", reportConfidence(d));
    }

    /** D2C of the traced devices, else the iostat response times, each against what its class of media should give. */
    private Summary.Healthy deviceLatency(RuleInfo rule) {
        Optional<BlockDeviceStats> slowest = blockDevices().stream()
                .filter(s -> avg(d2c(s)) != null)
                .max(Comparator.comparingDouble(s -> avg(d2c(s))));
        if (slowest.isPresent()) {
            BlockDeviceStats s = slowest.get();
            PhaseStat d2c = d2c(s);
            MediaClass.Media media = media(s.device());
            String figures = "slowest traced device " + label(s.device()) + ": D2C avg " + Figures.duration(d2c.avg())
                    + (d2c.p99() != null ? ", p99 " + Figures.duration(d2c.p99()) : "") + " over " + ios(d2c.n())
                    + (d2c == s.phaseNamed("D2C") ? "" : " (each request's; btt's D2C leaves them out: "
                    + BlockFigures.whyBttLeavesOut(queued(s)) + ")");
            Optional<String> covered = coveredBy(s.device());
            double expected = expectedMs(s.device(), media);
            String why = d2c.avg() * 1000 < expected
                    ? ": within the " + ms(expected) + " expected of " + article(media) + forItsLoad(expected, media)
                    : covered.isPresent() ? ": its time is the finding above (" + covered.get() + "), not a slow device on its own"
                    : d2c.n() < limit(rule, "min_ios", FEW_IOS) ? ": above the " + ms(expected) + " of "
                            + article(media) + forItsLoad(expected, media) + ", on too few I/Os for the rule to call it slow"
                    : d2c.p50() != null && d2c.p50() * 1000 < expected
                            ? ": the average is above the " + ms(expected) + " of " + article(media) + forItsLoad(expected, media)
                            + ", but half its I/Os take " + Figures.duration(d2c.p50()) + " or less: a tail of slow requests,"
                            + " not a slow device"
                    : ": above the " + ms(expected) + " of " + article(media) + forItsLoad(expected, media)
                            + ", but not by as much as the rule asks of a slow device";
            return new Summary.Healthy(rule.id(), rule.title(), figures + why, d2c.n() >= FEW_IOS ? "high" : "medium");
        }
        Optional<IostatDevice> slow = iostat.stream().filter(d -> column(d, AWAIT) != null)
                .max(Comparator.comparingDouble(d -> column(d, AWAIT).avg()));
        if (slow.isEmpty()) {
            return null;
        }
        IostatDevice d = slow.get();
        IostatDevice.Stat w = column(d, AWAIT);
        MediaClass.Media media = media(d.device());
        String figures = "slowest device " + label(d.device()) + ": " + awaitName(d) + " avg " + ms(w.avg()) + ", max "
                + ms(w.max()) + " (" + reports(d) + ")";
        Optional<String> covered = coveredBy(d.device());
        double expected = expectedMs(d.device(), media);
        if (w.avg() >= expected && covered.isPresent()) {
            return new Summary.Healthy(rule.id(), rule.title(), figures + ": its time is the finding above ("
                    + covered.get() + "), not a slow device on its own", reportConfidence(d));
        }
        return new Summary.Healthy(rule.id(), rule.title(), figures + (w.avg() < expected
                ? ": within the " + ms(expected) + " expected of " + article(media) + forItsLoad(expected, media)
                : ": above the " + ms(expected) + " of " + article(media) + forItsLoad(expected, media)
                        + " on average, but with a queue in front of it or in too few reports for the rule to call the "
                        + "device itself slow"),
                reportConfidence(d));
    }

    /** The cause about this device's own service time (saturation, latency, a neighbour), by any of its names. */
    private Optional<String> coveredBy(String device) {
        String key = ids.key(device);
        return causes.stream().filter(c -> aboutService(c) && UseTable.about(c, key, ids)).map(Finding::title).findFirst();
    }

    /** The title of the cause that names the device full (disk-saturation); empty without one. */
    private Optional<String> saturatedBy(String device) {
        String key = ids.key(device);
        return causes.stream().filter(c -> c.rule().equals(DiskSaturationRule.ID) && UseTable.about(c, key, ids))
                .map(Finding::title).findFirst();
    }

    private static boolean aboutService(Finding cause) {
        return DEVICE_SERVICE.contains(cause.rule()) || cause.symptoms().stream().anyMatch(s -> DEVICE_SERVICE.contains(s.rule()));
    }

    private String label(String device) {
        return ids.label(device);
    }

    /** The device's class of media, by its kernel name when the bundle ties one to the traced number. */
    private MediaClass.Media media(String device) {
        String name = ids.find(device).map(i -> i.kernelName() != null ? i.kernelName() : i.key()).orElse(device);
        return MediaClass.of(name, config);
    }

    /**
     * The service time (ms) the time model expects of the device: its class's, plus the transfer of the large
     * requests it held at once; the class's alone without a model of it.
     */
    private double expectedMs(String device, MediaClass.Media media) {
        if (timeModel == null) {
            return media.media().abnormalMs();
        }
        String key = ids.key(device);
        return timeModel.devices().stream().filter(t -> t.device().equals(device) || ids.key(t.device()).equals(key))
                .map(DeviceTime::expectedMaxServiceMs).filter(Objects::nonNull).findFirst()
                .orElse(media.media().abnormalMs());
    }

    /**
     * " for the large requests it held at once (its 5.00 ms, plus their transfer at 400 MB/s)" where the
     * expectation holds their transfer ({@link MediaClass#expectedMs} adds none that is not material).
     */
    private static String forItsLoad(double expectedMs, MediaClass.Media media) {
        return expectedMs > media.media().abnormalMs() ? " for the large requests it held at once (its "
                + ms(media.media().abnormalMs()) + ", plus their transfer at " + Figures.number(media.media().leastMBps())
                + " MB/s)" : "";
    }

    private static String article(MediaClass.Media media) {
        return media.media().nounPhrase();
    }

    /** The rule's threshold as catalogued (its default: the report is read against the rule's documented limits). */
    private static double limit(RuleInfo rule, String key, double fallback) {
        return rule.thresholds().stream().filter(t -> t.key().equals(key)).mapToDouble(t -> t.defaultValue())
                .findFirst().orElse(fallback);
    }

    /** The largest share of Q2C a block phase takes on any traced device. */
    private Summary.Healthy blockShare(RuleInfo rule, String phase, String where) {
        // a share above the whole comes from a damaged trace (lost completions): no figure to vouch with
        Optional<BlockDeviceStats> worst = blockDevices().stream()
                .filter(s -> share(s, phase) != null && share(s, phase) <= 100)
                .max(Comparator.comparingDouble(s -> share(s, phase)));
        if (worst.isEmpty()) {
            return null;
        }
        BlockDeviceStats s = worst.get();
        PhaseStat q2c = s.phaseNamed("Q2C");
        PhaseStat d2c = s.phaseNamed("D2C");
        long n = Math.max(q2c == null ? 0 : q2c.n(), d2c == null ? 0 : d2c.n());
        double pct = share(s, phase);
        PhaseStat requests = d2c(s);
        String on = label(s.device()) + (n > 0 ? ", " + ios(n) : "") + (requests == d2c ? ""
                : " of the " + Figures.count(requests.n()) + " requests the trace completed; btt leaves the others out: "
                + BlockFigures.whyBttLeavesOut(queued(s)));
        String figures = pct == 0 ? "no measurable time " + where + " (" + on + ")"
                : "time " + where + " is at most " + Figures.percent(pct) + " of Q2C (" + on + ")";
        return new Summary.Healthy(rule.id(), rule.title(), figures + ": the block layer's time goes elsewhere",
                n >= FEW_IOS ? "high" : "medium");
    }

    private static String ios(long n) {
        return Figures.counted(n, "I/O", "I/Os");
    }

    private Double share(BlockDeviceStats s, String phase) {
        if (phase.equals("G2I")) {
            Double q2g = s.overheadNamed("Q2G");
            Double g2i = s.overheadNamed("G2I");
            return q2g == null && g2i == null ? null : (q2g == null ? 0 : q2g) + (g2i == null ? 0 : g2i);
        }
        return s.overheadNamed(phase);
    }

    private Summary.Healthy aio(RuleInfo rule) {
        if (syscalls == null || syscalls.aio().isEmpty()) {
            return null;
        }
        boolean submit = rule.id().equals(SyncIoSubmitRule.ID);
        AioProcess worst = syscalls.aio().stream()
                .filter(a -> submit ? a.submitAvg() != null : a.geteventsAvg() != null)
                .max(Comparator.comparingDouble(a -> submit ? a.submitAvg() : a.geteventsAvg())).orElse(null);
        if (worst == null) {
            return null;
        }
        String who = ((worst.comm() != null ? worst.comm() + " " : "") + (worst.pid() != null ? "pid " + worst.pid() : "")).strip();
        String figures = submit
                ? "the slowest submitter is " + who + ": io_submit avg " + Figures.duration(worst.submitAvg())
                        + (worst.submitMax() != null ? ", max " + Figures.duration(worst.submitMax()) : "") + " over "
                        + calls(worst.submits()) + ": submission returns at once"
                : "the longest completion waits are " + who + "'s: io_getevents avg "
                        + Figures.duration(worst.geteventsAvg()) + " over " + calls(worst.getevents())
                        + ": no process waits long for its completions";
        long n = submit ? worst.submits() : worst.getevents();
        return new Summary.Healthy(rule.id(), rule.title(), figures, n >= FEW_IOS ? "high" : "medium");
    }

    private static String calls(long n) {
        return Figures.counted(n, "call", "calls");
    }

    private Summary.Healthy alignment(RuleInfo rule) {
        if (syscalls == null || syscalls.alignment().isEmpty()) {
            return null;
        }
        long requests = 0;
        long unaligned = 0;
        boolean known = false;
        for (FileAlignment a : syscalls.alignment()) {
            if (Boolean.FALSE.equals(a.direct())) {
                continue;
            }
            requests += a.requests();
            if (a.unalignedToFsBlock() != null) {
                known = true;
                unaligned += a.unalignedToFsBlock();
            }
        }
        if (requests == 0) {
            return null;
        }
        return new Summary.Healthy(rule.id(), rule.title(), known
                ? Figures.count((double) unaligned) + " of " + Figures.count((double) requests)
                        + " direct requests are not aligned to their filesystem's block size: no inode serialisation"
                : Figures.count((double) requests) + " direct requests traced; the bundle does not tell the filesystem's "
                        + "block size, so only XFS's 4 KiB default was assumed", known ? "high" : "low");
    }

    private Summary.Healthy kernelLog(RuleInfo rule) {
        long lines = inputs.stream().filter(i -> i.format().equals("kernel-log")).mapToLong(InputSummary::lines).sum();
        if (lines == 0) {
            return null;
        }
        return new Summary.Healthy(rule.id(), rule.title(), "the kernel log (" + Figures.count((double) lines)
                + " lines) holds no " + (rule.id().equals(IoErrorsRule.ID) ? "I/O error, timeout, abort or reset"
                : "hung-task report of a task blocked in I/O"), "high");
    }

    /** The formats the rule reads that the bundle holds, in words. */
    private String formats(RuleInfo rule) {
        Set<String> held = new java.util.LinkedHashSet<>();
        inputs.forEach(i -> held.add(i.format()));
        List<String> used = java.util.stream.Stream.of(rule.requiredIds(), rule.anyOfIds(), rule.optionalIds())
                .flatMap(List::stream).filter(held::contains).distinct().toList();
        return used.isEmpty() ? "the data it reads" : String.join(", ", used);
    }

    /** The bios btt saw queued on the device: its Q2G and Q2M samples. */
    private static long queued(BlockDeviceStats s) {
        PhaseStat q2g = s.phaseNamed("Q2G");
        PhaseStat q2m = s.phaseNamed("Q2M");
        return (q2g == null ? 0 : q2g.n()) + (q2m == null ? 0 : q2m.n());
    }

    /** The device's D2C: btt's, or each request's where btt's row left out most of the requests (split bios). */
    private PhaseStat d2c(BlockDeviceStats s) {
        PhaseStat btt = s.phaseNamed("D2C");
        PhaseStat byRequest = BlockFigures.byRequest(requestD2c, s.device(), btt);
        return byRequest != null ? byRequest : btt;
    }

    private List<BlockDeviceStats> blockDevices() {
        return block == null ? List.of() : block.devices();
    }

    private static Double avg(PhaseStat s) {
        return s == null ? null : s.avg();
    }

    private static IostatDevice.Stat busy(IostatDevice d) {
        return d.metrics().entrySet().stream().filter(e -> BUSY.contains(e.getKey())).map(java.util.Map.Entry::getValue)
                .findFirst().orElse(null);
    }

    private static String busyName(IostatDevice d) {
        return d.metrics().keySet().stream().filter(BUSY::contains).findFirst().orElse("%util");
    }

    /** The column of those named the device prints; of its response times, the slowest on average. */
    private static IostatDevice.Stat column(IostatDevice d, List<String> names) {
        if (names == AWAIT) {
            return d.metrics().get(awaitName(d));
        }
        return names.stream().map(n -> d.metrics().get(n)).filter(Objects::nonNull).findFirst().orElse(null);
    }

    private static String queueName(IostatDevice d) {
        return QUEUE.stream().filter(d.metrics()::containsKey).findFirst().orElse("aqu-sz");
    }

    private static String awaitName(IostatDevice d) {
        return AWAIT.stream().filter(d.metrics()::containsKey)
                .max(Comparator.comparingDouble((String n) -> d.metrics().get(n).avg())
                        .thenComparing(n -> -AWAIT.indexOf(n))).orElse("await");
    }

    /** iostat prints response times in ms. */
    private static String ms(Double printedMs) {
        return printedMs == null ? Figures.NONE : Figures.duration(printedMs / 1000);
    }

    private static String reports(IostatDevice d) {
        return d.samples() == 1 ? "one iostat report" : d.samples() + " iostat reports";
    }

    private static String reportConfidence(IostatDevice d) {
        return d.samples() >= FEW_REPORTS ? "medium" : "low";
    }
}
