package dev.ioverdict.rules.aio;

import dev.ioverdict.analysis.syscall.AioWaits;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.syscall.FileAlignment;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.syscall.SyscallSummary;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.rules.MeasuredIn;
import dev.ioverdict.rules.ChartSpec;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import dev.ioverdict.rules.wait.TimeModelInput;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Direct writes whose size or offset is not a multiple of the XFS block size: XFS then drains all
 * other direct I/O of the inode first (inode_dio_wait in xfs_file_dio_write_unaligned /
 * xfs_file_dio_aio_write), so io_submit sleeps and the writes of that file serialise (seed 001).
 * ext4 does the same (ext4_dio_write_iter takes the inode lock exclusively, waits in inode_dio_wait
 * and makes the write synchronous), so a file found on ext4 is judged alike and named as ext4.
 */
public final class UnalignedDioXfsRule extends Rule {
    public static final Metric FILES = Metric.text("files", "files");
    public static final Metric UNALIGNED_WRITES = Metric.count("unalignedWrites", "unaligned direct writes");
    public static final Metric DIRECT_WRITES = Metric.count("directWrites", "direct writes");
    public static final Metric FS_BLOCK_SIZE = Metric.bytes("fsBlockSize", "XFS block size");
    public static final Metric DIO_WAIT_SLEEP = Metric.duration("dioWaitSleep", "sleep waiting for the inode (drain or lock)");
    public static final Metric WAIT_SHARE_PCT = Metric.percent("waitSharePct", "share of the writers' AIO time spent waiting for the inode");

    static final int XFS_DEFAULT_BLOCK = 4096;
    /** The smallest block of XFS's current format (V5, metadata checksums on) and of ext4. */
    private static final int MIN_V5_BLOCK = 1024;
    /** The filesystems that drain the inode before an unaligned direct write, as /proc/mounts names them. */
    static final Set<String> DRAINING = Set.of("xfs", "ext4");
    /**
     * Filesystems whose functions a sleep stack may pass through, by their prefix: one that does not drain
     * (btrfs turns an unaligned direct write into a buffered one instead) leaves this rule silent.
     */
    static final Set<String> STACK_FILESYSTEMS = Set.of("xfs", "ext4", "btrfs", "f2fs", "ocfs2", "gfs2", "nfs", "zfs");

    static final Threshold MIN_UNALIGNED_PCT = Threshold.percent("min_unaligned_pct", 1,
            "share of a file's direct writes that must be unaligned");
    static final Threshold MIN_SUBMIT_SHARE_PCT = Threshold.percent("min_submit_share_pct", 50,
            "io_submit's share of io_submit + io_getevents time that marks submission as the wait");
    static final Threshold MIN_SUBMIT_AVG_MS = Threshold.millis("min_submit_avg_ms", 0.5,
            "io_submit average that counts as blocking");
    static final Threshold CRITICAL_SHARE_PCT = Threshold.percent("critical_share_pct", 50,
            "share of the writers' AIO time spent waiting for the inode that makes it critical");
    static final Threshold WARNING_SHARE_PCT = Threshold.percent("warning_share_pct", 10,
            "... and a warning (below: informational)");

    /** Why unaligned writes that do not wait are only a risk (recorded here: overwrites do not drain). */
    static String kernelCaveat(String fs) {
        return "On current kernels " + fs + " drains for unaligned direct writes only into new, "
                + "unwritten or file-extending space; overwrites of blocks already written do not serialise. The risk "
                + "returns when the files are recreated, extended or preallocated without being written.";
    }

    /**
     * The filesystem of the unaligned files: {@code type} as /proc/mounts names it, {@code label} as the report
     * writes it, {@code how} it is known (null when assumed) and the line that says it.
     */
    record Filesystem(String type, String label, String how, Evidence evidence) {
        static final Filesystem ASSUMED_XFS = new Filesystem("xfs", "XFS", null, null);
        /** Not known, and not XFS alone: the bundle's disks hold XFS beside others, or none at all. */
        static final String UNKNOWN = "unknown";

        boolean unknown() {
            return type.equals(UNKNOWN);
        }

        static Filesystem of(String type, String how, Evidence evidence) {
            return new Filesystem(type, type.equals("xfs") ? "XFS" : type, how, evidence);
        }

