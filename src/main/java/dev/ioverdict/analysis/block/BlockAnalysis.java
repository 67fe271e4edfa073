package dev.ioverdict.analysis.block;

import dev.ioverdict.analysis.LogHistogram;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.SchedulerWait;
import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.UnusedInputs;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.block.BlockInput;
import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.model.block.RequestTimes;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.BlockDistributions;
import dev.ioverdict.model.block.PhaseDistribution;
import dev.ioverdict.model.block.DeviceTimeline;
import dev.ioverdict.model.block.LatencyHistogram;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Block request lifecycles from blkparse or perf block events, streamed (never kept): btt's
 * figures exactly, plus the slowest I/Os, per-device timelines and latency histograms. Events
 * of each origin are tracked apart (a bundle may hold a trace as blktrace's files, their blkparse
 * text and a perf trace of the same disks): the report shows one form of the blktrace trace when
 * there is one ({@link #shown(Map)}), else perf's, and says on each other form's inputs why they were
 * not counted.
 */
public final class BlockAnalysis implements Analysis {
    private final Map<String, String> sourceOfInput = new HashMap<>();
    private final Map<String, BttTracker> bySource = new LinkedHashMap<>();
    /**
     * The tracker of each input, by the input's identity (the same String instance for every
     * event of a file): binary traces interleave the events of dozens of per-CPU files, and a
     * map lookup per event showed in profiles.
     */
    private final String[] cachedInput = new String[64];
    private final BttTracker[] cachedTracker = new BttTracker[64];

    @Override
    public void attach(Facts facts) {
        facts.stream(BlockInput.class, i -> {
            sourceOfInput.put(i.input(), i.source());
            Arrays.fill(cachedInput, null); // an input named again may now have another source
        });
        facts.stream(BlockEvent.class, this::accept);
    }

    void accept(BlockEvent e) {
        String input = e.input();
        int slot = System.identityHashCode(input) & (cachedInput.length - 1);
        BttTracker tracker = cachedTracker[slot];
        if (cachedInput[slot] != input) {
            String source = sourceOfInput.getOrDefault(input, BlockInput.PERF_SCRIPT);
            tracker = bySource.computeIfAbsent(source, s -> new BttTracker());
            cachedInput[slot] = input;
            cachedTracker[slot] = tracker;
        }
        tracker.accept(e);
    }

    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(BlockTrace.class, BlockSection.class, BlockDistributions.class,
                BlockProcessTimes.class, RequestTimes.class, UnusedInputs.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        Map<String, Set<String>> forms = forms();
        String source = shown(forms);
        BttTracker tracker = source == null ? null : bySource.get(source);
        if (tracker == null || tracker.events() == 0) {
            return;
        }
        results.put(UnusedInputs.class, unused(source, forms));
        String label = BlockInput.label(source);
        BlockTrace trace = trace(tracker, label);
        results.put(BlockTrace.class, trace);
        results.put(BlockSection.class, trace.section());
        results.put(BlockDistributions.class, distributions(tracker));
        results.put(BlockProcessTimes.class, processTimes(tracker));
        // perf's block events share their clock with perf's syscall tracepoints: the log to match calls against
        BttTracker perf = bySource.get(BlockInput.PERF_SCRIPT);
        boolean perfHasEvents = perf != null && perf.events() > 0;
        BttTracker matched = perfHasEvents ? perf : tracker;
        results.put(RequestTimes.class, matched.log().build(perfHasEvents ? BlockInput.PERF_SCRIPT : label,
                matched.grid().origin(), matched.grid().last()));
    }

    /**
     * The forms of a blktrace trace the bundle holds events in, in {@link BlockInput#FORMS}' order,
     * each with the devices it has figures for.
     */
    private Map<String, Set<String>> forms() {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (String form : BlockInput.FORMS) {
            BttTracker t = bySource.get(form);
            if (t != null && t.events() > 0) {
                out.put(form, devices(t));
            }
        }
        return out;
    }

    /**
     * The origin whose figures the report shows: of the forms of a blktrace trace, the first that
     * holds every device the others hold (else the first); perf's block events only when the
     * bundle has no blktrace trace in any form.
     */
    private String shown(Map<String, Set<String>> forms) {
        if (forms.isEmpty()) {
            return bySource.containsKey(BlockInput.PERF_SCRIPT) ? BlockInput.PERF_SCRIPT : null;
        }
        Set<String> all = new TreeSet<>();
        forms.values().forEach(all::addAll);
        return forms.entrySet().stream().filter(f -> f.getValue().containsAll(all)).map(Map.Entry::getKey).findFirst()
                .orElse(forms.keySet().iterator().next());
    }

    /** The devices a tracker has figures for. */
    private static Set<String> devices(BttTracker t) {
        Set<String> out = new TreeSet<>();
        for (BttDevice d : t.devices()) {
            if (d.nQs > 0 || d.nDs > 0) {
                out.add(d.name);
            }
        }
        return out;
    }

    /** The inputs of the other forms of the trace than the one {@code shown}: read, not counted, and why. */
    private UnusedInputs unused(String shown, Map<String, Set<String>> forms) {
        Set<String> held = forms.get(shown);
        if (held == null || forms.size() == 1) {
            return UnusedInputs.NONE;
        }
        List<String> shownInputs = inputsOf(shown);
        String from = (shownInputs.size() <= 3 ? String.join(", ", shownInputs)
                : String.join(", ", shownInputs.subList(0, 2)) + " and " + (shownInputs.size() - 2) + " more")
                + " (" + BlockInput.form(shown) + ")";
        List<UnusedInputs.Entry> out = new ArrayList<>();
        forms.forEach((form, own) -> {
            if (form.equals(shown)) {
                return;
            }
            String why = held.containsAll(own)
                    ? "the same block trace as " + from + ", whose figures the report shows: its events are not "
                            + "counted a second time"
                    : "its block events (devices " + String.join(", ", own) + ") are not in the block figures, which "
                            + "come from " + from + "; two forms of one trace are never added together: give "
                            + "ioverdict the one form that holds every device";
            inputsOf(form).forEach(input -> out.add(new UnusedInputs.Entry(input, why)));
        });
        return new UnusedInputs(out);
    }

    private List<String> inputsOf(String source) {
        return sourceOfInput.entrySet().stream().filter(e -> e.getValue().equals(source)).map(Map.Entry::getKey)
                .sorted().toList();
    }

    static BlockProcessTimes processTimes(BttTracker tracker) {
        List<BlockProcessTimes.Entry> entries = new ArrayList<>();
        List<BlockProcessTimes.Flushes> flushes = new ArrayList<>();
        List<BlockProcessTimes.Baseline> baselines = new ArrayList<>();
        List<BlockProcessTimes.SliceEntry> slices = new ArrayList<>();
        List<BlockProcessTimes.Writes> writes = new ArrayList<>();
        List<BlockProcessTimes.FlushWait> flushWaits = new ArrayList<>();
        for (BttDevice d : tracker.devices()) {
            d.processTimes.results(d.name, d.requests.d2c, d.requests.depths, entries, flushes, baselines, slices, writes);
            d.processTimes.flushWaits(d.name, flushWaits);
        }
        // the longest device's span, not the trace's: two captures on different clocks in one bundle (a trace
        // counting from its start beside one stamped since the epoch) are not one capture of 40 years
        double span = tracker.devices().stream().mapToDouble(d -> d.processTimes.spanSeconds()).max().orElse(0);
        return new BlockProcessTimes(entries, flushes, baselines, Btt.seconds(tracker.sliceWidth()), slices, span, writes,
                flushWaits);
    }

    /** Each device's phase samples as their fine histogram (Q2Q, an arrival gap, is not a latency). */
    static BlockDistributions distributions(BttTracker tracker) {
        List<PhaseDistribution> out = new ArrayList<>();
        List<PhaseDistribution> requests = new ArrayList<>();
        for (BttDevice d : tracker.devices()) {
            if (d.requests.d2c.total() > 0) {
                requests.add(distribution(d.name, Phase.D2C, null, d.requests.d2c, d.requests.d2c.max()));
            }
            for (Phase phase : Phase.BTT) {
                PhaseSamples s = d.samples(phase);
                if (phase == Phase.Q2Q || phase == Phase.Q2Qdm || s == null || s.n == 0) {
                    continue;
                }
                out.add(distribution(d.name, phase, null, s.histogram(), s.max));
                boolean d2c = phase == Phase.D2C;
                boolean split = d2c || phase == Phase.Q2C || phase == Phase.Q2Cdm;
                LogHistogram reads = !split ? null : d2c ? d.d2cByDirection(0) : d.q2cByDirection(0);
                LogHistogram writes = !split ? null : d2c ? d.d2cByDirection(1) : d.q2cByDirection(1);
                // only a device that did both: one direction alone is the whole distribution again
                if (reads != null && writes != null) {
                    out.add(distribution(d.name, phase, "reads", reads, reads.max()));
                    out.add(distribution(d.name, phase, "writes", writes, writes.max()));
                }
            }
        }
        return new BlockDistributions(out, requests);
    }

    private static PhaseDistribution distribution(String device, Phase phase, String direction, LogHistogram h,
                                                  long max) {
        List<double[]> bins = new ArrayList<>();
        h.forEachBin((lowest, count) -> bins.add(new double[] {
            Btt.seconds(Math.min(LogHistogram.highest(LogHistogram.index(lowest)), max)), count}));
        double[] upTo = new double[bins.size()];
        long[] counts = new long[bins.size()];
        for (int i = 0; i < upTo.length; i++) {
            upTo[i] = bins.get(i)[0];
            counts[i] = (long) bins.get(i)[1];
        }
        return new PhaseDistribution(device, phase, direction, upTo, counts, Btt.seconds(h.sum()));
    }

    static BlockTrace trace(BttTracker tracker, String source) {
        BlockSection section = BttFigures.section(tracker, source);
        List<DeviceTimeline> timelines = new ArrayList<>();
        List<LatencyHistogram> histograms = new ArrayList<>();
        long origin = tracker.grid().origin();
        for (BttDevice d : tracker.devices()) {
            timelines.add(d.requests.timeline.build(d.name, d.requests.d2cPoints.points(origin)));
            if (d.requests.d2c.total() > 0) {
                histograms.add(LatencyBuckets.of(d.name, Phase.D2C, d.requests.d2c));
            }
            PhaseSamples q2c = d.samples(d.remapper ? Phase.Q2Cdm : Phase.Q2C);
            if (q2c != null && q2c.n > 0) {
                histograms.add(LatencyBuckets.of(d.name, Phase.Q2C, q2c.histogram()));
            }
        }
        List<SchedulerWait> waits = new ArrayList<>();
        tracker.devices().forEach(d -> waits.addAll(d.scheduler.results(d.name, d)));
        List<BlockTrace.Remap> remaps = new ArrayList<>();
        tracker.requests().remaps().forEach((pair, n) ->
                remaps.add(new BlockTrace.Remap(dev((int) (pair >>> 32)), dev((int) (long) pair), n[0])));
        return new BlockTrace(section, tracker.requests().slowest().slowest(), timelines, histograms, remaps, waits,
                tracker.requests().slowestByProcess());
    }

    private static String dev(int devT) {
        return (devT >>> 20) + "," + (devT & 0xfffff);
    }
}
