package dev.ioverdict.rules.wait;

import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.rules.Input;

/** The time model, for the rules that read where the application's wait went. */
public final class TimeModelInput {
    public static final Input<TimeModel> MODEL = new Input<>("time model",
            "application I/O wait by layer (its timed system calls from strace, perf syscall tracepoints "
                    + "or LinuxKI, with a block trace or iostat for what is below)",
            "strace -f -ttT -p <pid> -o strace.txt; perf record -a -e 'block:*' -- sleep 30; perf script > "
                    + "perf-block.txt; iostat -x -t 1 > iostat-x.txt",
            c -> c.results().get(TimeModel.class).filter(m -> m.basis() == TimeModel.Basis.APPLICATION));

    private TimeModelInput() {
    }
}
