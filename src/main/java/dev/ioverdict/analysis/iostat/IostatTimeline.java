package dev.ioverdict.analysis.iostat;

import java.util.List;
import java.util.Optional;

/** Every device series of every iostat file of the case, in file order then iostat's device order. */
public record IostatTimeline(List<DeviceSeries> series) {
    public IostatTimeline {
        series = List.copyOf(series);
    }

    public Optional<DeviceSeries> find(String input, String device) {
        return series.stream().filter(s -> s.input().equals(input) && s.device().equals(device)).findFirst();
    }
}
