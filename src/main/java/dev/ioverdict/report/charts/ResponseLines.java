package dev.ioverdict.report.charts;

import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatPoint;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.jfree.data.xy.XYSeries;

/**
 * iostat's response time as lines: reads and writes apart wherever the file prints r_await and
 * w_await, because one combined line hides a slow direction behind a fast one (reads waiting
 * 588 ms while the combined await peaks at 44 ms); else the one figure the file has. A direction
 * is drawn only in the reports that did I/O of it: a 0 ms r_await in a report without reads is
 * no service time.
 */
record ResponseLines(List<String> labels, List<ToDoubleFunction<IostatPoint>> values) {
    static final Color READS = new Color(0xb3, 0x26, 0x1e);
    static final Color WRITES = new Color(0xd9, 0x7a, 0x0f);

    /** The lines of {@code s}; {@code combined} (labelled {@code label}) where the file has no per-direction columns. */
    static ResponseLines of(DeviceSeries s, String label, ToDoubleFunction<IostatPoint> combined) {
        IostatPoint first = s.points().get(0);
        boolean apart = !label.equals("asvc_t") && first.sample().has("r_await") && first.sample().has("w_await")
                && first.sample().has("r/s") && first.sample().has("w/s");
        if (!apart) {
            return new ResponseLines(List.of(label), List.of(combined));
        }
        return new ResponseLines(List.of("r_await", "w_await"), List.of(
                p -> p.sample().value("r/s") > 0 ? p.sample().value("r_await") : Double.NaN,
                p -> p.sample().value("w/s") > 0 ? p.sample().value("w_await") : Double.NaN));
    }

    boolean apart() {
        return labels.size() == 2;
    }

    /** "r_await and w_await (ms, left; reads red, writes orange)" or "await (ms, left, red)". */
    String caption() {
        return apart() ? "r_await and w_await (ms, left; reads red, writes orange)" : labels.get(0) + " (ms, left, red)";
    }

    /** The axis title: the one label, or both. */
    String axis() {
        return String.join(" / ", labels) + " (ms)";
    }

    /** One series per line, each point the worst of {@code per} reports (NaN where none had I/O of it). */
    List<XYSeries> series(List<IostatPoint> points, int per, ToDoubleFunction<IostatPoint> x, String suffix) {
        List<XYSeries> out = new ArrayList<>();
        for (int line = 0; line < labels.size(); line++) {
            ToDoubleFunction<IostatPoint> value = values.get(line);
            XYSeries series = new XYSeries(labels.get(line) + suffix, false, true);
            for (int i = 0; i < points.size(); i += per) {
                double worst = Double.NaN;
                for (IostatPoint p : points.subList(i, Math.min(points.size(), i + per))) {
                    double v = value.applyAsDouble(p);
                    worst = Double.isNaN(v) ? worst : Double.isNaN(worst) ? v : Math.max(worst, v);
                }
                if (!Double.isNaN(worst)) {
                    series.add(x.applyAsDouble(points.get(i)), worst);
                }
            }
            out.add(series);
        }
        return out;
    }

    static Color color(int line) {
        return line == 0 ? READS : WRITES;
    }
}
