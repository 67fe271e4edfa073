package dev.ioverdict.rules.block;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Measurement;
import dev.ioverdict.rules.Meaning;
import java.util.List;

/**
 * iostat reads a slow device as queueing: aqu-sz counts every request in flight, await includes
 * the device's own time. Where the block trace measured D2C holding the time, iostat's reading is
 * restated as the device's own time, and its claim of a queue is said once to be contradicted: the
 * requests were inside a device that serves several at once.
 */
final class DeviceInsideView implements Meaning.InsideView {
    @Override
    public String restated(Finding cause, Finding iostat) {
        return "iostat's view of the same device: " + iostat.title() + ". These requests were in the device itself (D2C "
                + d2c(cause) + ", " + share(cause) + " of Q2C in the block trace), not queued in front of it: the long "
                + "await is the device's own time.";
    }

    @Override
    public String contradiction(Finding cause, List<Finding> iostat) {
        return "iostat reads " + cause.subject().label() + " as queueing ("
                + String.join("; ", iostat.stream().map(Finding::title).toList()) + "), but the block trace measured "
                + "where each request's time went: D2C " + d2c(cause) + ", " + share(cause) + " of Q2C, almost nothing "
                + "in the scheduler or waiting for a request. The requests iostat counts as outstanding were inside the "
                + "device, which serves several at once; iostat's estimate of queueing does not hold for it.";
    }

    private static String d2c(Finding cause) {
        return cause.measurement(DeviceLatencyRule.D2C_AVG).map(Measurement::display).orElse("?");
    }

    private static String share(Finding cause) {
        return cause.measurement(DeviceLatencyRule.D2C_SHARE).map(Measurement::display).orElse("most");
    }
}
