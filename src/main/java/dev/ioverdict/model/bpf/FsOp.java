package dev.ioverdict.model.bpf;

/**
 * One file-system operation slower than the tool's threshold, as ext4slower, xfsslower (and
 * btrfsslower, zfsslower, nfsslower) or fileslower print it: the operation ('R' read, 'W' write,
 * 'O' open, 'S' fsync), its bytes, offset in KiB (-1: fileslower prints none), latency in seconds
 * from the VFS call to its return, and the file's name (no directory). {@code filesystem} is "ext4",
 * "xfs" ... as the tool's banner says, null for fileslower (any file system); {@code threshold} the
 * banner's "slower than N ms" in seconds (0: every operation; NaN: not printed).
 */
public record FsOp(String input, long line, String tool, String filesystem, double threshold, String time,
                   String command, int pid, char op, long bytes, long offsetKb, double latency, String file)
        implements BpfFact {
    public String operation() {
        return switch (op) {
            case 'R' -> "read";
            case 'W' -> "write";
            case 'O' -> "open";
            case 'S' -> "fsync";
            default -> String.valueOf(op);
        };
    }
}
