package dev.ioverdict.model.syscall;

import java.util.Map;

/**
 * A LinuxKI SCHEDULER ACTIVITY REPORT of one process: its {@code Label : value} pairs as printed
 * (RunTime, SysTime, SleepTime, Sleep Cnt, RunQTime, Switch Cnt ...), times in seconds.
 */
public record SchedActivity(String input, long line, String text, int pid, String comm, Map<String, Double> values) implements SyscallFact {
    public SchedActivity {
        values = Map.copyOf(values);
    }

    public Double value(String label) {
        return values.get(label);
    }
}
