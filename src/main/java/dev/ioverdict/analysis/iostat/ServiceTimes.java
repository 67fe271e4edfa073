package dev.ioverdict.analysis.iostat;

import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.model.iostat.IostatSample;

/**
 * Response time, busy %, queue and IOPS from a row of any dialect, under the tools' own
 * definitions: sysstat's await is (read + write + discard ticks) / completed requests, so where
 * a release prints only r_await, w_await and d_await (12.x) their rate-weighted mean is await;
 * Solaris' svc_t is wait + active time per request, so with -n it is wsvc_t + asvc_t.
 */
final class ServiceTimes {
    private static final String[][] RATE_AWAIT = {{"r/s", "r_await"}, {"w/s", "w_await"}, {"d/s", "d_await"}};

    private ServiceTimes() {
    }

    static IostatPoint point(IostatSample s) {
        return new IostatPoint(s, response(s), busyPct(s), queue(s), iops(s), s.value("%w"));
    }

    /** The busy % of {@link #point}, alone: what ranks the devices while they are read. */
    static double busyPct(IostatSample s) {
        double busy = s.dialect() == IostatDialect.SOLARIS ? s.value("%b") : s.value("%util");
        // above 100 only by iostat's rounding: see IostatDevice.Stat.UTILISATION_CLIPPED
        return busy > 100 ? 100 : busy;
    }

    /** Whether a column is a share of the interval the device was busy, which cannot exceed 100 %. */
    static boolean utilisation(String column) {
        return column.equals("%util") || column.equals("%b");
    }

    /** Which printed columns the response time comes from, for captions and findings. */
    static String responseLabel(IostatSample s) {
        if (s.dialect() == IostatDialect.SOLARIS) {
            return s.has("svc_t") ? "svc_t" : "wsvc_t+asvc_t";
        }
        return s.has("await") ? "await" : "r/w await";
    }

    static String busyLabel(IostatSample s) {
        return s.dialect() == IostatDialect.SOLARIS ? "%b" : "%util";
    }

    static String queueLabel(IostatSample s) {
        if (s.dialect() == IostatDialect.SOLARIS) {
            return "wait+actv";
        }
        return s.has("aqu-sz") ? "aqu-sz" : "avgqu-sz";
    }

    private static double response(IostatSample s) {
        if (s.dialect() == IostatDialect.SOLARIS) {
            if (s.has("svc_t")) {
                return s.value("svc_t");
            }
            if (s.has("asvc_t")) {
                return s.value("asvc_t") + (s.has("wsvc_t") ? s.value("wsvc_t") : 0);
            }
            return Double.NaN;
        }
        if (s.has("await")) {
            return s.value("await");
        }
        double weighted = 0;
        double requests = 0;
        boolean any = false;
        for (String[] ra : RATE_AWAIT) {
            if (s.has(ra[0]) && s.has(ra[1])) {
                any = true;
                weighted += s.value(ra[0]) * s.value(ra[1]);
                requests += s.value(ra[0]);
            }
        }
        if (!any) {
            return Double.NaN;
        }
        return requests == 0 ? 0 : weighted / requests;
    }

    private static double queue(IostatSample s) {
        if (s.dialect() == IostatDialect.SOLARIS) {
            return s.has("wait") && s.has("actv") ? s.value("wait") + s.value("actv") : Double.NaN;
        }
        return s.has("aqu-sz") ? s.value("aqu-sz") : s.value("avgqu-sz");
    }

    static double iops(IostatSample s) {
        if (!s.has("r/s") && !s.has("w/s")) {
            return s.value("tps");
        }
        double sum = 0;
        for (String c : new String[] {"r/s", "w/s", "d/s"}) {
            if (s.has(c)) {
                sum += s.value(c);
            }
        }
        return sum;
    }
}
