package dev.ioverdict.cli;

/** The exit statuses of CONTRACT.md. */
public final class ExitCodes {
    public static final int OK = 0;
    public static final int DAMAGED_INPUT = 1;
    public static final int USAGE = 2;
    public static final int NOTHING_USABLE = 3;
    public static final int FINDING_AT_SEVERITY = 4;
    public static final int CANNOT_WRITE = 5;
    public static final int INTERNAL = 70;

    private ExitCodes() {
    }

    /** A bundle that could not be read: named wrongly (2), unusable (3), or not extracted for want of space (5). */
    static int of(dev.ioverdict.bundle.BundleException e) {
        return e.usage() ? USAGE : e.cannotWrite() ? CANNOT_WRITE : NOTHING_USABLE;
    }
}
