package dev.ioverdict.rules.aio;

import dev.ioverdict.analysis.syscall.AioWaits;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.syscall.SyscallSummary;
import java.util.List;

/**
 * What waiting for the inode costs the writers, from the best evidence the bundle holds: their
 * sleep stacks (the drain and the inode lock against everything else they slept on in io_submit
 * and io_getevents), LinuxKI's sleep functions of io_submit, or, with neither, io_submit's time,
 * which also holds each write's own service time and so is an upper bound; for writers through write
 * calls with none of these, the time model's wait beyond their own requests ({@link ModelWait}).
 */
record InodeWaitCost(Double sleep, Double sharePct, Impact impact, String said, boolean upperBound, List<String> reasons) {
    /** Below this, the stacks' window covers so little of the AIO time that its share is applied, not summed. */
    private static final double WHOLE_RUN = 0.9;

    static InodeWaitCost of(AioWaits.Breakdown sleeps, List<SyscallSummary> kiSleeps, List<AioProcess> blocking,
                            double aioSec, ModelWait model) {
        if (!kiSleeps.isEmpty()) {
            double sec = kiSleeps.stream().flatMap(s -> s.sleepFuncs().stream())
                    .filter(x -> AioSymptoms.DIO_WAIT.contains(x.function())).mapToDouble(x -> x.total()).sum();
            return new InodeWaitCost(sec, share(sec, aioSec), Impact.measured(sec, "io_submit's sleep in inode_dio_wait "
                    + "(LinuxKI sleep functions)"), "io_submit sleeps in inode_dio_wait (" + Figures.duration(sec)
                    + " in LinuxKI's sleep functions" + ofAio(sec, aioSec) + ")", false,
                    List.of("the wait measured by LinuxKI in io_submit's sleep functions (inode_dio_wait)"));
        }
        // writers without AIO (pwrite) sleep in their write calls: say so, not io_submit
        boolean aio = !blocking.isEmpty() || aioSec > 0;
        String in = aio ? "io_submit and io_getevents" : "their write calls";
        if (sleeps.serialised() > 0) {
            double share = sleeps.serialisedShare();
            boolean whole = sleeps.total() >= WHOLE_RUN * aioSec;
            double sec = whole ? sleeps.serialised() : share * aioSec;
            String how = "sleep waiting for the inode (the drain in inode_dio_wait or the inode lock another writer "
                    + "holds) against all the writers' sleep in " + in + ", in the sleep stacks";
            Impact impact = whole ? Impact.measured(sec, how)
                    : Impact.estimated(sec, how + " (" + Figures.duration(sleeps.total()) + " of stacks), applied to "
                            + "their whole AIO time");
            List<String> reasons = new java.util.ArrayList<>(List.of("the wait measured in the writers' sleep stacks "
                    + "(inode_dio_wait, the inode lock), apart from their own I/O"));
            if (sleeps.timing() != null) {
                reasons.add(sleeps.timing()); // how sleeps were timed without switch-ins
            }
            return new InodeWaitCost(sleeps.serialised(), aioSec > 0 || !aio ? 100 * share : null, impact,
                    (aio ? "io_submit sleeps" : "the writes sleep") + " waiting for the inode, in the drain "
                            + "(inode_dio_wait) or on the inode lock another "
                            + "writer holds: " + Figures.duration(sleeps.serialised()) + " of the "
                            + Figures.duration(sleeps.total()) + " the writers slept in " + in + " in "
                            + "the sleep stacks (" + Figures.percent(100 * share) + "); the rest, "
                            + Figures.duration(sleeps.ownIo()) + ", is each write waiting for its own I/O" + open(sleeps),
                    false, List.copyOf(reasons));
        }
        if (!blocking.isEmpty()) {
            double sec = blocking.stream().mapToDouble(a -> a.submitTotal() == null ? 0 : a.submitTotal()).sum();
            return new InodeWaitCost(null, share(sec, aioSec), Impact.estimated(sec, "time in io_submit of the "
                    + "processes whose submission blocks, an upper bound: it also holds each write's own service time"),
                    "io_submit takes the wait" + ofAio(sec, aioSec), true,
                    List.of("io_submit's time measured in the syscall trace"));
        }
        if (model.inode() > 0 && model.waitSeconds() > 0) {
            double share = Math.min(100, 100 * model.inode() / model.waitSeconds());
            String how = "the writers' write calls beyond what their own requests take in the device at iostat's w_await "
                    + "(time model; no block trace or sleep stacks)";
            return new InodeWaitCost(model.inode(), share, Impact.estimated(model.inode(), how), "the writes wait for "
                    + "each other: " + Figures.duration(model.inode()) + " of the writers' " + Figures.duration(model.waitSeconds())
                    + " of I/O wait (" + Figures.percent(share) + ") is their write calls' time beyond what their own "
                    + "requests take in the device at iostat's w_await", false,
                    List.of("the writers' write calls timed against their own requests' time in the device (iostat "
                            + "w_await), in the time model; no sleep stacks"));
        }
        return new InodeWaitCost(null, sleeps.known() ? 100 * sleeps.serialisedShare() : null, Impact.NONE,
                (aio ? "io_submit is quick and no" : "no") + " sleep waiting for the inode was recorded", false,
                List.of(sleeps.known() ? "sleep stacks without a wait for the inode" : "io_submit's time measured in the "
                        + "syscall trace"));
    }

    /** The sleeps left out because nothing ended them, said rather than guessed. */
    private static String open(AioWaits.Breakdown sleeps) {
        return sleeps.open() == 0 ? "" : "; " + Figures.count(sleeps.open()) + (sleeps.open() == 1 ? " sleep" : " sleeps")
                + " in these calls never ended in the recordings (no switch-in or later event of the thread) and "
                + (sleeps.open() == 1 ? "is" : "are") + " counted open, not timed";
    }

    private static Double share(double sec, double aioSec) {
        return aioSec > 0 ? Math.min(100, 100 * sec / aioSec) : null;
    }

    private static String ofAio(double sec, double aioSec) {
        Double share = share(sec, aioSec);
        return share == null ? "" : ": " + Figures.percent(share) + " of the writers' asynchronous I/O time";
    }
}
