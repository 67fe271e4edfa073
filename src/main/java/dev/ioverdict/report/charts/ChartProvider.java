package dev.ioverdict.report.charts;

import dev.ioverdict.analysis.CaseData;
import java.util.List;

/** Draws the charts of one area of the report from the case's analysis results. */
public interface ChartProvider {
    List<Chart> charts(CaseData data);
}
