package dev.ioverdict.analysis.syscall;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * How far one syscall trace's clock is from another's, found by matching the same calls: strace
 * prints the time of day, perf the kernel's monotonic clock, and both saw the same thread make the
 * same calls. The offset is the one under which most of one trace's first calls of each thread and
 * name start where the other's do, with about the same duration (strace's ptrace stops add tens of
 * microseconds to each); none when too few match.
 */
final class ClockAlignment {
    /** How near two starts of one call must be, once aligned. */
    private static final double START_TOLERANCE = 0.002;
    /** Candidate offsets are tried from this many of the anchor group's first calls. */
    private static final int ANCHORS = 5;
    /** Calls per group scored while searching; all of the sample confirm the best offset. */
    private static final int SEARCH = 50;
    /** At least this many calls, and half of those compared, must match. */
    static final int MIN_MATCHED = 10;

    /**
     * {@code other}'s clock minus {@code reference}'s (NaN when they could not be aligned), and how
     * many of how many compared calls matched.
     */
    record Offset(double seconds, int matched, int compared) {
        boolean aligned() {
            return !Double.isNaN(seconds);
        }
    }

    private ClockAlignment() {
    }

    static Offset of(ThreadEvents other, ThreadEvents reference) {
        Map<ThreadEvents.CallKey, ThreadEvents.Calls> mine = other.samples();
        Map<ThreadEvents.CallKey, ThreadEvents.Calls> theirs = reference.samples();
        List<ThreadEvents.CallKey> common = mine.keySet().stream().filter(theirs::containsKey)
                .sorted(java.util.Comparator.comparingInt(ThreadEvents.CallKey::tid)
                        .thenComparing(ThreadEvents.CallKey::name)).toList();
        if (common.isEmpty()) {
            return new Offset(Double.NaN, 0, 0);
        }
        ThreadEvents.CallKey anchor = common.stream().max(java.util.Comparator.comparingInt(k -> mine.get(k).n))
                .orElseThrow();
        ThreadEvents.Calls a = mine.get(anchor);
        ThreadEvents.Calls b = theirs.get(anchor);
        double best = Double.NaN;
        int bestScore = -1;
        for (int i = 0; i < Math.min(ANCHORS, a.n); i++) {
            for (int j = 0; j < b.n; j++) {
                double d = a.start[i] - b.start[j];
                int score = matches(common, mine, theirs, d, SEARCH, null);
                if (score > bestScore) {
                    bestScore = score;
                    best = d;
                }
            }
        }
        int compared = common.stream().mapToInt(k -> mine.get(k).n).sum();
        if (bestScore <= 0) {
            return new Offset(Double.NaN, 0, compared);
        }
        List<Double> diffs = new ArrayList<>();
        int matched = matches(common, mine, theirs, best, ThreadEvents.SAMPLE, diffs);
        if (matched < MIN_MATCHED || 2 * matched < compared) {
            return new Offset(Double.NaN, matched, compared);
        }
        double[] sorted = diffs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return new Offset(sorted[sorted.length / 2], matched, compared);
    }

    /** How many of the first {@code limit} calls of each group find their twin at offset {@code d}. */
    private static int matches(List<ThreadEvents.CallKey> keys, Map<ThreadEvents.CallKey, ThreadEvents.Calls> mine,
                               Map<ThreadEvents.CallKey, ThreadEvents.Calls> theirs, double d, int limit,
                               List<Double> diffs) {
        int n = 0;
        for (ThreadEvents.CallKey k : keys) {
            ThreadEvents.Calls a = mine.get(k);
            ThreadEvents.Calls b = theirs.get(k);
            for (int i = 0; i < Math.min(limit, a.n); i++) {
                double want = a.start[i] - d;
                int j = nearest(b, want);
                if (j >= 0 && Math.abs(b.start[j] - want) <= START_TOLERANCE
                        && Math.abs(b.duration[j] - a.duration[i]) <= Math.max(0.001, 0.2 * a.duration[i])) {
                    n++;
                    if (diffs != null) {
                        diffs.add(a.start[i] - b.start[j]);
                    }
                }
            }
        }
        return n;
    }

    /** The index of the start nearest {@code t} (starts of one thread's calls ascend), or -1. */
    private static int nearest(ThreadEvents.Calls b, double t) {
        if (b.n == 0) {
            return -1;
        }
        int lo = Arrays.binarySearch(b.start, 0, b.n, t);
        if (lo >= 0) {
            return lo;
        }
        int at = -lo - 1;
        if (at == 0) {
            return 0;
        }
        if (at == b.n) {
            return b.n - 1;
        }
        return t - b.start[at - 1] <= b.start[at] - t ? at - 1 : at;
    }
}
