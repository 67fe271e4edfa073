package dev.ioverdict.parse.blktrace;

import dev.ioverdict.parse.ParseContext;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A cursor over the records of one binary blktrace file ({@code struct blk_io_trace}, 48 bytes
 * and a payload), in the byte order of the machine that wrote it, found from the magic of the
 * first record. The fields hold the record last read; its payload stays in {@link #buf} until
 * the next {@link #next()}.
 */
final class TraceFile {
    static final int MAGIC = 0x65617400;
    static final int HEADER = 48;
    private static final VarHandle LE32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BE32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LE64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BE64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LE16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BE16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);

    final String input;
    final ParseContext ctx;
    /** Position among the files read together: the last tie-break, so the merge is deterministic. */
    final int index;
    private final InputStream in;
    /**
     * Small enough to be refilled within the first thousand records: a refill first needed after
     * the JIT compiled the reading loop would throw that code away (a branch never seen taken).
     */
    byte[] buf = new byte[64 << 10];
    private int pos;
    private int limit;
    private long consumed;
    private boolean eof;
    private Boolean bigEndian;

    long records;
    long events;
    long firstNs = Long.MAX_VALUE;
    long lastNs = Long.MIN_VALUE;

    int sequence;
    long time;
    long sector;
    int bytes;
    int action;
    int pid;
    int device;
    int cpu;
    int error;
    int pduLength;
    int pduOffset;

    TraceFile(String input, ParseContext ctx, int index, InputStream in) {
        this.input = input;
        this.ctx = ctx;
        this.index = index;
        this.in = in;
    }

    /** Reads the next record; false at the end of the file or at damage (reported, the rest not read). */
    boolean next() throws IOException {
        if (!ensure(HEADER)) {
            return truncated(limit - pos);
        }
        byte[] b = buf;
        int p = pos;
        if (bigEndian == null) {
            int le = (int) LE32.get(b, p);
            int be = (int) BE32.get(b, p);
            bigEndian = (le & 0xffffff00) != MAGIC && (be & 0xffffff00) == MAGIC;
        }
        boolean big = bigEndian;
        int magic = big ? (int) BE32.get(b, p) : (int) LE32.get(b, p);
        if ((magic & 0xffffff00) != MAGIC) {
            ctx.warn(records + 1, "no blktrace magic at byte " + (consumed + p) + ": the rest of the file is not read");
            return false;
        }
        int pdu = Short.toUnsignedInt(big ? (short) BE16.get(b, p + 46) : (short) LE16.get(b, p + 46));
        if (!ensure(HEADER + pdu)) {
            return truncated(limit - pos);
        }
        b = buf;
        p = pos;
        if (big) {
            sequence = (int) BE32.get(b, p + 4);
            time = (long) BE64.get(b, p + 8);
            sector = (long) BE64.get(b, p + 16);
            bytes = (int) BE32.get(b, p + 24);
            action = (int) BE32.get(b, p + 28);
            pid = (int) BE32.get(b, p + 32);
            device = (int) BE32.get(b, p + 36);
            cpu = (int) BE32.get(b, p + 40);
            error = Short.toUnsignedInt((short) BE16.get(b, p + 44));
        } else {
            sequence = (int) LE32.get(b, p + 4);
            time = (long) LE64.get(b, p + 8);
            sector = (long) LE64.get(b, p + 16);
            bytes = (int) LE32.get(b, p + 24);
            action = (int) LE32.get(b, p + 28);
            pid = (int) LE32.get(b, p + 32);
            device = (int) LE32.get(b, p + 36);
            cpu = (int) LE32.get(b, p + 40);
            error = Short.toUnsignedInt((short) LE16.get(b, p + 44));
        }
        pduLength = pdu;
        pduOffset = p + HEADER;
        pos = p + HEADER + pdu;
        records++;
        return true;
    }

    /** The payload's first 8 bytes as blkparse's get_pdu_int reads them (big-endian u64). */
    long pduLong() {
        return pduLength >= 8 ? (long) BE64.get(buf, pduOffset) : 0;
    }

    int pduInt(int at) {
        return pduLength >= at + 4 ? (int) BE32.get(buf, pduOffset + at) : 0;
    }

    long pduLong(int at) {
        return pduLength >= at + 8 ? (long) BE64.get(buf, pduOffset + at) : 0;
    }

    long offset() {
        return consumed + pos;
    }

    private boolean truncated(int left) {
        if (left > 0) {
            ctx.warn(records + 1, "the last record is cut short (" + left + " bytes): the file was truncated");
        }
        return false;
    }

    /** At least n bytes from pos in buf, reading more (and moving what is left to the start) as needed. */
    private boolean ensure(int n) throws IOException {
        if (limit - pos >= n) {
            return true;
        }
        if (eof) {
            return false;
        }
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            consumed += pos;
            limit -= pos;
            pos = 0;
        }
        if (n > buf.length) {
            buf = java.util.Arrays.copyOf(buf, n);
        }
        while (limit < buf.length) {
            int r = in.read(buf, limit, buf.length - limit);
            if (r < 0) {
                eof = true;
                break;
            }
            limit += r;
        }
        return limit - pos >= n;
    }
}
