package dev.ioverdict.analysis.config;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.block.BttReport;
import dev.ioverdict.model.config.ConfigSection;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.parse.text.Numbers;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Merges the configuration inputs into the report's config section and leaves a
 * {@link StorageConfig} in the results for rules (device names, major:minor, path to filesystem,
 * queue settings, the devices' identities). The section is left out when the bundle holds no
 * configuration input. It also listens to the block events and iostat rows as they stream past,
 * for the device numbers and names the data sources use: a device only a trace or iostat names
 * gets its identity as well, built here once with the others.
 */
public final class ConfigAnalysis implements Analysis {
    private final Set<Long> numbers = new LinkedHashSet<>();
    private final Map<String, String> names = new LinkedHashMap<>();
    private long lastNumber = -1;
    /** Numbers already in {@link #numbers}, the last few added. */
    private final long[] recent = new long[8];
    private int recentCount;
    private int recentNext;
    private String lastName;

    @Override
    public void attach(Facts facts) {
        facts.stream(BlockEvent.class, e -> {
            number(e.major(), e.minor());
            if (e.fromMajor() >= 0) {
                number(e.fromMajor(), e.fromMinor());
            }
        });
        facts.stream(IostatSample.class, s -> {
            // rows repeat their device every interval: the name is new only now and then
            if (s.device() != null && !s.device().equals(lastName)) {
                lastName = s.device();
                // a name without a number is remembered too (null), or every iostat row would be split again
                if (!names.containsKey(lastName)) {
                    names.put(lastName, diskstatsNumber(s.text(), lastName));
                }
            }
        });
    }

    private void number(int major, int minor) {
        long n = (long) major << 32 | minor & 0xffffffffL;
        if (n != lastNumber && major >= 0) {
            lastNumber = n;
            // a binary trace's events alternate between devices: the last few are looked up unboxed
            for (int i = 0; i < recentCount; i++) {
                if (recent[i] == n) {
                    return;
                }
            }
            numbers.add(n);
            recent[recentNext] = n;
            recentNext = (recentNext + 1) % recent.length;
            recentCount = Math.max(recentCount, recentNext == 0 ? recent.length : recentNext);
        }
    }

    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(StorageConfig.class, ConfigSection.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        Set<String> traced = new LinkedHashSet<>();
        // by major, then minor: the order of the devices in report.json, whatever order the events came in
        new java.util.TreeSet<>(numbers).forEach(n -> traced.add((n >>> 32) + "," + (int) (long) n));
        for (BttReport btt : facts.all(BttReport.class)) {
            btt.phases().stream().filter(p -> p.table() == BttReport.Table.PER_DEVICE).map(BttReport.PhaseRow::label)
                    .filter(l -> DeviceKeys.majMin(l) != null).forEach(traced::add);
        }
        StorageConfig config = StorageConfig.of(facts, new DeviceIdentities.Seen(traced, names));
        results.put(StorageConfig.class, config);
        if (!config.isEmpty()) {
            results.put(ConfigSection.class, new ConfigSection(config.filesystems(), config.schedulers(),
                    config.devices()));
        }
    }

    /** "252 0 vda 127738 ...": /proc/diskstats prints each device's number before its name; null for other rows. */
    private static String diskstatsNumber(String text, String name) {
        if (text == null) {
            return null;
        }
        String[] t = text.strip().split("\\s+", 4);
        return t.length >= 3 && t[2].equals(name) && Numbers.isDigits(t[0]) && Numbers.isDigits(t[1])
                && t[0].length() < 9 && t[1].length() < 9 ? Integer.parseInt(t[0]) + "," + Integer.parseInt(t[1]) : null;
    }
}
