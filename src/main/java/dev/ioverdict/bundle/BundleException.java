package dev.ioverdict.bundle;

/** The bundle itself cannot be read (missing, not an archive we know, corrupt archive). */
public class BundleException extends Exception {
    public BundleException(String message) {
        super(message);
    }

    public BundleException(String message, Throwable cause) {
        super(message, cause);
    }
}
