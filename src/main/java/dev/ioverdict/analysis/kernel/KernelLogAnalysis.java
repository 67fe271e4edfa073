package dev.ioverdict.analysis.kernel;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.kernel.HungTask;
import dev.ioverdict.model.kernel.KernelEvent;
import dev.ioverdict.model.kernel.KernelEventKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Groups the kernel log's storage events per device and keeps the hung-task reports: {@link KernelLog}.
 * Events are counted as they are read, not kept: a failing disk can log millions of errors, and a
 * device keeps only its first {@link #KEPT} failures (the evidence quoted), its last one and the
 * line of its first failure in each file; so do the messages that name no device and the hung tasks.
 */
public final class KernelLogAnalysis implements Analysis {
    /** Failures kept per device, messages without a device and hung-task reports kept: the rest are counted. */
    static final int KEPT = 1_000;

    private final Map<String, Group> byDevice = new LinkedHashMap<>();
    private final List<KernelEvent> other = new ArrayList<>();
    private long otherNotKept;
    private final List<HungTask> hung = new ArrayList<>();
    private long hungNotKept;

    /** One device's events as they are read. */
    private static final class Group {
        final Set<String> names = new LinkedHashSet<>();
        final Set<String> maps = new LinkedHashSet<>();
        final Map<KernelEventKind, Integer> counts = new EnumMap<>(KernelEventKind.class);
        final List<KernelEvent> failures = new ArrayList<>();
        KernelEvent lastFailure;
        final Map<String, Long> firstFailureLine = new LinkedHashMap<>();
    }

    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(KernelLog.class);
    }

    @Override
    public void attach(Facts facts) {
        facts.stream(KernelEvent.class, this::event);
        facts.stream(HungTask.class, h -> {
            if (hung.size() < KEPT) {
                hung.add(h);
            } else {
                hungNotKept++;
            }
        });
    }

    private void event(KernelEvent e) {
        if (e.device() == null) {
            if (other.size() < KEPT) {
                other.add(e);
            } else {
                otherNotKept++;
            }
            return;
        }
        Group g = byDevice.computeIfAbsent(deviceKey(e.device()), k -> new Group());
        g.names.add(e.device());
        if (e.map() != null) {
            g.maps.add(e.map());
        }
        g.counts.merge(e.kind(), 1, Integer::sum);
        if (e.kind().failure()) {
            if (g.failures.size() < KEPT) {
                g.failures.add(e);
            }
            g.lastFailure = e;
            g.firstFailureLine.putIfAbsent(e.input(), e.line());
        }
    }

    @Override
    public void finish(Facts facts, Results results) {
        if (byDevice.isEmpty() && other.isEmpty() && hung.isEmpty()) {
            return;
        }
        List<KernelLog.DeviceEvents> devices = new ArrayList<>();
        for (Map.Entry<String, Group> d : byDevice.entrySet()) {
            Group g = d.getValue();
            devices.add(new KernelLog.DeviceEvents(d.getKey(), List.copyOf(g.names), List.copyOf(g.maps), g.counts,
                    g.failures, g.lastFailure, g.firstFailureLine));
        }
        results.put(KernelLog.class, new KernelLog(devices, hung, hungNotKept, other, otherNotKept));
    }

    /** {@code nvme2n1} and {@code nvme2n1p3} are namespaces of controller {@code nvme2}, which the errors name. */
    public static String deviceKey(String device) {
        if (device.startsWith("nvme")) {
            int n = device.indexOf('n', 4);
            if (n > 4) {
                return device.substring(0, n);
            }
        }
        return device;
    }
}
