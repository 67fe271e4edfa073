package dev.ioverdict.parse;

import dev.ioverdict.parse.blkparse.BlkparseFormat;
import dev.ioverdict.parse.perf.PerfScriptFormat;
import dev.ioverdict.parse.vmstat.VmstatSFormat;
import java.util.List;
import java.util.Optional;

/** Every input format ioverdict reads: adding one is one class and one line here. */
public final class InputFormats {
    private static final List<InputFormat> ALL = List.of(
            new BlkparseFormat(),
            new PerfScriptFormat(),
            new VmstatSFormat());

    private InputFormats() {
    }

    public static List<InputFormat> all() {
        return ALL;
    }

    public static Optional<InputFormat> byId(String id) {
        return ALL.stream().filter(f -> f.id().equals(id)).findFirst();
    }
}