        boolean xfs() {
            return type.equals("xfs");
        }
    }

    public static final String ID = "unaligned-dio-xfs";
    /** The pids of the processes writing the unaligned files, ", "-separated. */
    public static final Metric WRITERS = Metric.text("writers", "writing processes");

    private static final RuleInfo INFO = new RuleInfo(ID,
            "Direct I/O not aligned to the XFS block size serialises on the inode", Severity.CRITICAL,
            """
            Direct writes to a file on XFS whose size or offset is not a multiple of the filesystem block size \
            (xfs_info data bsize), while io_submit takes the wait or sleeps in inode_dio_wait, or write calls \
            take longer than their own requests in the device (the time model): XFS waits \
            for every other direct I/O of the inode to drain before an unaligned write, so asynchronous \
            submission becomes synchronous and the writes of that file serialise. ext4 drains the same way \
            (ext4_dio_write_iter): a file found on ext4, by its mount, the writers' sleep stacks or a bundle whose \
            disks all hold ext4, is judged alike and the finding names ext4. btrfs does not drain (it writes \
            such a write through the page cache): where the stacks or the mount say btrfs, the rule is silent \
            and sync-io-submit names the blocking submission.""",
            List.of(AioSymptoms.DIRECT_WRITE_SIZES), List.of(TimeModelInput.MODEL),
            List.of(MIN_UNALIGNED_PCT, MIN_SUBMIT_SHARE_PCT, MIN_SUBMIT_AVG_MS, CRITICAL_SHARE_PCT, WARNING_SHARE_PCT));

    public UnalignedDioXfsRule() {
        // io_submit blocks because the unaligned writes drain the inode
        super(INFO, MeasuredIn.anywhere(Part.INODE_LOCK).orElse(Part.SUBMISSION),
                Meaning.of(Meaning.Layer.SUBMISSION).evidence(EvidenceKind.SYSCALLS)
                        .glossary(Meaning.Glossary.AIO, Meaning.Glossary.XFS)
                        .explains(SyncIoSubmitRule.ID, "when its io_submit sleeps in the inode drain (inode_dio_wait) or its process writes the unaligned files",
                                UnalignedDioXfsRule::drains)
                        .chart(f -> new ChartSpec.Distribution("io_submit", AioSymptoms.LIMIT_SUBMIT_AVG)));
    }

    /** The blocking io_submit sleeps in the drain, or is one of the unaligned files' writers. */
    private static boolean drains(Finding unaligned, Finding submit) {
        boolean sleepsInDrain = submit.text(SyncIoSubmitRule.SLEEPS_IN).map(AioSymptoms.DIO_WAIT::contains).orElse(false);
        // (the finding of several processes of one command names them all: one of them a writer is enough)
        boolean writer = unaligned.text(WRITERS).map(w -> submit.subject().pids().stream()
                .anyMatch(pid -> List.of(w.split(", ")).contains(String.valueOf(pid)))).orElse(false);
        return sleepsInDrain || writer;
    }

