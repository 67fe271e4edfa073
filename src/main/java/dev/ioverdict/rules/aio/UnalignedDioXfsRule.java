package dev.ioverdict.rules.aio;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.syscall.FileAlignment;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.syscall.SyscallSummary;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Direct writes whose size or offset is not a multiple of the XFS block size: XFS then drains all
 * other direct I/O of the inode first (inode_dio_wait in xfs_file_dio_write_unaligned /
 * xfs_file_dio_aio_write), so io_submit sleeps and the writes of that file serialise (seed 001).
 */
public final class UnalignedDioXfsRule implements Rule {
    static final int XFS_DEFAULT_BLOCK = 4096;

    static final Threshold MIN_UNALIGNED_PCT = Threshold.percent("min_unaligned_pct", 1,
            "share of a file's direct writes that must be unaligned");
    static final Threshold MIN_SUBMIT_SHARE_PCT = Threshold.percent("min_submit_share_pct", 50,
            "io_submit's share of io_submit + io_getevents time that marks submission as the wait");
    static final Threshold MIN_SUBMIT_AVG_MS = Threshold.millis("min_submit_avg_ms", 0.5,
            "io_submit average that counts as blocking");

    private static final RuleInfo INFO = new RuleInfo("unaligned-dio-xfs",
            "Direct I/O not aligned to the XFS block size serialises on the inode", Severity.CRITICAL,
            "Direct writes to a file on XFS whose size or offset is not a multiple of the filesystem block size "
                    + "(xfs_info data bsize), while io_submit takes the wait or sleeps in inode_dio_wait: XFS waits "
                    + "for every other direct I/O of the inode to drain before an unaligned write, so asynchronous "
                    + "submission becomes synchronous and the writes of that file serialise.",
            List.of(AioSymptoms.DIRECT_WRITE_SIZES), List.of(),
            List.of(MIN_UNALIGNED_PCT, MIN_SUBMIT_SHARE_PCT, MIN_SUBMIT_AVG_MS));

    @Override
    public RuleInfo info() {
        return INFO;
    }

