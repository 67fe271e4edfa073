package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ClocksTest {
    @Test
    void aZoneInTheStampIsDetected() {
        assertEquals("UTC+01:00", Clocks.offset("2026-11-21T08:34:00+01:00"));
        assertEquals("UTC-0500", Clocks.offset("2026-11-21T08:34:00-0500"));
        assertEquals("UTC", Clocks.offset("2026-11-21T08:34:00Z"));
        assertNull(Clocks.offset("2026-11-21T08:34:00"));
        assertNull(Clocks.offset("11/21/26 08:34:00"), "iostat -t's locale stamp carries no zone");
    }

    @Test
    void straceTimesOfDayReadAsTimesOfDay() {
        assertEquals("10:40:04.850440", Clocks.timeOfDay("strace", 38404.850440));
        assertNull(Clocks.timeOfDay("blkparse", 4.45));
    }

    /** The clock each format declares is what the report says; dmesg's seconds count from boot, not from the capture. */
    @Test
    void theReportSaysTheClockTheFormatDeclares() {
        assertEquals("seconds since the block trace started", Clocks.clock("blktrace", false));
        assertEquals("seconds since boot, as dmesg prints them", Clocks.clock("kernel-log", false));
        assertEquals("none: a clock since boot, not a time of day", Clocks.zone(null, "dmesg", "kernel-log", false));
        assertEquals("the file's own clock", Clocks.clock("unknown", false));
    }
}
