package dev.ioverdict.analysis.host;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.host.HostFact;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Host name, kernel, OS, architecture and capture start from whatever states them (uname -a, os-release, a
 * hostname file, LinuxKI headers, sysstat banners, perf script --header). For each, the most
 * specific statement wins: an os-release distribution over uname's bare "Linux", and otherwise
 * the first file in bundle order.
 */
public final class HostAnalysis implements Analysis {
    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(HostInfo.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        List<HostFact> all = new ArrayList<>(facts.all(HostFact.class));
        if (all.isEmpty()) {
            return;
        }
        all.sort(Comparator.comparing(HostFact::input).thenComparingLong(HostFact::line));
        Map<String, HostFact> chosen = new LinkedHashMap<>();
        for (HostFact f : all) {
            HostFact had = chosen.get(f.key());
            if (had == null || f.key().equals("os") && had.value().equals("Linux") && !f.value().equals("Linux")) {
                chosen.put(f.key(), f);
            }
        }
        List<String> sources = new ArrayList<>();
        for (String k : List.of("hostname", "kernel", "os", "arch", "captured")) {
            HostFact f = chosen.get(k);
            if (f != null) {
                sources.add(k + ": " + f.input() + ":" + f.line());
            }
        }
        results.put(HostInfo.class, new HostInfo(value(chosen, "hostname"), value(chosen, "kernel"),
                value(chosen, "os"), value(chosen, "arch"), value(chosen, "captured"), sources));
    }

    private static String value(Map<String, HostFact> m, String k) {
        HostFact f = m.get(k);
        return f == null ? null : f.value();
    }
}
