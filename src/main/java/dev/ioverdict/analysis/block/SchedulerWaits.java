package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.SchedulerWait;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One device's scheduler time per class of bio, beyond btt: I2D for inserted bios and M2D for bios
 * merged into a waiting request (btt's Device Overhead counts only the first), per direction and
 * per process, so that reads starved behind a write stream show even when the average does not.
 */
final class SchedulerWaits {
    /** Processes followed one by one; beyond, the rest share one class (a trace of thousands of pids). */
    private static final int MAX_PROCESSES = 32;
    private static final String[] DIRECTIONS = {"reads", "writes", "other"};

    private final Classes wait;
    /** The same classes' Q2C: the whole each class's scheduler wait is a share of. */
    private final Classes q2c;

    SchedulerWaits(SampleWriter samples) {
        wait = new Classes(samples);
        q2c = new Classes(samples);
    }

    /** Samples per process; those per direction are the device's ({@link BttDevice#schedulerWait}). */
    private static final class Classes {
        final Map<String, PhaseSamples> byProcess = new HashMap<>();
        /**
         * Each process name's samples by the name's identity (parsers share one String per
         * name): a map lookup for every bio showed in profiles. A name's class never changes
         * once found, so a cached answer stays right.
         */
        private final String[] cachedComm = new String[64];
        private final PhaseSamples[] cachedSamples = new PhaseSamples[64];
        private final SampleWriter samples;

        Classes(SampleWriter samples) {
            this.samples = samples;
        }

        void add(QueuedIo io, long ns) {
            String name = io.q.comm();
            int slot = System.identityHashCode(name) & (cachedComm.length - 1);
            PhaseSamples p = cachedSamples[slot];
            if (cachedComm[slot] != name || p == null) {
                p = process(name);
                cachedComm[slot] = name;
                cachedSamples[slot] = p;
            }
            samples.add(p, ns);
        }

        private PhaseSamples process(String name) {
            String comm = name == null || name.isEmpty() ? "(unknown)" : name;
            PhaseSamples p = byProcess.get(comm);
            if (p == null) {
                comm = byProcess.size() < MAX_PROCESSES ? comm : "(other processes)";
                p = byProcess.computeIfAbsent(comm, k -> new PhaseSamples());
            }
            return p;
        }
    }

    /** The queued bio {@code q} waited {@code ns} in the scheduler before its request was dispatched. */
    void add(QueuedIo q, long ns) {
        wait.add(q, ns);
    }

    /** The queued bio {@code q} completed {@code ns} after it was queued. */
    void completed(QueuedIo q, long ns) {
        q2c.add(q, ns);
    }

    List<SchedulerWait> results(String device, BttDevice d) {
        List<SchedulerWait> out = new ArrayList<>();
        for (int i = 0; i < DIRECTIONS.length; i++) {
            PhaseSamples waited = d.schedulerWait(i);
            if (waited != null) {
                PhaseSamples whole = d.schedulerQ2c(i);
                out.add(new SchedulerWait(device, "direction", DIRECTIONS[i], waited.stat(),
                        whole == null ? null : whole.stat()));
            }
        }
        wait.byProcess.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> {
                    PhaseSamples whole = q2c.byProcess.get(e.getKey());
                    out.add(new SchedulerWait(device, "process", e.getKey(), e.getValue().stat(),
                            whole == null ? null : whole.stat()));
                });
        return out;
    }

    /** RWBS: R read, W write; discards, flushes without data and the rest count as other. */
    static int direction(String rwbs) {
        for (int i = 0; i < rwbs.length(); i++) {
            char c = rwbs.charAt(i);
            if (c == 'R') {
                return 0;
            }
            if (c == 'W') {
                return 1;
            }
        }
        return 2;
    }
}