    @Override
    public void evaluate(RuleContext ctx) {
        AioSymptoms aio = ctx.input(AioSymptoms.DIRECT_WRITE_SIZES);
        var section = aio.section();
        List<FileAlignment> files = new ArrayList<>();
        long unaligned = 0;
        long requests = 0;
        for (FileAlignment f : section.alignment()) {
            if (!f.likelyDirect() || !f.op().equals("write") || (f.fsType() != null && !f.fsType().equals("xfs"))) {
                continue;
            }
            long bad = f.unalignedToFsBlock() != null ? f.unalignedToFsBlock() : f.unalignedTo(XFS_DEFAULT_BLOCK);
            if (bad > 0 && 100.0 * bad / f.requests() >= ctx.value(MIN_UNALIGNED_PCT)) {
                files.add(f);
                unaligned += bad;
                requests += f.requests();
            }
        }
        if (files.isEmpty()) {
            return;
        }
        List<SleepStack> stacks = aio.dioWaitStacks();
        List<SyscallSummary> kiSleeps = aio.dioWaitSummaries();
        List<AioProcess> blocking = section.aio().stream()
                .filter(a -> a.submitSharePct() != null && a.submitSharePct() >= ctx.value(MIN_SUBMIT_SHARE_PCT))
                .filter(a -> a.submitAvg() != null && a.submitAvg() >= ctx.seconds(MIN_SUBMIT_AVG_MS))
                .toList();
        if (stacks.isEmpty() && kiSleeps.isEmpty() && blocking.isEmpty()) {
            return; // unaligned, but submission does not wait: nothing it costs shows in this bundle
        }
        FileAlignment first = files.get(0);
        Integer block = first.fsBlockSize();
        boolean assumed = block == null;
        int bsize = assumed ? XFS_DEFAULT_BLOCK : block;
        Set<String> names = new LinkedHashSet<>();
        files.forEach(f -> names.add(f.file()));
        // LinuxKI reports the same sleep twice (Sleep Func row and stack): the larger figure stands
        double sleepSec = Math.max(stacks.stream().mapToDouble(s -> s.total() == null ? 0 : s.total()).sum(),
                kiSleeps.stream().flatMap(s -> s.sleepFuncs().stream())
                        .filter(x -> AioSymptoms.DIO_WAIT.contains(x.function())).mapToDouble(x -> x.total()).sum());
        double submitSec = blocking.stream().mapToDouble(a -> a.submitTotal() == null ? 0 : a.submitTotal()).sum();
        String fsWhy = assumed
                ? " The filesystem block size is not in the bundle: XFS's default of 4096 bytes is assumed; collect "
                        + "'xfs_info <mount point> > xfs_info.txt' (and /proc/mounts) to confirm it."
                : " Block size " + bsize + " bytes: " + first.fsResolvedBy() + ".";
        var f = ctx.finding(Subject.file(String.join(", ", names)), String.format(Locale.ROOT,
                        "%s of %s direct writes are not aligned to the %d-byte XFS block; io_submit waits for the inode",
                        Figures.count(unaligned), Figures.count(requests), bsize))
                .summary(String.format(Locale.ROOT, "Direct writes to %s have sizes or offsets that are multiples of 512 "
                        + "but not of %d bytes (sizes %d..%d bytes). XFS drains all other direct I/O of the inode "
                        + "before each such write, so io_submit %s.%s", String.join(", ", names), bsize,
                        files.stream().mapToLong(FileAlignment::minSize).min().orElse(0),
                        files.stream().mapToLong(FileAlignment::maxSize).max().orElse(0),
                        stacks.isEmpty() && kiSleeps.isEmpty() ? "takes most of the AIO wait"
                                : "sleeps in inode_dio_wait (" + Figures.duration(sleepSec) + " of sleep in the stacks below)",
                        fsWhy))
                .recommendation("Make the direct I/O aligned to the filesystem block size, or put these files on an XFS "
                        + "filesystem whose block size matches the I/O: for Oracle redo logs on XFS use a 512-byte "
                        + "block size (mkfs.xfs -b size=512), or keep the 4 KiB filesystem and write the redo in 4 KiB "
                        + "blocks (redo log BLOCKSIZE 4096, which needs 4K-sector disks or the sector size override). "
                        + "Preallocating and pre-writing the files also avoids the drain on current kernels.")
                .source("syscalls")
                .text("files", "files", String.join(", ", names))
                .count("unalignedWrites", "unaligned direct writes", unaligned)
                .count("directWrites", "direct writes", requests)
                .bytes("fsBlockSize", "XFS block size" + (assumed ? " (assumed)" : ""), bsize)
                .duration("dioWaitSleep", "sleep in inode_dio_wait", sleepSec)
                .impact(sleepSec >= submitSec
                        ? Impact.measured(sleepSec, "time asleep in inode_dio_wait (sleep stacks)")
                        : Impact.measured(submitSec, "time in io_submit of the processes whose submission blocks"));
        if (assumed) {
            f.doubt(Confidence.MEDIUM, "the XFS block size is assumed (4096 bytes): no xfs_info in the bundle");
        }
        List<Evidence> ev = new ArrayList<>();
        if (first.fsEvidence() != null) {
            ev.add(first.fsEvidence());
        }
        files.stream().flatMap(x -> x.examples().stream()).limit(3).forEach(ev::add);
        kiSleeps.forEach(s -> ev.add(AioSymptoms.evidence(s)));
        blocking.stream().limit(2).forEach(a -> ev.addAll(aio.slowest(a, "io_submit").stream().limit(1).toList()));
        stacks.stream().limit(2).map(AioSymptoms::evidence).forEach(ev::add);
        f.evidence(ev).report();
    }
}
