package dev.ioverdict.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.regex.Pattern;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

class SvgTest {
    @Test
    void coordinatesAreWrittenToAHundredthWithoutTrailingZeros() {
        assertEquals("231.2", Svg.coordinate(231.2028045654297));
        assertEquals("128.26", Svg.coordinate(128.2626495361328));
        assertEquals("3", Svg.coordinate(3.0));
        assertEquals("0", Svg.coordinate(0.0));
        assertEquals("0", Svg.coordinate(-0.0));
        assertEquals("0", Svg.coordinate(-0.004)); // rounds to nothing: no "-0"
        assertEquals("-0.01", Svg.coordinate(-0.006));
        assertEquals("-12.05", Svg.coordinate(-12.05));
        assertEquals("760", Svg.coordinate(759.999));
        assertEquals("NaN", Svg.coordinate(Double.NaN));
        assertEquals("Infinity", Svg.coordinate(Double.POSITIVE_INFINITY));
    }

    @Test
    void everyCoordinateReadsBackAsTheNearestHundredth() {
        Pattern shape = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]?[1-9])?");
        Random random = new Random(20261127);
        for (int i = 0; i < 200_000; i++) {
            double v = switch (i % 3) {
                case 0 -> (random.nextDouble() - 0.5) * 2_000;
                case 1 -> (random.nextDouble() - 0.5) * 2e9;
                default -> Math.round((random.nextDouble() - 0.5) * 200_000) / 100.0; // already on a hundredth
            };
            String s = Svg.coordinate(v);
            assertTrue(shape.matcher(s).matches(), s);
            assertEquals(Math.round(v * 100) / 100.0, Double.parseDouble(s), 1e-9 * Math.max(1, Math.abs(v)), s + " of " + v);
        }
    }

    @Test
    void aScatterIsDrawnWithCoordinatesToAHundredth() {
        XYSeries s = new XYSeries("8,0 D2C");
        Random random = new Random(7);
        for (int i = 0; i < 500; i++) {
            s.add(i / 100.0, 0.1 + random.nextDouble() * 10);
        }
        var chart = ChartFactory.createScatterPlot(null, "seconds", "ms", new XYSeriesCollection(s),
                PlotOrientation.VERTICAL, false, false, false);
        String svg = Svg.of(chart, "scatter", Svg.WIDTH, 300);
        var paths = Pattern.compile("<path d='([^']*)'").matcher(svg);
        int count = 0;
        while (paths.find()) {
            count++;
            assertFalse(Pattern.compile("[0-9]\\.[0-9]{3}").matcher(paths.group(1)).find(), paths.group(1));
        }
        assertTrue(count >= 500, count + " paths");
    }
}
