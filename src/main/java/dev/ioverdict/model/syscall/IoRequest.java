package dev.ioverdict.model.syscall;

/**
 * One I/O a syscall asked for: an iocb of io_submit, or the transfer of pread64/pwrite64/preadv...
 * {@code offset} is -1 when the call has none (read/write); {@code path} is null when the trace
 * never showed the file being opened; {@code direct} is null when unknown (no O_DIRECT seen either way).
 * {@code synchronous}: the file was opened O_SYNC or O_DSYNC, so a write returns once its data is
 * durable (the device's cache flushed or the write FUA); null when the trace never showed the open.
 */
public record IoRequest(int fd, String path, IoOp op, long nbytes, long offset, Boolean direct, Boolean synchronous) {

    /** A request whose file's O_SYNC/O_DSYNC the trace does not tell. */
    public IoRequest(int fd, String path, IoOp op, long nbytes, long offset, Boolean direct) {
        this(fd, path, op, nbytes, offset, direct, null);
    }

    /** The file as the report names it: its path, else {@code fd N}. */
    public String file() {
        return path != null ? path : "fd " + fd;
    }
}
