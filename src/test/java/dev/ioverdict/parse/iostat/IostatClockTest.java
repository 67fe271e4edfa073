package dev.ioverdict.parse.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
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
    @Test
    void theStampsOfTheCLocaleAreToldByTheirShape() {
        assertTrue(IostatClock.isSlashed("11/21/26 08:30:01"));
        assertTrue(IostatClock.isSlashed("11/21/2026   08:30:01"));
        for (String s : List.of("11/21/26 08:30:01 PM", " 11/21/26 08:30:01", "11/21/26 08:30:01 ", "11/21/26\t08:30:01",
                "11/21/26 8:30:01", "11/21/263 08:30:01", "1/21/26 08:30:01", "11-21-26 08:30:01", "11/21/26", "")) {
            assertFalse(IostatClock.isSlashed(s), s);
        }
    }

    /** The in-place reading of the C locale's stamps against the general one, clock state and all. */
    @Property(tries = 1000)
    void slashedStampsReadAsTheGeneralReadingReadsThem(@ForAll("stampRuns") List<String> lines) {
        IostatClock quick = new IostatClock();
        IostatClock general = new IostatClock();
        for (String line : lines) {
            if (line.startsWith("banner ")) {
                assertEquals(general.banner(line.substring(7)), quick.banner(line.substring(7)), line);
            } else {
                assertEquals(general.anyStamp(line), quick.stamp(line), line);
            }
        }
    }

    @Provide
    Arbitrary<List<String>> stampRuns() {
        Arbitrary<String> two = Arbitraries.integers().between(0, 99).map(i -> String.format("%02d", i));
        Arbitrary<String> small = Arbitraries.integers().between(0, 14).map(i -> String.format("%02d", i));
        Arbitrary<String> year = Arbitraries.of("26", "99", "00", "69", "70", "2026", "1999", "0000");
        Arbitrary<String> date = Arbitraries.oneOf(
                Combinators.combine(small, small, year).as((a, b, y) -> a + "/" + b + "/" + y),
                Combinators.combine(two, two, year).as((a, b, y) -> a + "/" + b + "/" + y));
        Arbitrary<String> hour = Arbitraries.integers().between(0, 25).map(i -> String.format("%02d", i));
        Arbitrary<String> minute = Arbitraries.integers().between(55, 61).map(i -> String.format("%02d", i));
        Arbitrary<String> time = Combinators.combine(hour, minute, minute).as((h, m, s) -> h + ":" + m + ":" + s);
        Arbitrary<String> stamp = Combinators.combine(date, Arbitraries.of(" ", "  ", "\t"), time)
                .as((d, sp, t) -> d + sp + t);
        Arbitrary<String> line = Arbitraries.frequencyOf(Tuple.of(8, stamp),
                Tuple.of(1, date.map(d -> "banner " + d)));
        return line.list().ofMinSize(1).ofMaxSize(12);
    }
}
