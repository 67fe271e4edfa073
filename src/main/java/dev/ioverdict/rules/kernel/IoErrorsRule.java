package dev.ioverdict.rules.kernel;

import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.analysis.kernel.KernelLog;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.kernel.KernelEvent;
import dev.ioverdict.model.kernel.KernelEventKind;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.SubjectMetrics;
import dev.ioverdict.rules.Threshold;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The USE method's errors: I/O errors, medium errors, timeouts, aborts, resets, offlined devices,
 * failed multipath paths and filesystem errors or shutdowns that the kernel logged, one finding per
 * device. Data was lost or delayed (critical) when a request failed, a device went away, all
 * paths of a map failed or a filesystem shut down; timeouts, aborts, resets and single path
 * failures that the kernel recovered from are warnings: each cost the I/O in flight its timeout.
 */
public final class IoErrorsRule extends Rule {
    public static final Metric EVENTS = Metric.count("events", "error messages");
    public static final Metric FIRST_TIME = Metric.time("firstTime", "first message");
    public static final Metric LAST_TIME = Metric.time("lastTime", "last message");

    static final Threshold MIN_EVENTS = Threshold.count("min_events", "events", 1,
            "error, timeout, abort, reset or path-failure messages for a device before it is reported");
    static final Threshold MAX_EVIDENCE = Threshold.count("max_evidence", "lines", 8,
            "log lines quoted per device (the first ones and the last)");

    private static final Set<KernelEventKind> DATA_AT_RISK = EnumSet.of(KernelEventKind.IO_ERROR,
            KernelEventKind.MEDIUM_ERROR, KernelEventKind.DEVICE_OFFLINE, KernelEventKind.ALL_PATHS_DOWN,
            KernelEventKind.FS_ERROR, KernelEventKind.FS_SHUTDOWN);

    public static final String ID = "io-errors";

    private static final RuleInfo INFO = new RuleInfo(ID,
            "The kernel logged I/O errors, timeouts or path failures", Severity.CRITICAL,
            """
            The kernel log (dmesg, journalctl -k, /var/log/messages) holds I/O errors, medium errors, SCSI or NVMe \
            timeouts, aborts and resets, offlined devices, failed multipath paths or XFS/ext4 errors for a \
            device: the 'errors' of the USE method, which no latency figure shows.""",
            List.of(KernelLogEvidence.KERNEL_LOG), List.of(Inputs.STORAGE), List.of(MIN_EVENTS, MAX_EVIDENCE));

    public IoErrorsRule() {
        super(INFO, Meaning.of(Meaning.Layer.KERNEL).use(Meaning.Resource.DEVICE, Meaning.Use.ERRORS)
                        .evidence(EvidenceKind.KERNEL_LOG));
    }

    @Override
    public void evaluate(RuleContext ctx) {
        KernelLog log = ctx.input(KernelLogEvidence.KERNEL_LOG);
        StorageConfig config = ctx.optional(Inputs.STORAGE).orElse(null);
        for (KernelLog.DeviceEvents d : log.devices()) {
            long failures = d.failures();
            if (failures == 0 || failures < ctx.value(MIN_EVENTS)) {
                continue;
            }
            report(ctx, d, failures, config);
        }
    }

    private static void report(RuleContext ctx, KernelLog.DeviceEvents d, long failures, StorageConfig config) {
        Map<KernelEventKind, Long> kinds = d.failureKinds();
        boolean atRisk = kinds.keySet().stream().anyMatch(DATA_AT_RISK::contains);
        String what = kinds.entrySet().stream().map(e -> e.getValue() + " " + noun(e.getKey(), e.getValue()))
                .collect(Collectors.joining(", "));
        String label = config != null ? config.label(d.device()) : d.device();
        KernelEvent first = d.keptFailures().get(0);
        KernelEvent last = d.lastFailure();
        long reinstated = d.counts().getOrDefault(KernelEventKind.PATH_REINSTATED, 0);
        var f = ctx.finding(Subject.device(d.device(), label), "Kernel logged " + what + " on " + d.device())
                .severity(atRisk ? Severity.CRITICAL : Severity.WARNING)
                .summary("The kernel log names " + label + " in " + failures + " error message"
                        + (failures == 1 ? "" : "s") + " (" + what + ")"
                        + (d.maps().isEmpty() ? "" : " of multipath map " + String.join(", ", d.maps()))
                        + ", from " + when(first) + " to " + when(last) + "."
                        + (reinstated > 0 ? " The path was reinstated " + reinstated + " time"
                        + (reinstated == 1 ? "" : "s") + "." : "")
                        + (atRisk ? " Requests failed or the device or filesystem went away: the application saw "
                        + "errors or stalls, and latency figures of this period describe a failing device."
                        : " Each timeout, abort or reset held the I/O in flight for the timeout before it was retried."))
                .recommendation(advice(kinds.keySet()))
                .source(EvidenceKind.KERNEL_LOG)
                .text(SubjectMetrics.DEVICE, d.device())
                .figure(EVENTS, failures)
                .text(FIRST_TIME, when(first))
                .text(LAST_TIME, when(last))
                .evidence(evidence(d, failures, (int) ctx.value(MAX_EVIDENCE)))
                .impact(Impact.NONE);
        for (Map.Entry<KernelEventKind, Long> e : kinds.entrySet()) {
            f.figure(messages(e.getKey()), e.getValue());
        }
        f.report();
    }

