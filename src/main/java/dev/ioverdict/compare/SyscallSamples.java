package dev.ioverdict.compare;

import dev.ioverdict.analysis.syscall.LatencySampling;
import dev.ioverdict.model.syscall.LatencySamples;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The analysis' syscall latency samples as distributions, keyed by (source, process, syscall). */
final class SyscallSamples {
    static final int RESERVOIR = LatencySampling.RESERVOIR;
    static final List<String> IO_CALLS = LatencySampling.IO_CALLS;
    static final String ALL = LatencySamples.ALL_PROCESSES;

    record Key(String source, String process, String call) {
    }

    record Sampled(Distribution distribution, long calls, double mean) {
    }

    private SyscallSamples() {
    }

    static Map<Key, Sampled> of(LatencySamples samples) {
        Map<Key, Sampled> out = new LinkedHashMap<>();
        if (samples == null) {
            return out;
        }
        for (LatencySamples.Group g : samples.groups()) {
            String kind = g.complete() ? "every call"
                    : "fixed-seed reservoir of " + g.kept().length + " of " + g.calls() + " calls";
            out.put(new Key(g.source(), g.process(), g.call()),
                    new Sampled(Distribution.ofSamples(g.kept(), g.calls(), kind), g.calls(), g.mean()));
        }
        return out;
    }
}