    @Override
    public void evaluate(RuleContext ctx) {
        AioSymptoms aio = ctx.input(AioSymptoms.DIRECT_WRITE_SIZES);
        var section = aio.section();
        List<SyscallSummary> kiSleeps = aio.dioWaitSummaries();
        // when strace and perf both timed a process, perf's figure stands: ptrace inflates short calls
        List<AioProcess> timed = AioWaits.mostExact(section.aio());
        List<AioProcess> blocking = timed.stream()
                .filter(a -> a.submitSharePct() != null && a.submitSharePct() >= ctx.value(MIN_SUBMIT_SHARE_PCT))
                .filter(a -> a.submitAvg() != null && a.submitAvg() >= ctx.seconds(MIN_SUBMIT_AVG_MS))
                .toList();
        List<SleepStack> drains = aio.dioWaitStacks().stream()
                .filter(st -> AioWaits.kind(st) == AioWaits.Kind.SERIALISED).toList();
        Set<Integer> writers = new TreeSet<>();
        blocking.forEach(a -> writers.add(a.pid()));
        aio.dioWaitStacks().stream().map(SleepStack::pid).filter(java.util.Objects::nonNull).forEach(writers::add);
        kiSleeps.stream().map(SyscallSummary::pid).filter(java.util.Objects::nonNull).forEach(writers::add);
        // writers through write calls, with no stacks: the time model gives their wait beyond their own requests
        ModelWait model = ModelWait.of(ctx.optional(TimeModelInput.MODEL).orElse(null), kiSleeps, drains, blocking);
        writers.addAll(model.pids());
        List<FileAlignment> files = new ArrayList<>();
        for (FileAlignment f : section.alignment()) {
            if (unalignedDirectWrites(f, ctx, model) > 0) {
                files.add(f);
            }
        }
        AioWaits.Breakdown sleeps = aio.waits(writers);
        boolean fromBlock = false;
        if (files.isEmpty()) {
            // no call's size and offset in the bundle (perf's syscall tracepoints print neither): the bios the
            // waiting writers queued say the same, where a process's own writes are not whole filesystem blocks
            aio.blockWrites().stream().filter(r -> writers.contains(r.pid()))
                    .filter(r -> unalignedDirectWrites(r.writes(), ctx, ModelWait.NONE) > 0)
                    .forEach(r -> files.add(r.writes()));
            fromBlock = !files.isEmpty();
        }
        if (files.isEmpty()) {
            return;
        }
        long unaligned = files.stream().mapToLong(f -> unalignedDirectWrites(f, ctx, model)).sum();
        long requests = files.stream().mapToLong(FileAlignment::requests).sum();
        boolean waits = !drains.isEmpty() || !kiSleeps.isEmpty() || !blocking.isEmpty() || model.inode() > 0;
        if (!waits && files.stream().allMatch(f -> f.fsType() == null)) {
            return; // nothing says these files are on XFS or ext4, and nothing waits: no risk worth a line
        }
        FileAlignment first = files.get(0);
        Filesystem fs = filesystem(first, writers, aio);
        if (!DRAINING.contains(fs.type()) && !fs.unknown()) {
            return; // e.g. btrfs: no drain; sync-io-submit names the blocking submission and what it sleeps in
        }
        Integer block = first.fsBlockSize();
        boolean assumed = block == null;
        // XFS's default block, and mkfs.ext4's for any filesystem over 512 MiB
        int bsize = assumed ? XFS_DEFAULT_BLOCK : block;
        Set<String> names = new LinkedHashSet<>();
        files.forEach(f -> names.add(f.file()));
        double aioSec = timed.stream().filter(a -> writers.isEmpty() || writers.contains(a.pid()))
                .mapToDouble(a -> (a.submitTotal() == null ? 0 : a.submitTotal())
                        + (a.geteventsTotal() == null ? 0 : a.geteventsTotal())).sum();
        InodeWaitCost cost = InodeWaitCost.of(sleeps, kiSleeps, blocking, aioSec, model);
        Double sharePct = cost.sharePct();
        Severity severity = !waits ? Severity.INFO
                : sharePct == null || sharePct >= ctx.value(CRITICAL_SHARE_PCT) ? Severity.CRITICAL
                : sharePct >= ctx.value(WARNING_SHARE_PCT) ? Severity.WARNING : Severity.INFO;
        boolean serialises = waits && severity != Severity.INFO;
        String fsWhy = fs.unknown() ? " Which filesystem holds the files the trace does not say (their open is not in it), "
                + "and " + fs.how() + ": 4096 bytes, the usual block of XFS and ext4, is assumed."
                : (!saysHow(fs, first, assumed) ? "" : " The filesystem is " + fs.label() + ": " + fs.how() + ".")
                + (!assumed ? " Block size " + bsize + " bytes: " + first.fsResolvedBy() + "."
                : fs.xfs() ? " The filesystem block size is not in the bundle: XFS's default of 4096 bytes is assumed; collect "
                        + "'xfs_info <mount point> > xfs_info.txt' (and /proc/mounts) to confirm it."
                : " The filesystem block size is not in the bundle: mkfs." + fs.type() + "'s default of 4096 bytes is "
                        + "assumed; 'tune2fs -l <device>' (Block size) confirms it.");
        String cost1 = !serialises ? "no process waits for it measurably here: " + cost.said() + ". " + kernelCaveat(fs.label())
                : cost.said() + ".";
        var f = ctx.finding(Subject.file(String.join(", ", names)), String.format(Locale.ROOT,
                        "%s of %s direct writes%s are not aligned to the %d-byte %s block%s",
                        Figures.count(unaligned), Figures.count(requests), fromBlock ? " in the block trace" : "", bsize,
                        fs.label(), serialises ? "; " + waiter(first, fromBlock, blocking) + " for the inode"
                                : ": no serialisation measured, a risk"))
                .severity(severity)
                .summary(String.format(Locale.ROOT, "Direct writes to %s have sizes or offsets that are multiples of 512 "
                        + "but not of %d bytes (sizes %s to %s). %s; %s%s", String.join(", ", names), bsize,
                        Figures.bytes((double) files.stream().mapToLong(FileAlignment::minSize).min().orElse(0)),
                        Figures.bytes((double) files.stream().mapToLong(FileAlignment::maxSize).max().orElse(0)),
                        fs.unknown() ? "XFS and ext4 drain all other direct I/O of the inode before such a write "
                                + "(btrfs writes it through the page cache instead)"
                                : fs.label() + " drains all other direct I/O of the inode before such a write",
                        cost1, fsWhy))
                .recommendation(advice(bsize, commonAlignment(files), fs, oracleWorkload(timed, names)))
                .source(EvidenceKind.SYSCALLS)
                .text(FILES, String.join(", ", names))
                .text(WRITERS, writers.isEmpty() ? null
                        : String.join(", ", writers.stream().map(String::valueOf).toList()))
                .figure(UNALIGNED_WRITES, unaligned)
                .figure(DIRECT_WRITES, requests)
                .figure(FS_BLOCK_SIZE.labelled(fs.label() + " block size" + (assumed ? " (assumed)" : "")), bsize)
                .figure(DIO_WAIT_SLEEP, cost.sleep())
                .figure(WAIT_SHARE_PCT, sharePct)
                .limit(AioSymptoms.LIMIT_SUBMIT_AVG, MIN_SUBMIT_AVG_MS)
                .impact(aioSec <= 0 && model.inode() > 0 ? cost.impact().of(model.waitSeconds(), "I/O wait of the writers")
                        : cost.impact().of(aioSec, "io_submit + io_getevents time of the writers"));
        cost.reasons().forEach(f::because);
        if (!assumed) {
            f.because("the block size from " + first.fsResolvedBy());
        }
        if (saysHow(fs, first, assumed)) {
            f.because("the filesystem (" + fs.label() + ") from " + fs.how());
        }
        f.because(fromBlock ? "the writes' sizes and offsets from the block trace: the bios the waiting processes "
                + "queued themselves, no flush, FUA or metadata write among them (the syscall trace has no sizes)"
                : "the writes' sizes and offsets from the syscall trace");
        if (cost.upperBound()) {
            f.assume("that io_submit's time is spent waiting for the inode (no sleep stacks in the bundle)",
                    "perf record -e sched:sched_switch -g -p <pid> -- sleep 10; perf script > perf-sched-stacks.txt");
        }
        if (files.stream().anyMatch(x -> !x.likelyDirect())) {
            f.assume("that the writes are direct I/O: the trace does not show their files opened, and their calls wait "
                    + "for the device, which a buffered write does not", "strace -f -ttT -y from before the files' open");
        }
        if (fs.unknown()) {
            f.assume("a filesystem block of 4096 bytes on a filesystem that drains the inode (XFS or ext4)",
                    "df -T <file>; the trace from before the files' open (strace -f -ttT -y shows each descriptor's path)");
        } else if (assumed && fs.xfs()) {
            f.assume("an XFS block size of 4096 bytes (no xfs_info in the bundle)",
                    "xfs_info <mount point> > xfs_info.txt; cat /proc/mounts > mounts.txt");
        } else if (assumed) {
            f.assume("an " + fs.label() + " block size of 4096 bytes (mkfs." + fs.type() + "'s default; not in the bundle)",
                    "tune2fs -l <device> | grep 'Block size'");
        }
        List<Evidence> ev = new ArrayList<>();
        if (first.fsEvidence() != null) {
            ev.add(first.fsEvidence());
        } else if (fs.evidence() != null) {
            ev.add(fs.evidence());
        }
        files.stream().flatMap(x -> x.examples().stream()).limit(3).forEach(ev::add);
        kiSleeps.forEach(s -> ev.add(AioSymptoms.evidence(s)));
        blocking.stream().limit(2).forEach(a -> ev.addAll(aio.slowest(a, "io_submit").stream().limit(1).toList()));
        // one example of each way of waiting for the inode: the drain, the shared and the exclusive lock
        drains.stream().collect(java.util.stream.Collectors.toMap(st -> st.frames().get(0), st -> st, (a, b) -> a,
                java.util.LinkedHashMap::new)).values().stream().limit(3).map(AioSymptoms::evidence).forEach(ev::add);
        f.evidence(ev).report();
    }

