package dev.ioverdict.parse.blktrace;

import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Turns a record into the event blkparse's text of it would give ({@code BlkparseFormat}): the
 * same device, times relative to the first event, RWBS letters (blkparse.c {@code fill_rwbs}),
 * sector and size as printed (none for zero-size requests), process names from blktrace's
 * process notes. Notes themselves print nothing and give no event.
 */
final class EventDecoder {
    // blktrace_api.h: category bits (the action's upper half) and action codes
    static final int TC_WRITE = 1 << 1;
    static final int TC_FLUSH = 1 << 2;
    static final int TC_SYNC = 1 << 3;
    static final int TC_PC = 1 << 9;
    static final int TC_NOTIFY = 1 << 10;
    static final int TC_AHEAD = 1 << 11;
    static final int TC_META = 1 << 12;
    static final int TC_DISCARD = 1 << 13;
    static final int TC_FUA = 1 << 15;
    static final int TN_PROCESS = 0;
    static final int TN_MESSAGE = 2;
    private static final BlockAction[] ACTIONS = {
        null, BlockAction.QUEUE, BlockAction.BACKMERGE, BlockAction.FRONTMERGE, BlockAction.GETRQ,
        BlockAction.SLEEPRQ, BlockAction.REQUEUE, BlockAction.ISSUE, BlockAction.COMPLETE, BlockAction.PLUG,
        BlockAction.UNPLUG, BlockAction.UNPLUG_TIMER, BlockAction.INSERT, BlockAction.SPLIT, BlockAction.BOUNCE,
        BlockAction.REMAP,
    };

    private final String[] rwbsByFlags = new String[256];
    private final Map<Integer, String> names = new HashMap<>();
    /** pid -> name by the pid's low bits, in front of {@link #names}: a boxed lookup per event showed in profiles. */
    private final int[] cachedPid = new int[1024];
    private final String[] cachedName = new String[1024];
    long genesis = -1;
    long unknown;

    /** Takes in a note (process name); true when the record was one. */
    boolean note(TraceFile f) {
        int category = f.action >>> 16;
        if ((category & TC_NOTIFY) == 0) {
            return false;
        }
        if ((f.action & 0xffff) == TN_PROCESS && f.pduLength > 0) {
            int end = f.pduOffset;
            int limit = f.pduOffset + f.pduLength;
            while (end < limit && f.buf[end] != 0) {
                end++;
            }
            String name = new String(f.buf, f.pduOffset, end - f.pduOffset, StandardCharsets.UTF_8);
            names.put(f.pid, name);
            int slot = f.pid & (cachedPid.length - 1);
            cachedPid[slot] = f.pid;
            cachedName[slot] = name;
        }
        return true;
    }

    /** The event of the current record of f, or null for the kinds blkparse prints nothing of. */
    BlockEvent event(TraceFile f) {
        int code = f.action & 0xffff;
        int category = f.action >>> 16;
        if (code <= 0 || code >= ACTIONS.length) {
            unknown++;
            return null;
        }
        BlockAction action = ACTIONS[code];
        if (genesis < 0) {
            genesis = f.time;
        }
        long sectors = Integer.toUnsignedLong(f.bytes) >>> 9;
        boolean pc = (category & TC_PC) != 0;
        long sector = -1;
        int shown = 0;
        long bytes = 0;
        String comm = "";
        int error = 0;
        int fromMajor = -1;
        int fromMinor = -1;
        long fromSector = -1;
        int device = f.device;
        switch (action) {
            case COMPLETE, REQUEUE -> {
                error = f.error;
                if (!pc) {
                    sector = f.sector;
                    shown = (int) sectors;
                    bytes = sectors << 9;
                }
            }
            case REMAP -> {
                sector = f.sector;
                shown = (int) sectors;
                bytes = sectors << 9;
                int from = f.pduInt(0);
                fromMajor = from >>> 20;
                fromMinor = from & 0xfffff;
                fromSector = f.pduLong(8);
            }
            case PLUG, UNPLUG, UNPLUG_TIMER -> comm = name(f.pid);
            case SPLIT -> {
                sector = f.sector;
                comm = name(f.pid);
            }
            default -> {
                comm = name(f.pid);
                if (pc && (action == BlockAction.QUEUE || action == BlockAction.INSERT || action == BlockAction.ISSUE)) {
                    bytes = Integer.toUnsignedLong(f.bytes);
                } else if (sectors > 0) {
                    sector = f.sector;
                    shown = (int) sectors;
                    bytes = sectors << 9;
                }
            }
        }
        long t = f.time - genesis;
        if (t < f.firstNs) {
            f.firstNs = t;
        }
        if (t > f.lastNs) {
            f.lastNs = t;
        }
        f.events++;
        // blktrace numbers a CPU's records from 1; the kernel's ftrace blk tracer leaves them all 0, and then a
        // record is known by its place among the file's events, or every one would be cited at the same spot
        long record = f.sequence != 0 ? Integer.toUnsignedLong(f.sequence) : f.events;
        return new BlockEvent(f.input, record, null, device >>> 20, device & 0xfffff,
                f.cpu, t, f.pid, action, rwbs(category, f.bytes != 0), sector, shown, bytes, comm, error,
                fromMajor, fromMinor, fromSector);
    }

    private String name(int pid) {
        int slot = pid & (cachedPid.length - 1);
        if (cachedPid[slot] == pid && cachedName[slot] != null) {
            return cachedName[slot];
        }
        String n = names.getOrDefault(pid, "");
        cachedPid[slot] = pid;
        cachedName[slot] = n;
        return n;
    }

    /** blkparse.c fill_rwbs. */
    private String rwbs(int category, boolean hasBytes) {
        int key = (category & TC_FLUSH) != 0 ? 1 : 0;
        key |= (category & TC_DISCARD) != 0 ? 2 : 0;
        key |= (category & TC_WRITE) != 0 ? 4 : 0;
        key |= hasBytes ? 8 : 0;
        key |= (category & TC_FUA) != 0 ? 16 : 0;
        key |= (category & TC_AHEAD) != 0 ? 32 : 0;
        key |= (category & TC_SYNC) != 0 ? 64 : 0;
        key |= (category & TC_META) != 0 ? 128 : 0;
        String s = rwbsByFlags[key];
        if (s == null) {
            StringBuilder sb = new StringBuilder(6);
            if ((key & 1) != 0) {
                sb.append('F');
            }
            sb.append((key & 2) != 0 ? 'D' : (key & 4) != 0 ? 'W' : (key & 8) != 0 ? 'R' : 'N');
            if ((key & 16) != 0) {
                sb.append('F');
            }
            if ((key & 32) != 0) {
                sb.append('A');
            }
            if ((key & 64) != 0) {
                sb.append('S');
            }
            if ((key & 128) != 0) {
                sb.append('M');
            }
            s = sb.toString();
            rwbsByFlags[key] = s;
        }
        return s;
    }
}
