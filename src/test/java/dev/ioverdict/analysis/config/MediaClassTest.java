package dev.ioverdict.analysis.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What a request may take on a healthy device of a class: its service time, plus a large request's transfer. */
class MediaClassTest {
    @Test
    void aSmallRequestIsJudgedByItsClassAlone() {
        // 64 KiB or less: the transfer is a fraction of a millisecond, however many are in the device
        assertEquals(5.0, MediaClass.expectedMs(5, 8192, 32, MediaClass.SSD.leastMBps()));
        assertEquals(5.0, MediaClass.expectedMs(5, 64 * 1024, 4, MediaClass.SSD.leastMBps()));
    }

    @Test
    void largeRequestsInTheDeviceAtOnceShareItsThroughput() {
        // seqwrite-1m-3ms-ssd: 4.8 requests of 683 KiB inside an SSD: 5 ms + 4.8 x 699,392 B / 400 MB/s
        assertEquals(5 + 4.8 * 699_392 / 400e6 * 1000, MediaClass.expectedMs(5, 699_392, 4.8, 400), 1e-9);
        // a request alone counts as one in flight, even where Little's law says fewer on average
        assertEquals(20 + 1_048_576 / 100e6 * 1000, MediaClass.expectedMs(20, 1_048_576, 0.3, 100), 1e-9);
        // a 128 KiB request alone: 0.33 ms of transfer on flash, within the margin of its 5 ms
        assertEquals(5.0, MediaClass.expectedMs(5, 131_072, 1, 400));
        // no size known: the class's time
        assertEquals(20.0, MediaClass.expectedMs(20, Double.NaN, 2, 100));
    }
}
