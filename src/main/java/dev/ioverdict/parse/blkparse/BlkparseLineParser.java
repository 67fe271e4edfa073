package dev.ioverdict.parse.blkparse;

import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;

/**
 * Reads one line of blkparse's default output from bytes: the header
 * {@code maj,min cpu seq secs.nsecs pid action rwbs} and the trailer of its action
 * (blkparse_fmt.c {@code process_default}). Spacing is taken loosely, as copied excerpts have it.
 * One instance per file: the fields below are the scratch state of the line last read.
 */
final class BlkparseLineParser {
    private static final long NS_PER_S = 1_000_000_000L;
    /** What {@link #number()} answers when there is no number (2^63 is no sector anyone prints). */
    private static final long NONE = Long.MIN_VALUE;
    private static final long[] FRACTION_SCALE = {
        NS_PER_S, 100_000_000L, 10_000_000L, 1_000_000L, 100_000L, 10_000L, 1_000L, 100L, 10L, 1L,
    };

    private final TextCache rwbsCache = new TextCache();
    private final TextCache commCache = new TextCache();

    private byte[] b;
    private int pos;
    private int end;
    /** Why the last line was refused, when {@link #read} returned false. */
    String problem;

    int major;
    int minor;
    int cpu;
    long timeNs;
    int pid;
    BlockAction action;
    String rwbs;
    long sector;
    int sectors;
    long bytes;
    String comm;
    int error;
    int fromMajor;
    int fromMinor;
    long fromSector;

    /**
     * Reads {@code b[from, to)} (no line terminator). True when it is an event line; false with
     * {@link #problem} set when it is not, or null problem when it does not even start like one.
     */
    boolean read(byte[] bytes, int from, int to) {
        b = bytes;
        pos = from;
        end = to;
        problem = null;
        if (!header()) {
            return false;
        }
        sector = -1;
        sectors = 0;
        this.bytes = 0;
        comm = "";
        error = 0;
        fromMajor = -1;
        fromMinor = -1;
        fromSector = -1;
        boolean ok = switch (action) {
            case QUEUE, GETRQ, SLEEPRQ, INSERT, BACKMERGE, FRONTMERGE, ISSUE, BOUNCE -> extent(false);
            case COMPLETE, REQUEUE -> extent(true);
            case REMAP -> remap();
            case SPLIT -> split();
            case PLUG -> bracket(false) >= 0;
            case UNPLUG, UNPLUG_TIMER -> unplug();
            case MESSAGE, OTHER -> true;
        };
        if (!ok && problem == null) {
            problem = "unreadable " + action.letter() + " trailer";
        }
        return ok;
    }

    BlockEvent event(String input, long line, String text) {
        return new BlockEvent(input, line, text, major, minor, cpu, timeNs, pid, action, rwbs, sector, sectors,
                bytes, comm, error, fromMajor, fromMinor, fromSector);
    }

    private boolean header() {
        if (pos + 2 < end && b[pos] == (byte) 0xEF && b[pos + 1] == (byte) 0xBB && b[pos + 2] == (byte) 0xBF) {
            pos += 3; // a UTF-8 byte order mark, as some editors save a file
        }
        skipBlanks();
        long maj = number();
        if (maj == NONE || pos >= end || b[pos] != ',') {
            return false;
        }
        pos++;
        long min = field();
        long c = field();
        long sequence = field(); // not kept
        if (min == NONE || c == NONE || sequence == NONE) {
            return false;
        }
        long t = time();
        if (t < 0 || !blank()) {
            return false;
        }
        skipBlanks();
        long p = field();
        if (p == NONE) {
            return false;
        }
        if (pos < end && isDigit(b[pos])) {
            // a message's cgroup "ino,gen" before the action (blkparse_fmt.c, notify messages)
            if (number() == NONE || pos >= end || b[pos] != ',') {
                return false;
            }
            pos++;
            if (field() == NONE) {
                return false;
            }
        }
        int a = pos;
        while (pos < end && isLetter(b[pos])) {
            pos++;
        }
        if (pos == a || (pos < end && !isBlank(b[pos]))) {
            return false;
        }
        major = (int) maj;
        minor = (int) min;
        cpu = (int) c;
        timeNs = t;
        pid = (int) p;
        action = action(a, pos);
        skipBlanks();
        int r = pos;
        while (pos < end && b[pos] >= 'A' && b[pos] <= 'Z') {
            pos++;
        }
        if (pos < end && !isBlank(b[pos])) {
            pos = r;
        }
        rwbs = rwbsCache.get(b, r, pos);
        skipBlanks();
        return true;
    }

