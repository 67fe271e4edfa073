package dev.ioverdict.rules.disk;

import dev.ioverdict.model.Figures;
import dev.ioverdict.model.syscall.SyscallSection;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.timemodel.WaitPart;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.wait.SyncWriteLatencyRule;
import dev.ioverdict.rules.wait.TimeModelInput;
import java.util.Optional;

/**
 * The application's commits as the source of a full device's queue. A process that waits on the device mostly
 * inside fsync-type calls keeps no requests outstanding itself: each call writes its dirty pages back at once, and
 * the queue is that writeback (16 KiB buffered writes with an fsync every 32 on a two-slot disk: 32 writes into
 * two slots, 215 ms a call). A lower I/O depth is then no lever; the same data must be written.
 *
 * @param who     the process, as the time model names it
 * @param calls   its fsync-type calls
 * @param seconds their time, summed
 */
record CommitWriteback(String who, long calls, double seconds) {
    /** The process whose commits fill {@code device}, where one waits on it mostly in them; empty otherwise. */
    static Optional<CommitWriteback> of(RuleContext ctx, String device) {
        TimeModel model = ctx.optional(TimeModelInput.MODEL).orElse(null);
        SyscallSection section = ctx.data().results().get(SyscallSection.class).orElse(null);
        if (model == null || section == null || device == null) {
            return Optional.empty();
        }
        CommitWriteback best = null;
        double bestOnDevice = 0;
        for (ProcessWait p : model.application()) {
            double onDevice = p.parts().stream().filter(w -> device.equals(w.device())).mapToDouble(WaitPart::seconds)
                    .sum();
            if (!(onDevice >= HALF * p.waitSeconds()) || onDevice <= bestOnDevice) {
                continue;
            }
            SyscallSection.Timed commits = section.timed(p.pids(), SyncWriteLatencyRule.SYNC_CALLS);
            if (commits.count() > 0 && commits.total() >= HALF * p.waitSeconds()) {
                best = new CommitWriteback(p.who(), commits.count(), commits.total());
                bestOnDevice = onDevice;
            }
        }
        return Optional.ofNullable(best);
    }

    /** The share of a process's wait from which its commits are what it waits in. */
    private static final double HALF = 0.5;

    /** What to do, the step first: page 1 lists the first sentence. */
    String advice(String device) {
        return "Write less per commit, or in larger, sequential writes, which " + device + " serves faster: its queue "
                + "is the writeback each of " + who + "'s fsync-type calls sends at once (" + Figures.count(calls)
                + (calls == 1 ? " call, " : " calls, ") + Figures.duration(seconds / calls) + " each on average), not "
                + "requests the application "
                + "keeps outstanding, so a lower I/O depth would not shorten it. Beyond that, spread the data over more "
                + "disks or LUNs, or move it to a device that serves more writes at once.";
    }
}
