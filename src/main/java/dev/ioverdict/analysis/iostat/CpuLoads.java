package dev.ioverdict.analysis.iostat;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.iostat.IostatCpu;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How busy the CPUs were by iostat's avg-cpu lines, per file: the median report's busy share (neither idle
 * nor waiting for I/O) over the interval reports (the since-boot one is not of the capture), and its busiest
 * report as evidence. Kept as a histogram of whole percents, so that a day of reports costs 101 counters.
 */
public record CpuLoads(List<Load> loads) {
    /** At or above this busy share in the median report no CPU is free: a process that wakes waits for one. */
    public static final double SATURATED_PCT = 95;

    public CpuLoads {
        loads = List.copyOf(loads);
    }

    /** One file's CPU load: {@code reports} interval reports, the median's and the busiest's busy share. */
    public record Load(String input, long reports, double medianBusyPct, double maxBusyPct, Evidence busiest) {
        /** Whether no CPU was free in the median report ({@link #SATURATED_PCT}). */
        public boolean saturated() {
            return reports > 0 && medianBusyPct >= SATURATED_PCT;
        }
    }

    /** The CPU lines of each file as they stream in. */
    static final class Tally {
        private final Map<String, long[]> bins = new LinkedHashMap<>();
        private final Map<String, IostatCpu> busiest = new LinkedHashMap<>();

        void add(IostatCpu c) {
            if (c.sinceBoot()) {
                return;
            }
            bins.computeIfAbsent(c.input(), k -> new long[101])[(int) Math.round(c.busyPct())]++;
            IostatCpu top = busiest.get(c.input());
            if (top == null || c.busyPct() > top.busyPct()) {
                busiest.put(c.input(), c);
            }
        }

        CpuLoads loads() {
            List<Load> out = new java.util.ArrayList<>();
            bins.forEach((input, counts) -> {
                long n = 0;
                for (long k : counts) {
                    n += k;
                }
                long seen = 0;
                int median = 0;
                for (int pct = 0; pct <= 100; pct++) {
                    seen += counts[pct];
                    if (2 * seen >= n) {
                        median = pct;
                        break;
                    }
                }
                IostatCpu top = busiest.get(input);
                out.add(new Load(input, n, median, top.busyPct(), new Evidence(input, top.line(), top.text())));
            });
            return new CpuLoads(out);
        }
    }
}
