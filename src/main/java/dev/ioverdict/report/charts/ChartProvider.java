package dev.ioverdict.report.charts;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.Mark;
import java.util.List;

/** Draws the charts of one area of the report from the case's analysis results, with the user's marks on time charts. */
public interface ChartProvider {
    List<Chart> charts(CaseData data, List<Mark> marks);

    default List<Chart> charts(CaseData data) {
        return charts(data, List.of());
    }
}
