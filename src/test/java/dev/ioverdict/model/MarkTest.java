package dev.ioverdict.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MarkTest {
    @Test
    void secondsSinceTheStart() {
        Mark m = Mark.parse("95s=failover");
        assertEquals(95.0, m.sinceStart());
        assertEquals("failover", m.label());
        assertEquals(95.0, m.x(1.7e9)); // the same on every clock: seconds from each input's start
    }

    @Test
    void isoWithZoneIsAnInstant() {
        Mark m = Mark.parse("2026-11-21T08:34:10+01:00=patch applied");
        assertEquals(1_795_246_450.0, m.epochSeconds()); // 07:34:10 UTC
        assertNull(m.assumption());
        assertEquals(10.0, m.x(1_795_246_440.0));
        assertNull(m.x(null)); // a trace's own clock has no wall-clock time to place it on
    }

    @Test
    void isoWithoutZoneIsReadAsUtcAndSaysSo() {
        Mark m = Mark.parse("2026-11-21 08:34:10=restart");
        assertEquals(1_795_250_050.0, m.epochSeconds());
        assertTrue(m.assumption().contains("UTC"));
    }

    @Test
    void malformedMarksAreRefusedWithTheReason() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Mark.parse("failover")).getMessage()
                .contains("TIME=LABEL"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Mark.parse("95=")).getMessage()
                .contains("label"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Mark.parse("yesterday=x")).getMessage()
                .contains("ISO 8601"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Mark.parse("-5=x")).getMessage()
                .contains("negative"));
    }
}
