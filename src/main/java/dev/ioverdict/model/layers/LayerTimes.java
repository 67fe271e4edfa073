package dev.ioverdict.model.layers;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * Where the time of one I/O goes, layer by layer (application syscall -> block queue -> I/O
 * scheduler -> device), from whatever the bundle measured, with one sentence that says which layer
 * holds the time.
 */
@JsonPropertyOrder({"summary", "rows"})
public record LayerTimes(String summary, List<Row> rows) {
    public LayerTimes {
        rows = List.copyOf(rows);
    }

    /**
     * One measurement: {@code layer} is application, block, scheduler, allocation or device;
     * times in seconds; {@code worst} is p99 where known, else the maximum.
     */
    @JsonPropertyOrder({"layer", "what", "source", "scope", "n", "avg", "worst", "worstIs"})
    public record Row(String layer, String what, String source, String scope, long n, Double avg, Double worst,
                      String worstIs) {
    }
}
