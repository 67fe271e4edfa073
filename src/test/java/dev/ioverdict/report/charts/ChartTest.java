package dev.ioverdict.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

class ChartTest {
    @Test
    void aChartCarriesItsDataAsCsv() {
        XYSeries s = new XYSeries("8,0 D2C");
        s.add(0.1, 12.5);
        s.add(1.0, 100.0);
        var chart = ChartFactory.createXYLineChart(null, "latency (ms, log scale)", "% of I/Os", new XYSeriesCollection(s),
                PlotOrientation.VERTICAL, true, false, false);
        Chart c = Chart.of("block", "block-latency", "t", "c", chart, Svg.WIDTH, 300);
        assertEquals("series,latency (ms),% of I/Os\n\"8,0 D2C\",0.1,12.5\n\"8,0 D2C\",1,100\n", c.csv());
        assertTrue(c.svg().startsWith("<svg viewBox=\"0 0 760 300\""));
        assertEquals("block-latency.csv", c.csvFileName());
    }

    @Test
    void nothingToDrawGivesALineSayingSoNotAnEmptyPlot() {
        var chart = ChartFactory.createXYLineChart(null, "x", "y", new XYSeriesCollection(new XYSeries("a")),
                PlotOrientation.VERTICAL, true, false, false);
        Chart c = Chart.of("block", "empty", "t", "c", chart, Svg.WIDTH, 300);
        assertNull(c.svg());
        assertNull(c.csv());
        assertTrue(c.emptyReason().startsWith("Nothing to draw"), c.emptyReason());
    }

    @Test
    void chartTextPrintsAtSevenPointsOrMoreOnA4() {
        double a4TextWidthPt = (210 - 28) / 25.4 * 72; // the @page margins: 14 mm each side
        assertTrue(Svg.FONT.getSize2D() * a4TextWidthPt / Svg.WIDTH >= 7.0);
    }
}
