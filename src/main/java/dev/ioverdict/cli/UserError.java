package dev.ioverdict.cli;

/** A failure the user can act on: printed as one line, mapped to an exit code. */
final class UserError extends RuntimeException {
    private final int exitCode;

    UserError(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    UserError(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    int exitCode() {
        return exitCode;
    }
}
