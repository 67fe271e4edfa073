package dev.ioverdict.rules.aio;

import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.syscall.SyscallSummary;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.timemodel.WaitPart;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The time model's wait for the inode, where nothing else in the bundle times it: writers through write
 * calls (no AIO) with no sleep stacks, whose calls take longer than their own requests in the device.
 * {@code inode}: the seconds of its inode part; {@code waitSeconds}: the I/O wait of the processes that hold it.
 */
record ModelWait(double inode, double waitSeconds, Set<Integer> pids) {
    static final ModelWait NONE = new ModelWait(0, 0, Set.of());

    ModelWait {
        pids = Set.copyOf(pids);
    }

    static ModelWait of(TimeModel model, List<SyscallSummary> kiSleeps, List<SleepStack> drains,
                        List<AioProcess> blocking) {
        if (model == null || !kiSleeps.isEmpty() || !drains.isEmpty() || !blocking.isEmpty()) {
            return NONE; // timed by LinuxKI, the stacks or io_submit: the rule's own evidence
        }
        double inode = 0;
        double wait = 0;
        Set<Integer> pids = new TreeSet<>();
        for (ProcessWait p : model.application()) {
            double mine = p.parts().stream().filter(w -> w.part() == Part.INODE_LOCK).mapToDouble(WaitPart::seconds).sum();
            if (mine > 0) {
                inode += mine;
                wait += p.waitSeconds();
                pids.addAll(p.pids());
            }
        }
        return inode > 0 ? new ModelWait(inode, wait, pids) : NONE;
    }
}
