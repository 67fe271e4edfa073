package dev.ioverdict.rules.kernel;

import dev.ioverdict.analysis.kernel.KernelLog;
import dev.ioverdict.rules.Input;
import java.util.Optional;

/** What the kernel-log rules read. */
public final class KernelLogEvidence {
    public static final Input<KernelLog> KERNEL_LOG = new Input<>("kernel-log", "kernel log (dmesg, journalctl -k, "
            + "/var/log/messages)",
            "dmesg -T > dmesg.txt; journalctl -k --no-pager > journalctl-k.txt   (or copy /var/log/messages)",
            c -> c.results().get(KernelLog.class).or(() -> c.hasFormat("kernel-log")
                    ? Optional.of(new KernelLog(java.util.List.of(), java.util.List.of(), 0, java.util.List.of(), 0))
                    : Optional.empty()));

    private KernelLogEvidence() {
    }
}
