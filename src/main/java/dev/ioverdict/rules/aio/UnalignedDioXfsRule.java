package dev.ioverdict.rules.aio;

import dev.ioverdict.analysis.syscall.SyscallEvidence;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.syscall.FileAlignment;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.syscall.SyscallSummary;
import dev.ioverdict.rules.Requirement;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Direct writes whose size or offset is not a multiple of the XFS block size: XFS then drains all
 * other direct I/O of the inode first (inode_dio_wait in xfs_file_dio_write_unaligned /
 * xfs_file_dio_aio_write), so io_submit sleeps and the writes of that file serialise (seed 001).
 */
public final class UnalignedDioXfsRule implements Rule {
    static final int XFS_DEFAULT_BLOCK = 4096;

    private static final RuleInfo INFO = new RuleInfo("unaligned-dio-xfs",
            "Direct I/O not aligned to the XFS block size serialises on the inode", Severity.CRITICAL,
            "Direct writes to a file on XFS whose size or offset is not a multiple of the filesystem block size "
                    + "(xfs_info data bsize), while io_submit takes the wait or sleeps in inode_dio_wait: XFS waits "
                    + "for every other direct I/O of the inode to drain before an unaligned write, so asynchronous "
                    + "submission becomes synchronous and the writes of that file serialise.",
            List.of(), List.of(new Requirement("syscall I/O sizes",
                    "syscall trace with direct I/O sizes and offsets (strace of io_submit/pwrite64, LinuxKI kitrace)",
                    "strace -f -ttT -p <pid> -o strace.txt   or   kiinfo -kitrace pid=<pid> > kitrace.txt",
                    c -> AioSymptoms.section(c).map(s -> !s.alignment().isEmpty()).orElse(false))),
            List.of(new Threshold("min_unaligned_pct", 1, "%", "share of a file's direct writes that must be unaligned"),
                    new Threshold("min_submit_share_pct", 50, "%",
                            "io_submit's share of io_submit + io_getevents time that marks submission as the wait"),
                    new Threshold("min_submit_avg_ms", 0.5, "ms", "io_submit average that counts as blocking")));

    @Override
    public RuleInfo info() {
        return INFO;
    }

    @Override
    public void evaluate(RuleContext ctx) {
        var section = AioSymptoms.section(ctx.data()).orElseThrow();
        List<FileAlignment> files = new ArrayList<>();
        long unaligned = 0;
        long requests = 0;
        for (FileAlignment f : section.alignment()) {
            if (!f.likelyDirect() || !f.op().equals("write") || (f.fsType() != null && !f.fsType().equals("xfs"))) {
                continue;
            }
            long bad = f.unalignedToFsBlock() != null ? f.unalignedToFsBlock() : f.unalignedTo(XFS_DEFAULT_BLOCK);
            if (bad > 0 && 100.0 * bad / f.requests() >= ctx.threshold("min_unaligned_pct")) {
                files.add(f);
                unaligned += bad;
                requests += f.requests();
            }
        }
        if (files.isEmpty()) {
            return;
        }
        List<SleepStack> stacks = AioSymptoms.dioWaitStacks(ctx.data());
        List<SyscallSummary> kiSleeps = AioSymptoms.dioWaitSummaries(ctx.data());
        List<AioProcess> blocking = section.aio().stream()
                .filter(a -> a.submitSharePct() != null && a.submitSharePct() >= ctx.threshold("min_submit_share_pct"))
                .filter(a -> a.submitAvg() != null && a.submitAvg() * 1000 >= ctx.threshold("min_submit_avg_ms"))
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
        var f = ctx.finding(String.format(Locale.ROOT, "%d of %d direct writes are not aligned to the %d-byte XFS block; io_submit waits for the inode",
                        unaligned, requests, bsize))
                .confidence(assumed ? Finding.Confidence.MEDIUM : Finding.Confidence.HIGH)
                .summary(String.format(Locale.ROOT, "Direct writes to %s have sizes or offsets that are multiples of 512 "
                        + "but not of %d bytes (sizes %d..%d bytes). XFS drains all other direct I/O of the inode "
                        + "before each such write, so io_submit %s.%s", String.join(", ", names), bsize,
                        files.stream().mapToLong(FileAlignment::minSize).min().orElse(0),
                        files.stream().mapToLong(FileAlignment::maxSize).max().orElse(0),
                        stacks.isEmpty() && kiSleeps.isEmpty() ? "takes most of the AIO wait"
                                : "sleeps in inode_dio_wait (" + String.format(Locale.ROOT, "%.3f s of sleep in the stacks below", sleepSec) + ")",
                        fsWhy))
                .recommendation("Make the direct I/O aligned to the filesystem block size, or put these files on an XFS "
                        + "filesystem whose block size matches the I/O: for Oracle redo logs on XFS use a 512-byte "
                        + "block size (mkfs.xfs -b size=512), or keep the 4 KiB filesystem and write the redo in 4 KiB "
                        + "blocks (redo log BLOCKSIZE 4096, which needs 4K-sector disks or the sector size override). "
                        + "Preallocating and pre-writing the files also avoids the drain on current kernels.")
                .metric("files", String.join(", ", names))
                .metric("unalignedWrites", unaligned)
                .metric("directWrites", requests)
                .metric("fsBlockSize", bsize)
                .metric("fsBlockSizeAssumed", assumed)
                .metric("dioWaitSleepSec", Math.round(sleepSec * 1e6) / 1e6)
                .weight(Math.max(sleepSec, submitSec));
        List<Evidence> ev = new ArrayList<>();
        if (first.fsEvidence() != null) {
            ev.add(first.fsEvidence());
        }
        files.stream().flatMap(x -> x.examples().stream()).limit(3).forEach(ev::add);
        kiSleeps.forEach(s -> ev.add(AioSymptoms.evidence(s)));
        SyscallEvidence calls = ctx.data().results().get(SyscallEvidence.class).orElse(new SyscallEvidence(Map.of()));
        blocking.stream().limit(2).forEach(a -> ev.addAll(calls.slowest(a.source(), a.input(), a.pid(), "io_submit")
                .stream().limit(1).toList()));
        stacks.stream().limit(2).map(AioSymptoms::evidence).forEach(ev::add);
        f.evidence(AioSymptoms.distinct(ev));
        f.report();
    }
}
