package dev.ioverdict.analysis.syscall;

import dev.ioverdict.model.Evidence;
import java.util.List;
import java.util.Map;

/**
 * What the syscall rules quote besides the report section: the slowest io_submit and io_getevents
 * calls of each process, keyed {@code source|input|pid|name}.
 */
public record SyscallEvidence(Map<String, List<Evidence>> slowest) {
    public SyscallEvidence {
        slowest = Map.copyOf(slowest);
    }

    public static String key(String source, String input, Integer pid) {
        return source + "|" + input + "|" + pid;
    }

    /** The slowest calls named {@code name} of one process of one input, slowest first. */
    public List<Evidence> slowest(String source, String input, Integer pid, String name) {
        return slowest.getOrDefault(key(source, input, pid) + "|" + name, List.of());
    }
}
