package dev.ioverdict.model.fio;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * One fio job's figures for one direction (read, write, trim) from fio's normal or JSON output: IOPS,
 * issued I/Os, and its latencies in seconds — slat (submission), clat (completion), lat (both) —
 * with clat's percentiles keyed as fio's normal output prints them ("99.00"); {@code bandwidth} in
 * bytes per second (NaN when fio did not print BW=). {@code group} and {@code jobs} are fio's
 * groupid and the processes the figures are of (several under group_reporting); {@code options}
 * the job's options under fio's names as far as the output states them (rw, bs, ioengine,
 * iodepth, direct, filename ...); {@code runtime} the direction's run time in seconds;
 * {@code clatBins} json+'s clat histogram (nanoseconds to completions), empty for other outputs.
 */
@JsonPropertyOrder({"job", "pid", "direction", "iops", "bandwidth", "issued", "slat", "clat", "lat", "clatPercentiles"})
public record FioJob(String input, long line, String text, String job, Integer pid, String direction, double iops,
                     double bandwidth, Long issued, Latency slat, Latency clat, Latency lat,
                     Map<String, Double> clatPercentiles, Integer group, Integer jobs, Map<String, String> options,
                     Double runtime, Map<Long, Long> clatBins) implements FioFact {
    public FioJob {
        clatPercentiles = Collections.unmodifiableMap(new LinkedHashMap<>(clatPercentiles));
        options = options == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(options));
        clatBins = clatBins == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(clatBins));
    }

    public FioJob(String input, long line, String text, String job, Integer pid, String direction, double iops,
                  double bandwidth, Long issued, Latency slat, Latency clat, Latency lat,
                  Map<String, Double> clatPercentiles) {
        this(input, line, text, job, pid, direction, iops, bandwidth, issued, slat, clat, lat, clatPercentiles,
                null, null, null, null, null);
    }

    /**
     * The clat percentile {@code pct} (0..100) from json+'s histogram in seconds, as fio derives
     * its own: the lowest bin whose completions and all below reach {@code pct} % of them; null without bins.
     */
    public Double clatPercentileFromBins(double pct) {
        long n = 0;
        for (long c : clatBins.values()) {
            n += c;
        }
        if (n == 0) {
            return null;
        }
        long sum = 0;
        for (Map.Entry<Long, Long> b : clatBins.entrySet()) {
            sum += b.getValue();
            if (sum >= pct / 100.0 * n) {
                return b.getKey() / 1e9;
            }
        }
        return null;
    }

    /** min, max, avg and stdev of one latency line, in seconds. */
    public record Latency(double min, double max, double avg, double stdev) {
    }
}