    /**
     * Which filesystem the unaligned files are on: the one the trace's paths or the block trace's device resolve to;
     * else the one whose write path the writers' sleep stacks in io_submit pass through; else the one the writers' block-trace
     * device is mounted as; else ext4 where every disk filesystem the bundle describes is ext4; else none named
     * where its disks hold others than XFS; else XFS is assumed (the block size and the advice say so).
     */
    static Filesystem filesystem(FileAlignment first, Set<Integer> writers, AioSymptoms aio) {
        if (first.fsType() != null) {
            return Filesystem.of(first.fsType(), first.fsResolvedBy(), first.fsEvidence());
        }
        for (SleepStack st : aio.stacks()) {
            if (st.pid() == null || !writers.contains(st.pid()) || !st.passesThrough(AioSymptoms.IO_SUBMIT)) {
                continue;
            }
            for (String frame : st.frames()) {
                for (String type : STACK_FILESYSTEMS) {
                    if (frame.startsWith(type + "_")) {
                        return Filesystem.of(type, "its write path (" + frame + ") in the writers' sleep stacks ("
                                + st.input() + ":" + st.line() + ")", AioSymptoms.evidence(st));
                    }
                }
            }
        }
        for (var row : aio.blockWrites()) {
            FileAlignment w = row.writes();
            if (writers.contains(row.pid()) && w.fsType() != null) {
                return Filesystem.of(w.fsType(), "the mount of " + row.device() + ", where the writers' bios went ("
                        + w.fsResolvedBy() + ")", w.fsEvidence());
            }
        }
        List<FilesystemInfo> described = aio.filesystems().stream()
                .filter(i -> i.type() != null && (i.device() == null || i.device().startsWith("/dev/"))).toList();
        if (described.isEmpty()) {
            return Filesystem.ASSUMED_XFS;
        }
        List<String> types = described.stream().map(i -> i.type().toLowerCase(Locale.ROOT)).distinct().sorted().toList();
        // the line quoted: a data filesystem rather than the root one, where there is one
        FilesystemInfo data = described.stream().filter(i -> !"/".equals(i.mount())).findFirst().orElse(described.get(0));
        Evidence line = new Evidence(data.input(), data.line(), data.text());
        if (types.size() == 1 && DRAINING.contains(types.get(0))) {
            // every filesystem of a disk the bundle describes is of one type: a file they do not place is on that one
            return types.get(0).equals("xfs") ? Filesystem.ASSUMED_XFS : Filesystem.of(types.get(0), "the only filesystem "
                    + "type of the disks the bundle describes (" + data.input() + ":" + data.line() + ", "
                    + described.size() + " mount(s))", line);
        }
        // the disks hold other filesystems beside (or instead of) XFS: which one holds the file is not known
        return new Filesystem(Filesystem.UNKNOWN, "filesystem", "the bundle's disks hold " + String.join(", ", types)
                + " (" + data.input() + ")", line);
    }

