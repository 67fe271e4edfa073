package dev.ioverdict.report.charts;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Mark;
import java.util.ArrayList;
import java.util.List;

/** Every chart provider, one line each, in the order their charts appear; then one chart per finding. */
public final class Charts {
    private static final List<ChartProvider> ALL = List.of(
            new BlockCharts(),
            new IostatCharts(),
            new SyscallCharts());

    private Charts() {
    }

    public static List<Chart> draw(CaseData data) {
        return draw(data, List.of(), List.of());
    }

    /** The sections' charts and a chart beside each finding, with the user's marks on every time chart. */
    public static List<Chart> draw(CaseData data, List<Finding> findings, List<Mark> marks) {
        List<Chart> out = new ArrayList<>();
        for (ChartProvider p : ALL) {
            out.addAll(p.charts(data, marks));
        }
        out.addAll(FindingCharts.draw(data, findings, marks));
        return out;
    }
}
