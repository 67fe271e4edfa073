package dev.ioverdict.model.config;

import java.util.List;

/** /sys/block/DEV/queue/scheduler: the active elevator (null when none is bracketed) and the choices. */
public record SchedulerSetting(String device, String active, List<String> available, String input, long line,
                               String text) implements ConfigFact {
    public SchedulerSetting {
        available = List.copyOf(available);
    }
}
