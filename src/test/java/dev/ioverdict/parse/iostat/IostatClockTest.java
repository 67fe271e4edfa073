package dev.ioverdict.parse.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The stamp forms sysstat prints under the locales consultants meet, and Solaris' -T d / -T u. */
class IostatClockTest {
    private static final double NOV_21_2026_083001 = 1795249801;

    @Test
    void cLocaleUsLocaleAndIso() {
        IostatClock c = new IostatClock();
        assertEquals(NOV_21_2026_083001, c.stamp("11/21/26 08:30:01"));
        assertEquals(NOV_21_2026_083001, c.stamp("11/21/2026 08:30:01 AM"));
        assertEquals(NOV_21_2026_083001 + 12 * 3600, c.stamp("11/21/2026 08:30:01 PM"));
        assertEquals(NOV_21_2026_083001 - 8 * 3600 - 30 * 60 - 1, c.stamp("11/21/2026 12:00:00 AM"));
        assertEquals(NOV_21_2026_083001, c.stamp("2026-11-21T08:30:01+0000"));
        assertEquals(NOV_21_2026_083001, c.stamp("2026-11-21T09:30:01+0100"));
        assertEquals(NOV_21_2026_083001 + 5 * 3600, c.stamp("2026-11-21T08:30:01-0500"));
        assertEquals(NOV_21_2026_083001, c.stamp("2026-11-21 08:30:01"));
    }

    @Test
    void dayFirstLocalesAreLearntFromTheFirstUnambiguousDate() {
        IostatClock gb = new IostatClock();
        gb.banner("21/11/26");
        assertEquals(NOV_21_2026_083001 - 20 * 86400, gb.stamp("01/11/26 08:30:01"), "1 November, not 11 January");
        assertEquals(NOV_21_2026_083001, new IostatClock().stamp("21.11.2026 08:30:01"));
    }

    @Test
    void solarisDateAndEpochStamps() {
        IostatClock c = new IostatClock();
        assertEquals(1069685916, c.stamp("Mon Nov 24 14:58:36 2003"));
        assertEquals(1069685916, c.stamp("Mon Nov 24 14:58:36 PST 2003"));
        assertEquals(1069685916, c.stamp("1069685916"));
    }

    @Test
    void oldSysstatTimeOnlyStampsUseTheBannerDateAndCrossMidnight() {
        IostatClock c = new IostatClock();
        assertEquals("2026-11-21", c.banner("11/21/2026"));
        assertEquals(NOV_21_2026_083001 - 8 * 3600 - 30 * 60 - 1 + 23 * 3600 + 59 * 60 + 59, c.stamp("Time: 11:59:59 PM"));
        assertEquals(NOV_21_2026_083001 - 8 * 3600 - 30 * 60 - 1 + 86400, c.stamp("Time: 12:00:00 AM"));
    }

    @Test
    void otherLinesAreNotStamps() {
        IostatClock c = new IostatClock();
        for (String s : new String[] {"sda 0.00 1.00", "avg-cpu:  %user", "starting fio", "11/21/26", "25:00:00",
            "12345", "2026-13-01 08:30:01", "11/21/26 08:30:01 XM"}) {
            assertTrue(Double.isNaN(c.stamp(s)), s);
        }
    }
}