    private BlockAction action(int from, int to) {
        int len = to - from;
        byte c = b[from];
        if (len == 1) {
            return switch (c) {
                case 'Q' -> BlockAction.QUEUE;
                case 'G' -> BlockAction.GETRQ;
                case 'S' -> BlockAction.SLEEPRQ;
                case 'I' -> BlockAction.INSERT;
                case 'M' -> BlockAction.BACKMERGE;
                case 'F' -> BlockAction.FRONTMERGE;
                case 'D' -> BlockAction.ISSUE;
                case 'C' -> BlockAction.COMPLETE;
                case 'R' -> BlockAction.REQUEUE;
                case 'A' -> BlockAction.REMAP;
                case 'X' -> BlockAction.SPLIT;
                case 'B' -> BlockAction.BOUNCE;
                case 'P' -> BlockAction.PLUG;
                case 'U' -> BlockAction.UNPLUG;
                // The blkparse man page documents T for a timer unplug; the code prints UT.
                case 'T' -> BlockAction.UNPLUG_TIMER;
                case 'm' -> BlockAction.MESSAGE;
                default -> BlockAction.OTHER;
            };
        }
        if (len == 2 && c == 'U' && b[from + 1] == 'T') {
            return BlockAction.UNPLUG_TIMER;
        }
        return BlockAction.OTHER;
    }

    /**
     * {@code sector + n [comm]}, optionally {@code (elapsed)} before the bracket (blkparse -t);
     * {@code [comm]} alone for zero-byte requests; SCSI passthrough {@code bytes (cdb) [comm]}.
     * C and R carry the error in the bracket and print {@code sector [error]} without data.
     */
    private boolean extent(boolean errorBracket) {
        if (pos < end && isDigit(b[pos])) {
            long first = number();
            if (first == NONE) {
                return false;
            }
            skipBlanks();
            if (pos < end && b[pos] == '+') {
                sector = first;
                if (!count() || !parenthesis()) {
                    return false;
                }
            } else if (pos < end && b[pos] == '(') {
                // SCSI passthrough: bytes then the command bytes in parentheses.
                bytes = first;
                if (!parenthesis()) {
                    return false;
                }
            } else {
                sector = first;
            }
        } else if (!parenthesis()) {
            return false;
        }
        if (errorBracket) {
            return errorBracket();
        }
        return bracket(false) >= 0;
    }

    /** {@code sector + n <- (maj,min) from_sector}, the arrow sometimes without its space. */
    private boolean remap() {
        long s = number();
        if (s == NONE) {
            return false;
        }
        sector = s;
        skipBlanks();
        if (pos < end && b[pos] == '+' && !count()) {
            return false;
        }
        if (pos + 1 >= end || b[pos] != '<' || b[pos + 1] != '-') {
            return false;
        }
        pos += 2;
        skipBlanks();
        if (pos >= end || b[pos] != '(') {
            return false;
        }
        pos++;
        skipBlanks();
        long maj = number();
        if (maj == NONE || pos >= end || b[pos] != ',') {
            return false;
        }
        pos++;
        skipBlanks();
        long min = number();
        skipBlanks();
        if (min == NONE || pos >= end || b[pos] != ')') {
            return false;
        }
        pos++;
        skipBlanks();
        long from = number();
        if (from == NONE) {
            return false;
        }
        fromMajor = (int) maj;
        fromMinor = (int) min;
        fromSector = from;
        return true;
    }

    /** {@code + n} after a sector, at the '+': n sectors of 512 bytes. */
    private boolean count() {
        pos++;
        skipBlanks();
        long n = number();
        if (n == NONE) {
            return false;
        }
        sectors = (int) n;
        bytes = n << 9;
        skipBlanks();
        return true;
    }

    /** {@code sector / split_point [comm]}. */
    private boolean split() {
        long s = number();
        skipBlanks();
        if (s == NONE || pos >= end || b[pos] != '/') {
            return false;
        }
        pos++;
        skipBlanks();
        if (number() == NONE) {
            return false;
        }
        sector = s;
        skipBlanks();
        return bracket(false) >= 0;
    }

    /** {@code [comm] n}: n requests released by the unplug. */
    private boolean unplug() {
        if (bracket(true) < 0) {
            return false;
        }
        skipBlanks();
        return number() != NONE;
    }

    /** An optional {@code (...)}: blkparse -t's elapsed time, or a passthrough command. */
    private boolean parenthesis() {
        if (pos < end && b[pos] == '(') {
            int close = indexOf((byte) ')', pos + 1);
            if (close < 0) {
                return false;
            }
            pos = close + 1;
            skipBlanks();
        }
        return true;
    }