    /**
     * Who waits, as the title says it: io_submit for asynchronous writers, else the call the trace shows ("each
     * pwrite64"), else the writes (sizes from the block trace, of writers without AIO).
     */
    private static String waiter(FileAlignment first, boolean fromBlock, List<AioProcess> blocking) {
        if (first.via().equals("io_submit") || !blocking.isEmpty()) {
            return "io_submit waits";
        }
        return fromBlock ? "the writes wait" : "each " + first.via() + " waits";
    }

    /** Whether the finding says how the filesystem is known: where the block size's source does not already say it. */
    private static boolean saysHow(Filesystem fs, FileAlignment first, boolean assumedBlock) {
        return fs.how() != null && (first.fsType() == null || assumedBlock);
    }

    /** A file's (or a process's block-trace) direct writes on XFS or ext4 not aligned to its block, 0 when under the limit. */
    private static long unalignedDirectWrites(FileAlignment f, RuleContext ctx, ModelWait model) {
        // a write whose open the trace does not show is direct where the time model found its writers waiting for
        // the inode: a buffered write returns from the page cache
        boolean direct = f.likelyDirect() || f.direct() == null && model.inode() > 0;
        if (!direct || !f.op().equals("write") || (f.fsType() != null && !DRAINING.contains(f.fsType()))
                || f.requests() == 0) {
            return 0;
        }
        long bad = f.unalignedToFsBlock() != null ? f.unalignedToFsBlock() : f.unalignedTo(XFS_DEFAULT_BLOCK);
        return 100.0 * bad / f.requests() >= ctx.value(MIN_UNALIGNED_PCT) ? bad : 0;
    }

