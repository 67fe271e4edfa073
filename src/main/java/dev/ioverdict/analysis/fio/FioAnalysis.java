package dev.ioverdict.analysis.fio;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockDistributions;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseDistribution;
import dev.ioverdict.model.fio.FioDiskStats;
import dev.ioverdict.model.fio.FioGroupStatus;
import dev.ioverdict.model.fio.FioJob;
import dev.ioverdict.model.fio.FioSection;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The workload the bundle ran, as fio reported it ({@link FioSection}): each job and direction once,
 * though a run is often kept twice (its normal output and its JSON: the JSON's row stands, it has
 * the options and the exact figures), with the device fio's disk statistics name for it and, when
 * the bundle also holds a block trace of that device, the trace's D2C of the same direction: what
 * the device took of the completion time fio measured.
 */
public final class FioAnalysis implements Analysis {
    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(FioSection.class).reading(BlockDistributions.class, StorageConfig.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        List<FioJob> jobs = new ArrayList<>(facts.all(FioJob.class));
        List<FioGroupStatus> groups = facts.all(FioGroupStatus.class);
        List<FioDiskStats> disks = facts.all(FioDiskStats.class);
        if (jobs.isEmpty() && groups.isEmpty() && disks.isEmpty()) {
            return;
        }
        Optional<StorageConfig> config = results.get(StorageConfig.class);
        List<PhaseDistribution> phases = results.get(BlockDistributions.class).map(BlockDistributions::distributions)
                .orElse(List.of()).stream().filter(d -> d.phase() == Phase.D2C || d.phase() == Phase.Q2C).toList();
        // JSON first (its rows stand), then by input and line: the same order whatever order the files were read in
        jobs.sort(Comparator.comparing((FioJob j) -> j.pid() != null)
                .thenComparing(FioJob::input).thenComparingLong(FioJob::line).thenComparing(FioJob::direction));
        Map<String, FioJob> once = new LinkedHashMap<>();
        for (FioJob j : jobs) {
            once.putIfAbsent(j.job() + "|" + j.group() + "|" + j.direction() + "|" + j.issued(), j);
        }
        List<FioJob> kept = new ArrayList<>(once.values());
        kept.sort(Comparator.comparing(FioJob::input).thenComparingLong(FioJob::line)
                .thenComparingInt(j -> List.of("read", "write", "trim").indexOf(j.direction())));
        List<FioSection.Row> rows = new ArrayList<>();
        for (FioJob j : kept) {
            String device = device(j, disks);
            rows.add(new FioSection.Row(j.job(), j.group(), j.jobs(), j.direction(), j.options().get("rw"),
                    j.options().get("bs"), integer(j.options().get("iodepth")), direct(j.options().get("direct")),
                    j.options().get("ioengine"), finite(j.iops()), finite(j.bandwidth()), j.issued(), j.runtime(),
                    clat(j), device, device == null ? null : trace(device, j.direction(), phases, config),
                    j.input(), j.line()));
        }
        Map<String, FioGroupStatus> groupsOnce = new LinkedHashMap<>();
        groups.forEach(g -> groupsOnce.putIfAbsent(g.group() + "|" + g.direction() + "|" + g.io(), g));
        Map<String, FioDiskStats> disksOnce = new LinkedHashMap<>();
        disks.forEach(d -> disksOnce.putIfAbsent(d.device() + "|" + d.readIos() + "|" + d.writeIos(), d));
        results.put(FioSection.class, new FioSection(rows, List.copyOf(groupsOnce.values()),
                List.copyOf(disksOnce.values())));
    }

    /**
     * The device fio's disk statistics name for the job: the one device of its output, else the one
     * its filename option names ({@code /dev/sdb}); none when the output lists several and the job
     * names none of them.
     */
    static String device(FioJob j, List<FioDiskStats> disks) {
        List<String> top = disks.stream().filter(d -> d.input().equals(j.input()) && d.under() == null)
                .map(FioDiskStats::device).distinct().toList();
        if (top.size() == 1) {
            return top.getFirst();
        }
        String file = j.options().get("filename");
        if (file != null && file.startsWith("/dev/")) {
            String name = file.substring(5);
            return top.contains(name) ? name : null;
        }
        return null;
    }

    private static FioSection.Trace trace(String device, String direction, List<PhaseDistribution> all,
                                          Optional<StorageConfig> config) {
        String majMin = config.flatMap(c -> c.majMin(device)).orElse(null);
        String dir = direction.equals("read") ? "reads" : direction.equals("write") ? "writes" : null;
        if (dir == null) {
            return null;
        }
        PhaseDistribution d = of(all, Phase.D2C, device, majMin, dir);
        if (d == null || d.n() == 0) {
            return null;
        }
        PhaseDistribution q2c = of(all, Phase.Q2C, device, majMin, dir);
        String label = config.map(c -> c.label(device)).orElse(device);
        return new FioSection.Trace(label, "D2C", dir, d.n(), percentile(d, 50), percentile(d, 99),
                q2c == null || q2c.n() == 0 ? null : percentile(q2c, 50));
    }

    /**
     * The distribution of {@code phase} on the device for one direction; a device that did one direction only has
     * no split, and its whole distribution is that direction, unless the trace shows it doing the other one.
     */
    private static PhaseDistribution of(List<PhaseDistribution> all, Phase phase, String device, String majMin,
                                        String dir) {
        PhaseDistribution own = null;
        PhaseDistribution whole = null;
        boolean split = false;
        for (PhaseDistribution d : all) {
            if (d.phase() == phase && (d.device().equals(device) || d.device().equals(majMin))) {
                if (dir.equals(d.direction())) {
                    own = d;
                } else if (d.direction() == null) {
                    whole = d;
                } else {
                    split = true;
                }
            }
        }
        return own != null ? own : split ? null : whole;
    }

    /** The highest value of the bin holding the sample of rank ceil(p/100 n), as the block section's own percentiles. */
    static double percentile(PhaseDistribution d, double p) {
        long rank = Math.max(1, (long) Math.ceil(p / 100.0 * d.n()));
        long seen = 0;
        for (int i = 0; i < d.counts().length; i++) {
            seen += d.counts()[i];
            if (seen >= rank) {
                return d.upTo()[i];
            }
        }
        return d.upTo()[d.upTo().length - 1];
    }

    /** fio's clat mean and percentiles; a percentile fio's list left out comes from json+'s histogram when there is one. */
    private static FioSection.Clat clat(FioJob j) {
        if (j.clat() == null && j.clatPercentiles().isEmpty()) {
            return null;
        }
        return new FioSection.Clat(j.clat() == null ? null : j.clat().avg(), pct(j, 50), pct(j, 95), pct(j, 99),
                pct(j, 99.9));
    }

    private static Double pct(FioJob j, double p) {
        Double v = j.clatPercentiles().get(String.format(Locale.ROOT, "%.2f", p));
        return v != null ? v : j.clatPercentileFromBins(p);
    }

    private static Integer integer(String s) {
        try {
            return s == null ? null : Integer.valueOf(s.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Boolean direct(String s) {
        return s == null ? null : s.equals("1") || s.equalsIgnoreCase("true");
    }

    private static Double finite(double v) {
        return Double.isNaN(v) ? null : v;
    }
}
