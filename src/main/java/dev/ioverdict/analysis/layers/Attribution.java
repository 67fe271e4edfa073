package dev.ioverdict.analysis.layers;

import dev.ioverdict.model.ConsistencyNote;
import dev.ioverdict.model.layers.LayerTimes.Row;
import dev.ioverdict.model.syscall.ProcessSyscallStat;
import java.util.List;
import java.util.Optional;

/** The one sentence that says which layer below the application holds an I/O's time. */
final class Attribution {
    private Attribution() {
    }

    /** The application wait the sentence names: per process, since an average over processes hides the one that waits. */
    private static final java.util.Set<String> WAITS = java.util.Set.of("io_getevents", "io_pgetevents", "io_submit",
            "pread64", "pwrite64", "read", "write");

    static String sentence(List<Row> rows, List<ConsistencyNote> doubts) {
        return sentence(rows, doubts, List.of());
    }

    static String sentence(List<Row> rows, List<ConsistencyNote> doubts, List<ProcessSyscallStat> processes) {
        Optional<Row> q2c = first(rows, "block", "Q2C");
        String scope = q2c.map(Row::scope).orElse(null);
        Optional<Row> d2c = scope == null ? first(rows, "device", "D2C") : same(rows, "D2C", scope);
        StringBuilder sb = new StringBuilder();
        Optional<Row> wait = rows.stream().filter(r -> r.layer().equals("application"))
                .filter(r -> r.what().equals("io_getevents") || r.what().startsWith("pread") || r.what().startsWith("pwrite")
                        || r.what().equals("io_submit") || r.what().equals("read") || r.what().equals("write"))
                .max((a, b) -> Double.compare(a.avg(), b.avg()));
        Optional<ProcessSyscallStat> longest = processes.stream()
                .filter(p -> WAITS.contains(p.name()) && p.avg() != null && p.count() >= LayerAnalysis.MIN_CALLS)
                .filter(p -> wait.isEmpty() || p.source().equals(wait.get().source()))
                .max(java.util.Comparator.comparingDouble(ProcessSyscallStat::avg)
                        .thenComparing(p -> p.pid() == null ? 0 : p.pid()));
        boolean oneProcess = longest.isPresent() && processes.stream()
                .filter(p -> WAITS.contains(p.name()) && p.count() >= LayerAnalysis.MIN_CALLS
                        && p.source().equals(longest.get().source()))
                .map(ProcessSyscallStat::pid).distinct().count() == 1;
        if (longest.isPresent() && wait.isPresent() && !oneProcess
                && longest.get().avg() > 1.5 * wait.get().avg()) {
            ProcessSyscallStat p = longest.get();
            sb.append(p.comm() != null ? p.comm() + " " : "").append("pid ").append(p.pid()).append(" waits ")
                    .append(LayerAnalysis.ms(p.avg())).append(" on average in ").append(p.name()).append(" (")
                    .append(p.source()).append("; ").append(LayerAnalysis.ms(wait.get().avg())).append(" averaged over ")
                    .append("every process). ");
        } else {
            wait.ifPresent(w -> sb.append("The application waits ").append(LayerAnalysis.ms(w.avg()))
                    .append(" on average in ").append(w.what()).append(" (").append(w.source()).append("). "));
        }
        if (q2c.isPresent()) {
            double n = q2c.get().n();
            double total = q2c.get().avg();
            sb.append("On ").append(scope).append(" an I/O takes ").append(LayerAnalysis.ms(total))
                    .append(" in the block layer (Q2C)");
            // each phase's time per completed I/O, as btt's Device Overhead weighs them
            String[] names = {"the device (D2C)", "the I/O scheduler (I2D + M2D)", "request allocation (Q2G + G2I)"};
            double[] parts = {perIo(rows, scope, n, "D2C"), perIo(rows, scope, n, "I2D") + perIo(rows, scope, n, "M2D"),
                perIo(rows, scope, n, "Q2G") + perIo(rows, scope, n, "G2I")};
            int top = 0;
            for (int i = 1; i < parts.length; i++) {
                if (parts[i] > parts[top]) {
                    top = i;
                }
            }
            boolean doubtful = doubts.stream().anyMatch(d -> scope.equals(d.about()) || scope.contains("(" + d.about() + ")")
                    || scope.startsWith(d.about() + " ") || d.about().equals("all") || scope.startsWith("all devices"));
            if (doubtful) {
                sb.append("; the btt report's phase rows and its Device Overhead table disagree on where that time "
                        + "goes (see Data consistency)");
            } else if (parts[top] > 0) {
                sb.append(", most of it in ").append(names[top]).append(": ").append(LayerAnalysis.ms(parts[top]));
            }
            sb.append('.');
            Optional<Row> reads = same(rows, "Q2C of reads", scope);
            Optional<Row> writes = same(rows, "Q2C of writes", scope);
            if (reads.isPresent() && writes.isPresent()
                    && Math.max(reads.get().avg(), writes.get().avg()) >= APART * Math.min(reads.get().avg(), writes.get().avg())) {
                boolean readsSlower = reads.get().avg() > writes.get().avg();
                Row slow = readsSlower ? reads.get() : writes.get();
                Row fast = readsSlower ? writes.get() : reads.get();
                sb.append(" Its ").append(readsSlower ? "reads" : "writes").append(" take ")
                        .append(LayerAnalysis.ms(slow.avg())).append(" (").append(count(slow.n())).append("), its ")
                        .append(readsSlower ? "writes" : "reads").append(' ').append(LayerAnalysis.ms(fast.avg()))
                        .append(" (").append(count(fast.n())).append("): the average is true of neither.");
            }
        } else if (d2c.isPresent()) {
            sb.append("The device takes ").append(LayerAnalysis.ms(d2c.get().avg())).append(" per I/O (D2C).");
        } else {
            rows.stream().filter(r -> r.layer().equals("device")).max((a, b) -> Double.compare(a.avg(), b.avg()))
                    .ifPresent(d -> sb.append("The slowest device answers in ").append(LayerAnalysis.ms(d.avg()))
                            .append(" on average (").append(d.what()).append(", ").append(d.scope()).append(")."));
        }
        return sb.toString().strip();
    }

    /** Reads and writes this many times apart are said apart: one average would hide the slower. */
    static final double APART = 2;

    private static String count(long n) {
        return dev.ioverdict.model.Figures.counted(n, "I/O", "I/Os");
    }

    private static Optional<Row> same(List<Row> rows, String prefix, String scope) {
        return rows.stream().filter(r -> r.what().startsWith(prefix) && r.scope().equals(scope)).findFirst();
    }

    private static double perIo(List<Row> rows, String scope, double n, String prefix) {
        return same(rows, prefix, scope).map(r -> r.avg() * r.n() / n).orElse(0.0);
    }

    private static Optional<Row> first(List<Row> rows, String layer, String prefix) {
        return rows.stream().filter(r -> r.layer().equals(layer) && r.what().startsWith(prefix)).findFirst();
    }
}