    /**
     * {@code [comm]}: the process name may hold spaces or brackets, so it ends at the last ']'
     * (or the first one when a count follows, as for unplugs). Returns the index after it, or -1.
     */
    private int bracket(boolean countFollows) {
        if (pos >= end || b[pos] != '[') {
            problem = "no [process] at the end of the " + action.letter() + " line";
            return -1;
        }
        int close = countFollows ? indexOf((byte) ']', pos + 1) : lastIndexOf((byte) ']', pos + 1);
        if (close < 0) {
            problem = "unclosed [ in the " + action.letter() + " line";
            return -1;
        }
        comm = commCache.get(b, pos + 1, close);
        pos = close + 1;
        return pos;
    }

    private boolean errorBracket() {
        if (pos >= end || b[pos] != '[') {
            problem = "no [error] at the end of the " + action.letter() + " line";
            return false;
        }
        pos++;
        boolean negative = pos < end && b[pos] == '-';
        if (negative) {
            pos++;
        }
        long e = number();
        if (e == NONE || pos >= end || b[pos] != ']') {
            problem = "unreadable [error] in the " + action.letter() + " line";
            return false;
        }
        pos++;
        error = (int) (negative ? -e : e);
        return true;
    }

    /** A number the blanks after it end (they are skipped), or {@link #NONE}. */
    private long field() {
        long n = number();
        if (n == NONE || !blank()) {
            return NONE;
        }
        skipBlanks();
        return n;
    }

    /** {@code secs.fraction} as nanoseconds; up to nine fraction digits count, more are cut. */
    private long time() {
        long secs = number();
        if (secs == NONE || pos >= end || b[pos] != '.') {
            return -1;
        }
        pos++;
        // blkparse prints %09lu: nine digits, read eight at once
        if (pos + 9 < end && !isDigit(b[pos + 9])) {
            long eight = Digits.eight(b, pos);
            int ninth = b[pos + 8] - '0';
            if (eight >= 0 && ninth >= 0 && ninth <= 9) {
                pos += 9;
                return secs * NS_PER_S + eight * 10 + ninth;
            }
        }
        int start = pos;
        long frac = 0;
        while (pos < end && isDigit(b[pos])) {
            if (pos - start < 9) {
                frac = frac * 10 + (b[pos] - '0');
            }
            pos++;
        }
        int digits = Math.min(pos - start, 9);
        if (digits == 0) {
            return -1;
        }
        return secs * NS_PER_S + frac * FRACTION_SCALE[digits];
    }

    /**
     * An unsigned decimal at pos, or {@link #NONE}. Values above Long.MAX_VALUE (the u64 sector
     * 2^64-1 some tools print for flushes) keep their unsigned bit pattern.
     */
    private long number() {
        // locals, not fields, in the loop: the JIT keeps them in registers
        byte[] a = b;
        int p = pos;
        int e = end;
        int start = p;
        long v = 0;
        if (p + 8 <= e) {
            // most numbers of a line (device, CPU, pid, sector, size) in one read of eight bytes
            long w = Digits.word(a, p);
            int n = Digits.leadingDigits(w);
            if (n == 0) {
                return NONE;
            }
            v = Digits.value(w, n);
            p += n;
            if (n < 8) {
                pos = p;
                return v;
            }
        }
        while (p < e) {
            int d = a[p] - '0';
            if (d < 0 || d > 9) {
                break;
            }
            v = v * 10 + d;
            p++;
        }
        pos = p;
        if (p == start || p - start > 20 || p - start == 20 && aboveU64(a, start)) {
            return NONE;
        }
        return v;
    }

    /** Whether the 20 digits at {@code from} exceed 2^64-1 (they wrapped above): no sector, the line is skipped. */
    private static boolean aboveU64(byte[] a, int from) {
        byte[] max = {'1', '8', '4', '4', '6', '7', '4', '4', '0', '7', '3', '7', '0', '9', '5', '5', '1', '6', '1', '5'};
        for (int i = 0; i < 20; i++) {
            if (a[from + i] != max[i]) {
                return a[from + i] > max[i];
            }
        }
        return false;
    }

    private boolean blank() {
        return pos < end && isBlank(b[pos]);
    }

    private void skipBlanks() {
        byte[] a = b;
        int p = pos;
        int e = end;
        // blkparse pads its columns with runs of up to eight spaces: eight bytes at a time
        while (p + 8 <= e) {
            int n = Digits.leadingBlanks(Digits.word(a, p));
            p += n;
            if (n < 8) {
                pos = p;
                return;
            }
        }
        while (p < e && (a[p] == ' ' || a[p] == '\t')) {
            p++;
        }
        pos = p;
    }

    private int indexOf(byte c, int from) {
        for (int i = from; i < end; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private int lastIndexOf(byte c, int from) {
        for (int i = end - 1; i >= from; i--) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isBlank(byte c) {
        return c == ' ' || c == '\t';
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isLetter(byte c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }
}
