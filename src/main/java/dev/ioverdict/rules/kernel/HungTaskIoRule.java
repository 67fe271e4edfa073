package dev.ioverdict.rules.kernel;

import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.analysis.kernel.KernelLog;
import dev.ioverdict.analysis.kernel.KernelLogAnalysis;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.kernel.HungTask;
import dev.ioverdict.model.kernel.KernelEvent;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.SubjectMetrics;
import dev.ioverdict.rules.Threshold;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A task the kernel's hung-task watchdog reported ({@code INFO: task X:PID blocked for more than
 * N seconds}) whose call trace shows it waiting for I/O: io_schedule, buffer or page waits, jbd2
 * journal commits, XFS log forces and buffer locks, or blk-mq tag waits. Such a task waited
 * minutes for storage. The devices involved are those the task's name carries (jbd2/sda1-8,
 * xfsaild/dm-0) and those with storage errors in the same log.
 */
public final class HungTaskIoRule extends Rule {
    public static final Metric TASK = Metric.text("task", "task");
    public static final Metric BLOCKED = Metric.duration("blocked", "blocked for more than");
    public static final Metric WAITS = Metric.text("waits", "I/O waits in the trace");
    public static final Metric DEVICES = Metric.text("devices", "devices involved");

    static final Threshold MIN_BLOCKED = Threshold.count("min_blocked_seconds", "seconds", 0,
            "shortest hang reported (the kernel's own hung_task_timeout_secs already filters; raise to ignore "
                    + "shorter ones)");
    static final Threshold MAX_FRAMES = Threshold.count("max_stack_lines", "lines", 16,
            "lines of each call trace quoted as evidence");

    /** Function-name prefixes of I/O waits in a call trace. */
    private static final List<String> IO_WAITS = List.of("io_schedule", "bit_wait_io", "__wait_on_buffer",
            "wait_on_page_bit", "folio_wait_bit", "__folio_lock", "__lock_page", "wait_on_page_writeback",
            "blk_mq_get_tag", "blk_mq_", "jbd2_", "jbd2", "xfs_", "xlog_", "ext4_sync", "__filemap_fdatawait",
            "filemap_fdatawait", "submit_bio_wait", "blkdev_issue_flush", "wait_for_completion_io",
            "do_get_write_access", "__sync_dirty_buffer", "sync_inodes_sb", "wb_wait_for_completion");

    public static final String ID = "hung-task-io";

    private static final RuleInfo INFO = new RuleInfo(ID,
            "Tasks hung waiting for I/O", Severity.CRITICAL,
            "The kernel's hung-task watchdog reported tasks blocked for minutes with call traces in I/O waits "
                    + "(io_schedule, buffer and page waits, jbd2, XFS, blk-mq tag waits).",
            List.of(KernelLogEvidence.KERNEL_LOG), List.of(Inputs.STORAGE), List.of(MIN_BLOCKED, MAX_FRAMES));

    public HungTaskIoRule() {
        super(INFO, Meaning.of(Meaning.Layer.KERNEL).evidence(EvidenceKind.KERNEL_LOG));
    }

    @Override
    public void evaluate(RuleContext ctx) {
        KernelLog log = ctx.input(KernelLogEvidence.KERNEL_LOG);
        StorageConfig config = ctx.optional(Inputs.STORAGE).orElse(null);
        for (HungTask h : log.hungTaskReports()) {
            List<String> waits = h.frames().stream().filter(HungTaskIoRule::ioWait).distinct().toList();
            if (waits.isEmpty() || h.blockedSeconds() < ctx.value(MIN_BLOCKED)) {
                continue;
            }
            Set<String> devices = devices(h, log);
            List<String> labels = devices.stream().map(d -> config != null ? config.label(d) : d).toList();
            List<Evidence> evidence = new ArrayList<>();
            evidence.add(new Evidence(h.input(), h.line(), h.text()));
            int max = (int) ctx.value(MAX_FRAMES);
            for (int i = 0; i < h.stackLines().size() && i < max; i++) {
                evidence.add(new Evidence(h.input(), h.stackLines().get(i), h.stackText().get(i)));
            }
            ctx.finding(Subject.process(h.pid(), h.task()), "Task " + h.task() + " (pid " + h.pid()
                            + ") hung over " + h.blockedSeconds() + " s waiting for I/O")
                    .summary("The kernel reported " + h.task() + " (pid " + h.pid() + ") blocked for more than "
                            + h.blockedSeconds() + " seconds (" + (h.timeText() == null ? h.input() + ":" + h.line()
                            : h.timeText()) + "), its call trace in " + String.join(", ", waits.subList(0,
                            Math.min(4, waits.size()))) + ": it was waiting for storage. "
                            + (labels.isEmpty() ? "The log names no device with errors: look at the device under "
                            + "the filesystem it was using."
                            : "Devices involved: " + String.join("; ", labels) + "."))
                    .recommendation("A task stuck in an I/O wait for minutes waits on a device that stopped "
                            + "completing requests or on a journal or log that waits on one. Check the devices' "
                            + "errors and latency at that time (kernel log, iostat or sar -d: await, %util), "
                            + "multipath queueing with no paths (queue_if_no_path), and writeback of a large dirty "
                            + "page cache to a slow device (vm.dirty_ratio, vm.dirty_bytes).")
                    .source(EvidenceKind.KERNEL_LOG)
                    .text(TASK, h.task())
                    .text(SubjectMetrics.PID.labelled("pid"), h.pid())
                    .figure(BLOCKED, (double) h.blockedSeconds())
                    .text(WAITS, String.join(" ", waits))
                    .text(DEVICES, String.join(" ", devices))
                    .evidence(evidence)
                    .impact(Impact.NONE)
                    .report();
        }
    }

    static boolean ioWait(String frame) {
        for (String w : IO_WAITS) {
            if (frame.startsWith(w)) {
                return true;
            }
        }
        return false;
    }

    /** jbd2/sda1-8, xfsaild/dm-0, xfs-cil/dm-0 name their device; else the devices with errors in the log. */
    private static Set<String> devices(HungTask h, KernelLog log) {
        Set<String> out = new LinkedHashSet<>();
        int slash = h.task().indexOf('/');
        if (slash > 0 && (h.task().startsWith("jbd2") || h.task().startsWith("xfs"))) {
            String d = h.task().substring(slash + 1);
            out.add(h.task().startsWith("jbd2") ? jbd2(d) : d);
        }
        for (KernelLog.DeviceEvents d : log.devices()) {
            Long first = d.firstFailureLine().get(h.input());
            if (first != null && first < h.line()) {
                out.add(KernelLogAnalysis.deviceKey(d.device()));
            }
        }
        return out;
    }

    private static String jbd2(String s) {
        int dash = s.lastIndexOf('-');
        return dash > 0 ? s.substring(0, dash) : s;
    }
}
