package dev.ioverdict.bundle;

/**
 * The bundle itself cannot be read (missing, not an archive we know, corrupt archive).
 * {@link #usage()} is true when the user named something that is no bundle at all (missing, a FIFO,
 * a device): a usage error rather than bad input. {@link #cannotWrite()} is true when the bundle was
 * fine but the temporary folder its archive is extracted to could not be written (full, read-only):
 * the machine's fault, not the input's, which the exit status must not call "nothing usable".
 */
public class BundleException extends Exception {
    private final boolean usage;
    private final boolean cannotWrite;

    public BundleException(String message) {
        this(message, null, false);
    }

    public BundleException(String message, Throwable cause) {
        this(message, cause, false);
    }

    BundleException(String message, Throwable cause, boolean usage) {
        this(message, cause, usage, false);
    }

    private BundleException(String message, Throwable cause, boolean usage, boolean cannotWrite) {
        super(message, cause);
        this.usage = usage;
        this.cannotWrite = cannotWrite;
    }

    static BundleException usage(String message) {
        return new BundleException(message, null, true);
    }

    static BundleException cannotWrite(String message, Throwable cause) {
        return new BundleException(message, cause, false, true);
    }

    public boolean usage() {
        return usage;
    }

    public boolean cannotWrite() {
        return cannotWrite;
    }
}
