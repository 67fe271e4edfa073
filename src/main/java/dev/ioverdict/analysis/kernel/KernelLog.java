package dev.ioverdict.analysis.kernel;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ioverdict.model.kernel.HungTask;
import dev.ioverdict.model.kernel.KernelEvent;
import dev.ioverdict.model.kernel.KernelEventKind;
import java.util.List;
import java.util.Map;

/**
 * The storage side of the case's kernel logs: events grouped by the device they name (an NVMe
 * namespace {@code nvme2n1} under its controller {@code nvme2}, a multipath path under its own
 * name), messages that name no device, and hung-task reports, each list cut at
 * {@link KernelLogAnalysis#KEPT} with the rest counted. Also the report's {@code kernelLog}.
 */
@JsonPropertyOrder({"devices", "hungTasks", "hungTasksNotListed", "other"})
public record KernelLog(List<DeviceEvents> devices, @JsonIgnore List<HungTask> hungTaskReports,
                        @JsonInclude(JsonInclude.Include.NON_DEFAULT) long hungTasksNotListed,
                        @JsonIgnore List<KernelEvent> other, @JsonIgnore long otherNotKept) {
    public KernelLog {
        devices = List.copyOf(devices);
        hungTaskReports = List.copyOf(hungTaskReports);
        other = List.copyOf(other);
    }

    /**
     * One device's messages counted per kind (for report.json), and of its failures the first ones
     * in log order ({@code keptFailures}, the evidence), the last one, and the line of the first one
     * in each file.
     */
    @JsonPropertyOrder({"device", "names", "maps", "counts", "failures"})
    public record DeviceEvents(String device, List<String> names, List<String> maps,
                               Map<KernelEventKind, Integer> counts, @JsonIgnore List<KernelEvent> keptFailures,
                               @JsonIgnore KernelEvent lastFailure, @JsonIgnore Map<String, Long> firstFailureLine) {
        public DeviceEvents {
            names = List.copyOf(names);
            maps = List.copyOf(maps);
            counts = java.util.Collections.unmodifiableMap(new java.util.EnumMap<>(counts));
            keptFailures = List.copyOf(keptFailures);
            firstFailureLine = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(firstFailureLine));
        }

        /** Error, timeout, abort, reset and path-failure messages, all of them counted. */
        public long failures() {
            return counts.entrySet().stream().filter(e -> e.getKey().failure()).mapToLong(Map.Entry::getValue).sum();
        }

        /** How many of each kind of failure, in the kinds' order. */
        @JsonIgnore
        public Map<KernelEventKind, Long> failureKinds() {
            Map<KernelEventKind, Long> out = new java.util.EnumMap<>(KernelEventKind.class);
            counts.forEach((k, n) -> {
                if (k.failure()) {
                    out.put(k, (long) n);
                }
            });
            return out;
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
