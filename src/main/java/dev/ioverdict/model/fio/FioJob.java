package dev.ioverdict.model.fio;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One fio job's figures for one direction (read, write, trim) from fio's normal output: IOPS,
 * issued I/Os, and its latencies in seconds — slat (submission), clat (completion), lat (both) —
 * with clat's percentiles keyed as fio prints them ("99.00"); {@code bandwidth} in bytes per second
 * (NaN when fio did not print BW=).
 */
@JsonPropertyOrder({"job", "pid", "direction", "iops", "bandwidth", "issued", "slat", "clat", "lat", "clatPercentiles"})
public record FioJob(String input, long line, String text, String job, Integer pid, String direction, double iops,
                     double bandwidth, Long issued, Latency slat, Latency clat, Latency lat,
                     Map<String, Double> clatPercentiles) implements FioFact {
    public FioJob {
        clatPercentiles = Collections.unmodifiableMap(new LinkedHashMap<>(clatPercentiles));
    }

    /** min, max, avg and stdev of one latency line, in seconds. */
    public record Latency(double min, double max, double avg, double stdev) {
    }
}
