package dev.ioverdict.bundle;

/**
 * The bundle itself cannot be read (missing, not an archive we know, corrupt archive).
 * {@link #usage()} is true when the user named something that is no bundle at all (missing, a FIFO,
 * a device): a usage error rather than bad input.
 */
public class BundleException extends Exception {
    private final boolean usage;

    public BundleException(String message) {
        this(message, null, false);
    }

    public BundleException(String message, Throwable cause) {
        this(message, cause, false);
    }

    BundleException(String message, Throwable cause, boolean usage) {
        super(message, cause);
        this.usage = usage;
    }

    static BundleException usage(String message) {
        return new BundleException(message, null, true);
    }

    public boolean usage() {
        return usage;
    }
}