    /**
     * Oracle's own advice only where the trace shows Oracle: its processes (ora_*, oracle*), or, when the
     * trace names no process (strace), files called redo. A redo-named file written by fio is a benchmark.
     */
    static boolean oracleWorkload(List<AioProcess> processes, Set<String> files) {
        List<String> comms = processes.stream().map(AioProcess::comm).filter(java.util.Objects::nonNull).toList();
        if (!comms.isEmpty()) {
            return comms.stream().anyMatch(c -> c.startsWith("ora_") || c.startsWith("oracle"));
        }
        return files.stream().map(n -> n.toLowerCase(Locale.ROOT)).anyMatch(n -> n.contains("redo"));
    }

    /**
     * The largest block every one of the writes is a multiple of (size and offset): 512, 1024 or 2048 bytes for
     * writes this rule names, 1 where one is not even sector-aligned.
     */
    static int commonAlignment(List<FileAlignment> files) {
        int fits = Integer.MAX_VALUE;
        for (FileAlignment f : files) {
            for (Map.Entry<String, Long> e : f.requestClasses().entrySet()) {
                if (e.getValue() > 0) {
                    fits = Math.min(fits, FileAlignment.alignmentOf(e.getKey()));
                }
            }
        }
        return fits == Integer.MAX_VALUE ? 1 : fits;
    }

    /**
     * A block size the writes fit, said as mkfs takes it: XFS's current on-disk format (V5, with metadata
     * checksums) has no block under 1024 bytes, and ext4 none either; 512 bytes needs XFS's deprecated V4 format.
     */
    private static String advice(int bsize, int fits, Filesystem fs, boolean oracle) {
        String aligned = "Make the direct I/O aligned to the filesystem block size (offsets and sizes in multiples of "
                + bsize + " bytes)";
        String general;
        if (fits >= MIN_V5_BLOCK) {
            general = aligned + ", or put these files on a filesystem whose block divides every write here (each is a "
                    + "multiple of " + fits + " bytes): mkfs.xfs -b size=" + fits
                    + (fs.xfs() ? "" : " or mkfs.ext4 -b " + fits) + ". ";
        } else if (fits == 512) {
            general = aligned + ". The writes here are multiples of 512 bytes only: " + (fs.xfs() ? "" : "no ext4 block "
                    + "size takes them, and ") + "XFS's current format takes no block under 1024 bytes (mkfs.xfs "
                    + "refuses -b size=512 with metadata checksums on); a 512-byte block needs the deprecated V4 format "
                    + "(mkfs.xfs -m crc=0 -b size=512), which newer kernels drop, so aligning the writes is the lasting "
                    + "fix. ";
        } else {
            general = aligned + ". ";
        }
        String redo = !oracle ? ""
                : fs.xfs() ? "For Oracle redo logs on XFS: keep the " + bsize + "-byte filesystem and write the redo in "
                + bsize + "-byte blocks (redo log BLOCKSIZE " + bsize + ", which needs 4K-sector disks or the sector "
                + "size override), or a 512-byte block size, which only XFS's deprecated V4 format allows. "
                : "For Oracle redo logs on " + fs.label() + ": write the redo in " + bsize + "-byte blocks (redo log "
                + "BLOCKSIZE " + bsize + ", which needs 4K-sector disks or the sector size override), or move it to "
                + "XFS with a 512-byte block size (its deprecated V4 format). ";
        return general + redo + "Preallocating and pre-writing the files also avoids the drain on current kernels.";
    }
}
