package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.block.RequestTimes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Collects {@link RequestTimes} as requests complete: a few primitive columns per request, so a
 * million requests cost about 45 MB; past {@link #CAPACITY} the log stops and says so.
 */
final class RequestLog {
    static final int CAPACITY = 1 << 20;
    private static final int MAX_NAMES = 4096;

    private final Map<String, Integer> deviceIndex = new HashMap<>();
    private final List<String> devices = new ArrayList<>();
    private final Map<String, Integer> commIndex = new HashMap<>();
    private final List<String> comms = new ArrayList<>();
    private final Set<String> inputs = new LinkedHashSet<>();
    private int size;
    private int[] pid = new int[1024];
    private int[] comm = new int[1024];
    private short[] device = new short[1024];
    private byte[] flags = new byte[1024];
    private long[] queued = new long[1024];
    private long[] got = new long[1024];
    private long[] dispatched = new long[1024];
    private long[] completed = new long[1024];
    private boolean full;
    private long lastKept = RequestTimes.UNSET;
    private String lastDeviceName;
    private int lastDevice;
    private String lastInput;
    private String lastComm;
    private int lastCommIndex;
    private final String[] cachedComm = new String[64];
    private final int[] cachedCommIndex = new int[64];

    /** A bio followed from its Q completed at {@code t}. */
    void completed(String deviceName, QueuedIo q, long t) {
        long tagged = q.iTime != QueuedIo.UNSET ? q.iTime : q.gTime != QueuedIo.UNSET ? q.gTime : q.qTime;
        if (q.dTime != QueuedIo.UNSET && tagged > q.dTime) {
            tagged = q.dTime;
        }
        add(deviceName, q.q, true, q.qTime, tagged, q.dTime, t);
    }

    /** A request seen from its dispatch only (or an empty cache flush): its time is all in the device. */
    void issuedOnly(String deviceName, BlockEvent d, long dTime, long t) {
        add(deviceName, d, false, dTime, dTime, dTime, t);
    }

    /** An empty cache flush issued at {@code dTime}, completed at {@code t}. */
    void flushed(String deviceName, BlockEvent completion, long dTime, long t) {
        add(deviceName, completion, false, dTime, dTime, dTime, t);
    }

    private void add(String deviceName, BlockEvent first, boolean fromQueue, long q, long tagged, long d, long c) {
        if (full) {
            return;
        }
        if (size == CAPACITY) {
            full = true;
            return;
        }
        if (size == pid.length) {
            grow();
        }
        // the same device (its one name String) and input as the last request, mostly: no lookup then
        int dev;
        if (deviceName == lastDeviceName) {
            dev = lastDevice;
        } else {
            Integer known = deviceIndex.get(deviceName);
            if (known == null) {
                if (devices.size() >= Short.MAX_VALUE) {
                    return;
                }
                known = devices.size();
                devices.add(deviceName);
                deviceIndex.put(deviceName, known);
            }
            dev = known;
            lastDeviceName = deviceName;
            lastDevice = dev;
        }
        if (first.input() != lastInput) {
            lastInput = first.input();
            inputs.add(lastInput);
        }
        String rwbs = first.rwbs();
        int f = 0;
        if (rwbs != null) {
            f |= rwbs.indexOf('W') >= 0 ? RequestTimes.WRITE : rwbs.indexOf('R') >= 0 ? RequestTimes.READ : 0;
            f |= ProcessTimes.flushing(rwbs) ? RequestTimes.FLUSH : 0;
            // who queued it is known only from its Q: a request first seen at its issue may be a worker's dispatch
            f |= fromQueue && RequestTimes.syncData(rwbs) ? RequestTimes.QUEUED_SYNC_DATA : 0;
            if (first.sectors() == 0 && !rwbs.isEmpty() && rwbs.charAt(0) == 'F') {
                f |= RequestTimes.FLUSH | RequestTimes.WRITE;
            }
        }
        pid[size] = first.pid();
        comm[size] = commOf(first.comm());
        device[size] = (short) dev;
        flags[size] = (byte) f;
        queued[size] = q;
        got[size] = tagged;
        dispatched[size] = d;
        completed[size] = c;
        size++;
        lastKept = Math.max(lastKept, c);
    }

    private int commOf(String name) {
        if (name == null || name.isEmpty()) {
            return -1;
        }
        if (name == lastComm) {
            return lastCommIndex;
        }
        // by the name's identity (parsers share one String per name), as SchedulerWaits does: the
        // names of a trace's processes alternate, and a map lookup per request showed in profiles
        int slot = System.identityHashCode(name) & (cachedComm.length - 1);
        int index;
        if (cachedComm[slot] == name) {
            index = cachedCommIndex[slot];
        } else {
            index = commIndexOf(name);
            if (index < 0) {
                return index;
            }
            cachedComm[slot] = name;
            cachedCommIndex[slot] = index;
        }
        lastComm = name;
        lastCommIndex = index;
        return index;
    }

    private int commIndexOf(String name) {
        Integer i = commIndex.get(name);
        if (i == null) {
            if (comms.size() >= MAX_NAMES) {
                return -1;
            }
            i = comms.size();
            comms.add(name);
            commIndex.put(name, i);
        }
        return i;
    }

    private void grow() {
        int n = Math.min(CAPACITY, pid.length * 2);
        pid = Arrays.copyOf(pid, n);
        comm = Arrays.copyOf(comm, n);
        device = Arrays.copyOf(device, n);
        flags = Arrays.copyOf(flags, n);
        queued = Arrays.copyOf(queued, n);
        got = Arrays.copyOf(got, n);
        dispatched = Arrays.copyOf(dispatched, n);
        completed = Arrays.copyOf(completed, n);
    }

    /** The log of a trace whose events ran from {@code firstNs} to {@code lastNs}. */
    RequestTimes build(String source, long firstNs, long lastNs) {
        return new RequestTimes(source, List.copyOf(inputs), devices, comms, size, pid, comm, device, flags, queued,
                got, dispatched, completed, !full, firstNs, full ? lastKept : lastNs);
    }
}
