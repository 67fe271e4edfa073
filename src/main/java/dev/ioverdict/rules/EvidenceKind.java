package dev.ioverdict.rules;

import dev.ioverdict.model.Finding;

/**
 * The kinds of data a finding can rest on, as its {@code sources} name them in report.json. A
 * block-layer kind times each request inside the host (Q, G, I, D, C), so what it shows is
 * measured rather than read from outside as iostat's averages are.
 */
public enum EvidenceKind {
    BLOCK_TRACE("block trace", true),
    BTT_REPORT("btt report", true),
    IOSTAT("iostat", false),
    SYSCALLS("syscalls", false),
    KERNEL_LOG("kernel log", false),
    VMSTAT("vmstat -s", false);

    private final String label;
    private final boolean blockLayer;

    EvidenceKind(String label, boolean blockLayer) {
        this.label = label;
        this.blockLayer = blockLayer;
    }

    /** How a finding's {@code sources} name it. */
    public String label() {
        return label;
    }

    /** Whether a finding was shown by a source timing each request in the block layer (a trace or btt). */
    public static boolean blockLayer(Finding f) {
        for (EvidenceKind k : values()) {
            if (k.blockLayer && f.sources().contains(k.label)) {
                return true;
            }
        }
        return false;
    }
}
