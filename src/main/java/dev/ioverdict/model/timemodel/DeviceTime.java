package dev.ioverdict.model.timemodel;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One device as the model judges it: its class of media and the service time expected of it, the
 * service time measured per direction (D2C, else iostat's r_await / w_await), the light-load
 * baseline, and the device's own time over the capture (the unit where no application was traced).
 */
@JsonPropertyOrder({"device", "label", "media", "mediaBasis", "expectedMaxServiceMs", "readServiceMs",
    "writeServiceMs", "baselineServiceMs", "deviceSeconds", "source"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DeviceTime(String device, String label, String media, String mediaBasis, Double expectedMaxServiceMs,
                         Double readServiceMs, Double writeServiceMs, Double baselineServiceMs, Double deviceSeconds,
                         String source) {
    /** Whether either direction's service time is above what its class is expected to give (never, without an expectation). */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean aboveExpected() {
        return expectedMaxServiceMs != null && (readServiceMs != null && readServiceMs > expectedMaxServiceMs
                || writeServiceMs != null && writeServiceMs > expectedMaxServiceMs);
    }
}
