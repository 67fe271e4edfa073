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

/** Groups the kernel log's storage events per device and keeps the hung-task reports: {@link KernelLog}. */
public final class KernelLogAnalysis implements Analysis {
    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(KernelLog.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        List<KernelEvent> events = facts.all(KernelEvent.class);
        List<HungTask> hung = facts.all(HungTask.class);
        if (events.isEmpty() && hung.isEmpty()) {
            return;
        }
        Map<String, List<KernelEvent>> byDevice = new LinkedHashMap<>();
        List<KernelEvent> other = new ArrayList<>();
        for (KernelEvent e : events) {
            if (e.device() == null) {
                other.add(e);
            } else {
                byDevice.computeIfAbsent(deviceKey(e.device()), k -> new ArrayList<>()).add(e);
            }
        }
        List<KernelLog.DeviceEvents> devices = new ArrayList<>();
        for (Map.Entry<String, List<KernelEvent>> d : byDevice.entrySet()) {
            Set<String> names = new LinkedHashSet<>();
            Set<String> maps = new LinkedHashSet<>();
            Map<KernelEventKind, Integer> counts = new EnumMap<>(KernelEventKind.class);
            for (KernelEvent e : d.getValue()) {
                names.add(e.device());
                if (e.map() != null) {
                    maps.add(e.map());
                }
                counts.merge(e.kind(), 1, Integer::sum);
            }
            devices.add(new KernelLog.DeviceEvents(d.getKey(), List.copyOf(names), List.copyOf(maps), counts,
                    d.getValue()));
        }
        results.put(KernelLog.class, new KernelLog(devices, hung, other));
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
