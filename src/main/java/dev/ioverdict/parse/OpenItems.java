package dev.ioverdict.parse;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * What each thread holds open while a trace is read (an strace call {@code <unfinished ...>}, a
 * perf sys_enter waiting for its exit, a sleep waiting for its switch-in), at most {@link #MAX}
 * threads at once, so that memory does not grow with the number of threads a file names (issue 21:
 * a million pids each leaving a call open). Past the bound the item open the longest is given up,
 * the way the reader gives up what is still open at the end of the file, and counted: the file gets
 * one warning at the first line given up ({@link #report}). Below the bound it is a plain map in the
 * order items were opened, so ordinary traces read exactly as before.
 */
public final class OpenItems<V> {
    /**
     * Threads with an item open at once: a real trace has a few thousand threads at most, and each
     * item holds its line (a few hundred bytes), so 100,000 of them stay within some tens of MB.
     */
    public static final int MAX = 100_000;

    private final int max;
    private final ToLongFunction<? super V> lineOf;
    private final Map<Integer, V> open;
    private long givenUp;
    private long firstLine = -1;

    /** @param lineOf the line an item was opened at, for the warning */
    public OpenItems(ToLongFunction<? super V> lineOf) {
        this(MAX, lineOf);
    }

    public OpenItems(int max, ToLongFunction<? super V> lineOf) {
        this.max = max;
        this.lineOf = lineOf;
        this.open = new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, V> eldest) {
                if (size() <= OpenItems.this.max) {
                    return false;
                }
                long line = OpenItems.this.lineOf.applyAsLong(eldest.getValue());
                if (firstLine < 0 || line < firstLine) {
                    firstLine = line;
                }
                givenUp++;
                return true;
            }
        };
    }

    public V get(int key) {
        return open.get(key);
    }

    public V remove(int key) {
        return open.remove(key);
    }

    /** Opens {@code item} for {@code key} as the newest, in place of what the key held; may give up the eldest. */
    public void put(int key, V item) {
        open.remove(key);
        open.put(key, item);
    }

    public boolean isEmpty() {
        return open.isEmpty();
    }

    /** The items still open, the eldest first. */
    public Collection<V> values() {
        return open.values();
    }

    public void clear() {
        open.clear();
    }

    /** Items given up to the bound so far. */
    public long givenUp() {
        return givenUp;
    }

    /**
     * The one warning of this file when items were given up: "{@code count} {@code what} given up:
     * more than 100,000 threads had one open at once; {@code consequence}", at the first line given up.
     */
    public void report(ParseContext ctx, String what, String consequence) {
        if (givenUp == 0) {
            return;
        }
        ctx.warn(firstLine, String.format(java.util.Locale.ROOT,
                "%,d %s given up (the first at line %d): more than %,d threads had one open at once; %s",
                givenUp, what, firstLine, max, consequence));
    }
}
