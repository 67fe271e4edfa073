package dev.ioverdict.analysis.timemodel;

/** Seconds and calls per {@link WaitClass}: what a process waited, by kind of call. */
final class ClassTotals {
    final double[] seconds = new double[WaitClass.values().length];
    final long[] calls = new long[WaitClass.values().length];

    double seconds(WaitClass c) {
        return seconds[c.ordinal()];
    }

    long calls(WaitClass c) {
        return calls[c.ordinal()];
    }

    void add(WaitClass c, double s, long n) {
        seconds[c.ordinal()] += s;
        calls[c.ordinal()] += n;
    }

    double total() {
        double t = 0;
        for (double s : seconds) {
            t += s;
        }
        return t;
    }

    long allCalls() {
        long n = 0;
        for (long c : calls) {
            n += c;
        }
        return n;
    }
}