    /** The count of one kind of message ("timeout messages"), a figure per kind of {@link KernelEventKind}. */
    public static Metric messages(KernelEventKind kind) {
        return Metric.count(camel(kind.id()), kind.id().replace('-', ' ') + " messages");
    }

    /** The first failures and the last: all of them when there are {@code max} or fewer. */
    private static List<Evidence> evidence(KernelLog.DeviceEvents d, long failures, int max) {
        List<KernelEvent> kept = d.keptFailures();
        List<KernelEvent> shown = new ArrayList<>();
        if (failures <= max && failures == kept.size()) {
            shown.addAll(kept);
        } else {
            shown.addAll(kept.subList(0, Math.min(Math.max(max - 1, 0), kept.size() - 1)));
            shown.add(d.lastFailure());
        }
        return shown.stream().map(e -> new Evidence(e.input(), e.line(), e.text())).toList();
    }

    static String when(KernelEvent e) {
        return e.timeText() != null ? e.timeText() : e.input() + ":" + e.line();
    }

    private static String noun(KernelEventKind k, long n) {
        String s = switch (k) {
            case IO_ERROR -> "I/O error";
            case MEDIUM_ERROR -> "medium error";
            case TIMEOUT -> "timeout";
            case ABORT -> "abort";
            case RESET -> "reset";
            case DEVICE_OFFLINE -> "device loss";
            case PATH_FAILED -> "path failure";
            case ALL_PATHS_DOWN -> "loss of all paths";
            case FS_ERROR -> "filesystem error";
            case FS_SHUTDOWN -> "filesystem shutdown";
            default -> k.id();
        };
        return n == 1 || s.startsWith("loss") ? s : s.endsWith("s") ? s + "es" : s + "s";
    }

    private static String camel(String id) {
        StringBuilder b = new StringBuilder();
        boolean up = false;
        for (char c : id.toCharArray()) {
            if (c == '-') {
                up = true;
            } else {
                b.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return b.toString();
    }

    private static String advice(Set<KernelEventKind> kinds) {
        List<String> a = new ArrayList<>();
        if (kinds.contains(KernelEventKind.MEDIUM_ERROR)) {
            a.add("Medium errors are unreadable sectors: check the disk's health (smartctl -a, the array's logs), "
                    + "restore the affected data and replace the disk or let the array rebuild.");
        }
        if (kinds.contains(KernelEventKind.IO_ERROR) || kinds.contains(KernelEventKind.DEVICE_OFFLINE)) {
            a.add("Failed requests and lost devices point below the host: check the device or array, cabling, HBA "
                    + "or NVMe firmware and the storage network, in that order; the SCSI sense data or NVMe status "
                    + "in the quoted lines says which.");
        }
        if (kinds.contains(KernelEventKind.TIMEOUT) || kinds.contains(KernelEventKind.ABORT)
                || kinds.contains(KernelEventKind.RESET)) {
            a.add("Timeouts, aborts and resets mean the device stopped answering for the command timeout "
                    + "(/sys/block/DEV/device/timeout, nvme_core.io_timeout): look for a saturated or failing "
                    + "array, firmware faults and transport errors at those times.");
        }
        if (kinds.contains(KernelEventKind.PATH_FAILED) || kinds.contains(KernelEventKind.ALL_PATHS_DOWN)) {
            a.add("Path failures: check the fabric and the array ports for those paths (multipath -ll, the switch "
                    + "and array logs), and that no_path_retry / queue_if_no_path match how long the application "
                    + "may wait.");
        }
        if (kinds.contains(KernelEventKind.FS_ERROR) || kinds.contains(KernelEventKind.FS_SHUTDOWN)) {
            a.add("The filesystem met errors or shut down: fix the device first, then unmount and check it "
                    + "(xfs_repair -n, e2fsck -n) before it is used again.");
        }
        return String.join(" ", a);
    }
}
