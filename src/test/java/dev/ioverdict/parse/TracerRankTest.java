package dev.ioverdict.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tracers' order of trust is declared on the formats, and only the formats that time syscalls have a place in it. */
class TracerRankTest {
    @Test
    void perfBeforeLinuxKiBeforeStraceAndOtherFormatsLast() {
        List<String> ranked = InputFormats.all().stream().map(InputFormat::id)
                .filter(id -> InputFormats.tracerRank(id) < SyscallTiming.NONE.ordinal())
                .sorted(Comparator.comparingInt(InputFormats::tracerRank)).toList();
        assertEquals(List.of("perf-script", "perf-trace", "linuxki", "strace"), ranked);
        assertEquals(SyscallTiming.NONE.ordinal(), InputFormats.tracerRank("iostat"));
        assertEquals(SyscallTiming.NONE.ordinal(), InputFormats.tracerRank("no-such-format"));
        assertTrue(InputFormats.tracerRank("linuxki") < InputFormats.tracerRank("strace"));
    }
}
