package dev.ioverdict.parse;

import java.util.Arrays;
import java.util.Locale;

/**
 * The last time seen per key (a CPU, a pid, a device and CPU), to notice a time running backwards
 * where the tool writes each key's records in time order. Open addressing over primitive arrays:
 * checking a line of a multi-GB trace allocates nothing. Regressions are counted and warned once,
 * at the end ({@link #report}); the record is kept either way (the caller says so in the warning).
 * At most {@link #KEYS} keys are remembered: past them (a million pids) every last time is forgotten
 * and the check starts afresh, so a regression across the reset goes unseen but the table's memory
 * does not grow with the keys.
 */
public final class ForwardClocks {
    private static final long EMPTY = Long.MIN_VALUE;
    /** Keys remembered at once: 6 MB of table; a CPU, a device or the threads of a real trace stay far below. */
    static final int KEYS = 100_000;

    private final Regressions regressions;
    private final String keyName;
    private long[] keys = new long[64];
    private double[] times = new double[64];
    private long[] lines = new long[64];
    private int size;

    /**
     * @param keyName     what a key is, for people: "CPU", "pid", "device and CPU"
     * @param what        the warning's subject: "time runs backwards on one CPU"
     * @param consequence what the parser does with the records, and why time may run back ({@link Regressions})
     */
    public ForwardClocks(String keyName, String what, String consequence) {
        this.regressions = new Regressions(what, consequence);
        this.keyName = keyName;
        Arrays.fill(keys, EMPTY);
    }

    /** The one warning of the file, when time ran backwards anywhere in it. */
    public void report(ParseContext ctx) {
        regressions.report(ctx);
    }

    /** Records {@code time} for {@code key} at {@code line}; an earlier time than the key's last is a regression. */
    public void see(long key, double time, long line) {
        int slot = slot(key);
        if (keys[slot] == EMPTY) {
            if (size == KEYS) {
                Arrays.fill(keys, EMPTY);
                size = 0;
                slot = slot(key);
            }
            keys[slot] = key;
            times[slot] = time;
            lines[slot] = line;
            if (++size * 2 > keys.length) {
                grow();
            }
            return;
        }
        if (time < times[slot]) {
            // only the first one's detail is shown: a glued trace must not format a message per line
            regressions.at(line, regressions.count() > 0 ? null : "line " + line + " is "
                    + seconds(times[slot] - time) + " s before line " + lines[slot] + " of the same " + keyName);
        }
        times[slot] = time;
        lines[slot] = line;
    }

    private int slot(long key) {
        int mask = keys.length - 1;
        int i = (int) (mix(key) & mask);
        while (keys[i] != EMPTY && keys[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private void grow() {
        long[] oldKeys = keys;
        double[] oldTimes = times;
        long[] oldLines = lines;
        keys = new long[oldKeys.length * 2];
        times = new double[keys.length];
        lines = new long[keys.length];
        Arrays.fill(keys, EMPTY);
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                int s = slot(oldKeys[i]);
                keys[s] = oldKeys[i];
                times[s] = oldTimes[i];
                lines[s] = oldLines[i];
            }
        }
    }

    /**
     * Every bit of the key into the low bits the table uses: with a plain multiply, keys that differ
     * only in their high bits (blkparse's major, at bit 40) fell on the same slot and probed on.
     */
    private static long mix(long k) {
        k ^= k >>> 33;
        k *= 0xFF51AFD7ED558CCDL;
        return k ^ (k >>> 33);
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.6f", s);
    }
}
