package dev.ioverdict.analysis.kernel;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ioverdict.model.kernel.HungTask;
import dev.ioverdict.model.kernel.KernelEvent;
import dev.ioverdict.model.kernel.KernelEventKind;
import java.util.List;
import java.util.Map;

/**
 * The storage side of the case's kernel logs: events grouped by the device they name (an NVMe
 * namespace {@code nvme2n1} under its controller {@code nvme2}, a multipath path under its own
 * name), messages that name no device, and hung-task reports. Also the report's {@code kernelLog}.
 */
@JsonPropertyOrder({"devices", "hungTasks", "other"})
public record KernelLog(List<DeviceEvents> devices, @JsonIgnore List<HungTask> hungTaskReports,
                        @JsonIgnore List<KernelEvent> other) {
    public KernelLog {
        devices = List.copyOf(devices);
        hungTaskReports = List.copyOf(hungTaskReports);
        other = List.copyOf(other);
    }

    /** One device's events in log order, with counts per kind for report.json. */
    @JsonPropertyOrder({"device", "names", "maps", "counts", "failures"})
    public record DeviceEvents(String device, List<String> names, List<String> maps,
                               Map<KernelEventKind, Integer> counts, @JsonIgnore List<KernelEvent> events) {
        public DeviceEvents {
            names = List.copyOf(names);
            maps = List.copyOf(maps);
            counts = java.util.Collections.unmodifiableMap(new java.util.EnumMap<>(counts));
            events = List.copyOf(events);
        }

        public long failures() {
            return events.stream().filter(e -> e.kind().failure()).count();
        }
    }

    /** Hung tasks for report.json: who, how long, where, innermost frames. */
    public List<Map<String, Object>> hungTasks() {
        return hungTaskReports.stream().map(h -> {
            Map<String, Object> m = new java.util.LinkedHashMap<>();
            m.put("task", h.task());
            m.put("pid", h.pid());
            m.put("blockedSeconds", h.blockedSeconds());
            m.put("input", h.input());
            m.put("line", h.line());
            m.put("frames", h.frames().subList(0, Math.min(12, h.frames().size())));
            return m;
        }).toList();
    }
}
