package dev.ioverdict.report.charts;

import dev.ioverdict.analysis.CaseData;
import java.util.ArrayList;
import java.util.List;

/** Every chart provider, one line each, in the order their charts appear. */
public final class Charts {
    private static final List<ChartProvider> ALL = List.of(
            new BlockCharts(),
            new IostatCharts(),
            new SyscallCharts());

    private Charts() {
    }

    public static List<Chart> draw(CaseData data) {
        List<Chart> out = new ArrayList<>();
        for (ChartProvider p : ALL) {
            out.addAll(p.charts(data));
        }
        return out;
    }
}
