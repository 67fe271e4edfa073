package dev.ioverdict.rules;

import dev.ioverdict.model.Metric;

/**
 * What the chart beside a finding draws, declared by the rule that raised it ({@link Meaning#chart}):
 * the series the rule judged and the finding's figures that hold its limits, so the renderer
 * draws whatever a rule declares without knowing the rule.
 */
public sealed interface ChartSpec {
    /** No series over time: the finding rests on counts or events over the whole capture. */
    ChartSpec NONE = new None();

    record None() implements ChartSpec {
    }

    /**
     * An iostat series of the device the finding names ({@code device} in the file {@code input}):
     * the response time against {@code responseLimit} on the left, {@code second} on the right
     * ({@code solarisSecond} on Solaris iostat). {@code activeTime}: on Solaris, the active service
     * time asvc_t (the device's own) is drawn instead of the response time.
     */
    record IostatSeries(Metric input, Metric device, Metric responseLimit, boolean activeTime, Axis second,
                        Axis solarisSecond) implements ChartSpec {
    }

    /**
     * The right-hand series of an iostat chart and the figure holding its limit (null: no limit;
     * a report is then over when it has I/O and its response is over). {@code andResponse}: a report
     * is over only when its response time is over too.
     */
    record Axis(Series series, Metric limit, boolean andResponse) {
        public enum Series { BUSY, QUEUE, WAIT_PCT }
    }

    /** Each completion's D2C on the finding's device, against the limits of its average and 99th percentile. */
    record D2cTimeline(Metric device, Metric devno, Metric avgLimit, Metric tailLimit) implements ChartSpec {
    }

    /** The share of Q2C the rule judged ({@code share}, named {@code judged}) among the device's phases, against {@code limit}. */
    record Shares(Metric device, Metric devno, Metric share, String judged, Metric limit) implements ChartSpec {
    }

    /** The cumulative latency distribution of the AIO {@code call}, with the limit on its average. */
    record Distribution(String call, Metric limit) implements ChartSpec {
    }
}
