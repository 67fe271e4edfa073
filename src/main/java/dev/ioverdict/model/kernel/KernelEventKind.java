package dev.ioverdict.model.kernel;

import com.fasterxml.jackson.annotation.JsonValue;

/** What a storage-related kernel log message says happened; ids are what report.json prints. */
public enum KernelEventKind {
    IO_ERROR("io-error", true),
    MEDIUM_ERROR("medium-error", true),
    TIMEOUT("timeout", true),
    ABORT("abort", true),
    RESET("reset", true),
    DEVICE_OFFLINE("device-offline", true),
    PATH_FAILED("path-failed", true),
    ALL_PATHS_DOWN("all-paths-down", true),
    PATH_REINSTATED("path-reinstated", false),
    FS_ERROR("filesystem-error", true),
    FS_SHUTDOWN("filesystem-shutdown", true),
    /** A filesystem warning that is not an I/O failure (XFS memory allocation retries). */
    FS_WARNING("filesystem-warning", false);

    private final String id;
    private final boolean failure;

    KernelEventKind(String id, boolean failure) {
        this.id = id;
        this.failure = failure;
    }

    @JsonValue
    public String id() {
        return id;
    }

    /** Whether it is an error, a timeout or a loss: what the USE method's "errors" count. */
    public boolean failure() {
        return failure;
    }
}
