package dev.ioverdict.analysis.iostat;

import dev.ioverdict.model.iostat.IostatSample;

/**
 * One report of one device, reduced to what every dialect can say: response time (ms from
 * request to completion, queueing included), busy %, average requests outstanding, I/Os per
 * second and, on Solaris, % of time requests waited. NaN where the dialect does not print it.
 */
public record IostatPoint(IostatSample sample, double responseMs, double busyPct, double queue, double iops,
                          double waitPct) {
    /** Whether the device did I/O in this report (true when the layout prints no rates to tell). */
    public boolean hasIo() {
        return Double.isNaN(iops) || iops > 0;
    }
}
