package dev.ioverdict.model.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class IostatSampleTest {
    private static final IostatColumns COLUMNS = new IostatColumns(IostatDialect.SYSSTAT_NEW,
            "00:00:00 tps %util DEV", List.of("tps", "%util"));

    private static IostatSample built(Double time, double[] values) {
        return new IostatSample("sar.txt", 3, "00:00:01 9.00 1.94 sda", 2, COLUMNS, "sda", 1, false, time,
                "00:00:01", "2026-11-24", 1, values);
    }

    private static IostatSample owned(double time, double[] values) {
        return IostatSample.owning("sar.txt", 3, "00:00:01 9.00 1.94 sda", 2, COLUMNS, "sda", 1, false, time,
                "00:00:01", "2026-11-24", 1, values);
    }

    @Test
    void theConstructorCopiesTheValuesAndOwningTakesThem() {
        double[] values = {9.0, 1.94};
        IostatSample copied = built(1.0, values);
        IostatSample taken = owned(1.0, values);
        values[0] = 42;
        assertEquals(9.0, copied.value("tps"));
        // owning is for an array its caller never touches again: the sample reads it as it is
        assertEquals(42.0, taken.value("tps"));
        assertEquals(1.94, taken.valueAt(1));
        assertEquals(copied.metrics().keySet(), taken.metrics().keySet());
    }

    @Test
    void aStampIsKeptUnboxedAndReadAsBefore() {
        IostatSample stamped = owned(1795305599.0, new double[] {9.0, 1.94});
        assertTrue(stamped.timed());
        assertEquals(1795305599.0, stamped.seconds());
        assertEquals(1795305599.0, stamped.time());

        IostatSample none = owned(Double.NaN, new double[] {9.0, 1.94});
        assertFalse(none.timed());
        assertTrue(Double.isNaN(none.seconds()));
        assertNull(none.time());

        IostatSample nullTime = built(null, new double[] {9.0, 1.94});
        assertFalse(nullTime.timed());
        assertNull(nullTime.time());
        assertTrue(Double.isNaN(nullTime.seconds()));

        // a NaN given through the constructor stays a NaN, as it did when the time was a Double
        IostatSample nanTime = built(Double.NaN, new double[] {9.0, 1.94});
        assertTrue(nanTime.timed());
        assertTrue(Double.isNaN(nanTime.time()));
    }

    @Test
    void bothWaysCheckTheValuesAgainstTheColumns() {
        assertThrows(IllegalArgumentException.class, () -> owned(1.0, new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> built(1.0, new double[] {1, 2, 3}));
    }
}
