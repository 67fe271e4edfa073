package dev.ioverdict.analysis.layers;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.layers.LayerTimes.Row;
import java.util.List;
import java.util.Optional;

/** The one sentence that says which layer below the application holds an I/O's time. */
final class Attribution {
    private Attribution() {
    }

    static String sentence(List<Row> rows) {
        Optional<Row> q2c = first(rows, "block", "Q2C");
        Optional<Row> i2d = first(rows, "scheduler", "I2D");
        Optional<Row> d2c = first(rows, "device", "D2C");
        double alloc = rows.stream().filter(r -> r.layer().equals("allocation")).mapToDouble(Row::avg).sum();
        StringBuilder sb = new StringBuilder();
        Optional<Row> wait = rows.stream().filter(r -> r.layer().equals("application"))
                .filter(r -> r.what().equals("io_getevents") || r.what().startsWith("pread") || r.what().startsWith("pwrite")
                        || r.what().equals("io_submit") || r.what().equals("read") || r.what().equals("write"))
                .max((a, b) -> Double.compare(a.avg(), b.avg()));
        wait.ifPresent(w -> sb.append("The application waits ").append(LayerAnalysis.ms(w.avg()))
                .append(" on average in ").append(w.what()).append(" (").append(w.source()).append("). "));
        if (q2c.isPresent()) {
            double total = q2c.get().avg();
            sb.append("An I/O takes ").append(LayerAnalysis.ms(total)).append(" in the block layer (Q2C)");
            String[] names = {"the device (D2C)", "the I/O scheduler (I2D)", "request allocation (Q2G+G2I)"};
            double[] parts = {d2c.map(Row::avg).orElse(0.0), i2d.map(Row::avg).orElse(0.0), alloc};
            int top = 0;
            for (int i = 1; i < parts.length; i++) {
                if (parts[i] > parts[top]) {
                    top = i;
                }
            }
            if (parts[top] > 0) {
                sb.append(", most of it in ").append(names[top]).append(": ").append(LayerAnalysis.ms(parts[top]));
            }
            sb.append('.');
        } else if (d2c.isPresent()) {
            sb.append("The device takes ").append(LayerAnalysis.ms(d2c.get().avg())).append(" per I/O (D2C).");
        } else {
            rows.stream().filter(r -> r.layer().equals("device")).max((a, b) -> Double.compare(a.avg(), b.avg()))
                    .ifPresent(d -> sb.append("The slowest device answers in ").append(LayerAnalysis.ms(d.avg()))
                            .append(" on average (").append(d.what()).append(", ").append(d.scope()).append(")."));
        }
        return sb.toString().strip();
    }

    private static Optional<Row> first(List<Row> rows, String layer, String prefix) {
        return rows.stream().filter(r -> r.layer().equals(layer) && r.what().startsWith(prefix)).findFirst();
    }
}
