package dev.ioverdict.model.syscall;

/** What one I/O request asks for: the iocb command (IOCB_CMD_*) or the syscall's own direction. */
public enum IoOp {
    READ, WRITE, FSYNC, FDSYNC, POLL, NOOP, OTHER;

    /** Made once: the analyses key their tables by it for every request of a trace. */
    private final String label = name().toLowerCase(java.util.Locale.ROOT);

    /** The command of an iocb's {@code aio_lio_opcode} number (linux/aio_abi.h). */
    public static IoOp ofIocbOpcode(long opcode) {
        return switch ((int) opcode) {
            case 0, 7 -> READ;    // PREAD, PREADV
            case 1, 8 -> WRITE;   // PWRITE, PWRITEV
            case 2 -> FSYNC;
            case 3 -> FDSYNC;
            case 5 -> POLL;
            case 6 -> NOOP;
            default -> OTHER;
        };
    }

    /** Whether the request moves data (its size and offset mean something). */
    public boolean transfers() {
        return this == READ || this == WRITE;
    }

    public String label() {
        return label;
    }
}
