package dev.ioverdict.report.charts;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Mark;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

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
        return draw(data, findings, marks, false);
    }

    /**
     * As above; {@code concurrent}: each provider's charts drawn on one of two threads, in the same order
     * (for one report on its own, whose page waits for them while the other core is mostly idle).
     */
    public static List<Chart> draw(CaseData data, List<Finding> findings, List<Mark> marks, boolean concurrent) {
        List<Callable<List<Chart>>> groups = new ArrayList<>();
        for (ChartProvider p : ALL) {
            groups.add(() -> p.charts(data, marks));
        }
        groups.add(() -> FindingCharts.draw(data, findings, marks));
        List<Chart> out = new ArrayList<>();
        if (!concurrent) {
            for (var g : groups) {
                out.addAll(call(g));
            }
            return out;
        }
        List<Future<List<Chart>>> drawn = new ArrayList<>();
        try (var pool = Executors.newFixedThreadPool(2, Thread.ofPlatform().name("ioverdict-chart-", 0).factory())) {
            for (var g : groups) {
                drawn.add(pool.submit(g));
            }
            for (var f : drawn) {
                out.addAll(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the charts were drawn", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
        return out;
    }

    private static List<Chart> call(Callable<List<Chart>> group) {
        try {
            return group.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
