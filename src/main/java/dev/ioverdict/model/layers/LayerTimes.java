package dev.ioverdict.model.layers;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * Where the time of one I/O goes, layer by layer (application syscall -> block queue -> I/O
 * scheduler -> device), from whatever the bundle measured, with one sentence that says which layer
 * holds the time; and, where syscalls and block events were both traced, the application's longest
 * waits followed down to the I/O they waited for ({@code paths}, with {@code pathsNote} saying how
 * they were tied or why they could not be).
 */
@JsonPropertyOrder({"summary", "rows", "paths", "pathsNote"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LayerTimes(String summary, List<Row> rows, List<IoPath> paths, String pathsNote) {
    public LayerTimes {
        rows = List.copyOf(rows);
        paths = paths == null ? null : List.copyOf(paths);
    }

    public LayerTimes(String summary, List<Row> rows) {
        this(summary, rows, null, null);
    }

    /**
     * One measurement: {@code layer} is application, block, scheduler, allocation or device;
     * {@code scope} the device or process it is about (never several devices averaged together);
     * times in seconds; {@code p99} where the source has percentiles, {@code max} where it has a
     * maximum; {@code worst} is the maximum where known, else the p99 ({@code worstIs} says which).
     */
    @JsonPropertyOrder({"layer", "what", "source", "scope", "n", "avg", "p99", "max", "worst", "worstIs"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Row(String layer, String what, String source, String scope, long n, Double avg, Double p99,
                      Double max) {
        public Double worst() {
            return max != null ? max : p99;
        }

        public String worstIs() {
            return max != null ? "max" : p99 != null ? "p99" : null;
        }
    }
}
