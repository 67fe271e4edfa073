package dev.ioverdict.parse.perf;

import java.util.List;
import java.util.function.Supplier;

/** The handlers of perf script events, one line each; fresh instances for every parsed file. */
final class PerfEventHandlers {
    private static final List<Supplier<PerfEventHandler>> ALL = List.of(
            BlockTracepointHandler::new,
            SyscallTracepointHandler::new,
            SchedSwitchHandler::new);

    private PerfEventHandlers() {
    }

    static List<PerfEventHandler> fresh() {
        return ALL.stream().map(Supplier::get).toList();
    }
}
