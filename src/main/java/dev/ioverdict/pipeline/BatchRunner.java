package dev.ioverdict.pipeline;

import dev.ioverdict.bundle.Limits;
import dev.ioverdict.report.model.CaseStatus;
import dev.ioverdict.report.BatchIndex;
import dev.ioverdict.report.JsonRenderer;
import dev.ioverdict.report.ReportWriter;
import dev.ioverdict.report.ReportFormat;
import dev.ioverdict.report.model.BatchSummary;
import dev.ioverdict.report.model.BatchSummary.CaseResult;
import dev.ioverdict.rules.RuleConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** Compiles many cases in parallel; one case's failure is recorded, never fatal to the batch. */
public final class BatchRunner {
    private final RuleConfig config;
    private final Set<ReportFormat> formats;
    private final int jobs;
    private final BatchSettings settings;

    private final Limits limits;

    public BatchRunner(RuleConfig config, Set<ReportFormat> formats, int jobs) {
        this(config, formats, jobs, BatchSettings.PLAIN, Limits.DEFAULT);
    }

    public BatchRunner(RuleConfig config, Set<ReportFormat> formats, int jobs, BatchSettings settings, Limits limits) {
        this.config = config;
        this.formats = formats;
        this.jobs = jobs;
        this.settings = settings;
        this.limits = limits;
    }

    public BatchSummary run(List<Path> roots, int shardIndex, int shardCount, Path output, Consumer<String> progress)
            throws IOException {
        return run(roots, shardIndex, shardCount, output, progress, Progress.NONE);
    }

    /** As above; {@code status} hears of the cases done, for a status line. */
    public BatchSummary run(List<Path> roots, int shardIndex, int shardCount, Path output, Consumer<String> progress,
                            Progress status) throws IOException {
        List<Path> cases = new ArrayList<>();
        for (Path root : roots) {
            Path realRoot = root.toRealPath();
            List<Path> listed;
            try (Stream<Path> s = Files.list(root)) {
                listed = s.sorted().toList();
            }
            for (Path p : listed) {
                // a symlinked case is followed, but only to somewhere inside the root given
                String refused = refusedLink(realRoot, root, p);
                if (refused != null) {
                    progress.accept("warning: " + refused);
                } else if (Files.isDirectory(p) || isArchive(p)) {
                    cases.add(p);
                }
            }
        }
        List<Path> mine = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            if (i % shardCount == shardIndex) {
                mine.add(cases.get(i));
            }
        }
        Files.createDirectories(output);
        // ids over all cases, not the shard's, so every shard names a case the same way
        java.util.Map<Path, String> ids = CaseIds.assign(cases);
        ExecutorService pool = Executors.newFixedThreadPool(jobs);
        List<Future<CaseResult>> futures = new ArrayList<>();
        ResumableCase resumable = new ResumableCase(settings, formats.stream().map(f -> "report." + f.name().toLowerCase(Locale.ROOT)).toList());
        AtomicInteger done = new AtomicInteger();
        status.cases(mine.size());
        for (Path c : mine) {
            String id = ids.get(c);
            futures.add(pool.submit(() -> {
                ResumableCase.Outcome o = resumable.run(id, c, output.resolve(id), () -> one(c, id, output));
                CaseResult r = o.result();
                status.caseDone(r.status() == CaseStatus.FAILED);
                progress.accept(String.format(Locale.ROOT, "[%d/%d] %-14s %s (%d critical, %d warning)%s%s",
                        done.incrementAndGet(), mine.size(), r.status(), r.caseId(), r.critical(), r.warning(),
                        r.message().isEmpty() ? "" : ": " + r.message(), o.reused() ? " (unchanged: not redone)" : ""));
                return r;
            }));
        }
        pool.shutdown();
        List<CaseResult> results = new ArrayList<>();
        for (Future<CaseResult> f : futures) {
            try {
                results.add(f.get());
            } catch (Exception e) {
                throw new IllegalStateException("batch worker failed", e);
            }
        }
        results.sort(Comparator.comparing(CaseResult::caseId));
        BatchSummary summary = BatchSummary.of(dev.ioverdict.report.Version.get(), results);
        ReportWriter.atomically(output.resolve("summary.json"), f -> JsonRenderer.writer().writeValue(f.toFile(), summary));
        BatchIndex.write(output, summary, java.time.Instant.now());
        return summary;
    }

    private CaseResult one(Path bundle, String id, Path output) {
        CaseJob job = new CaseJob(bundle.toString(), id, output.toString(), formats, limits, config.values());
        if (settings.caseMemory() != null) {
            return new CaseProcess(settings.caseMemory(), settings.caseTimeout()).run(job);
        }
        return job.run(config);
    }

    /**
     * Why a link among the cases is not followed (it leads outside the root given, nowhere, or round
     * in a loop), or null when it is no link or leads inside the root.
     */
    static String refusedLink(Path realRoot, Path root, Path p) {
        if (!Files.isSymbolicLink(p)) {
            return null;
        }
        String name = root.relativize(p).toString();
        String to;
        try {
            to = Files.readSymbolicLink(p).toString();
        } catch (IOException e) {
            to = "?";
        }
        try {
            Path real = p.toRealPath();
            if (real.startsWith(realRoot)) {
                return null;
            }
            return name + " is a link to " + to + ", outside " + root + ": not followed";
        } catch (IOException e) {
            return name + " is a link to " + to + " that leads nowhere (dangling, or a loop): not followed";
        }
    }

    private static boolean isArchive(Path p) {
        String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".tar") || n.endsWith(".tar.gz") || n.endsWith(".tgz") || n.endsWith(".zip")
                || n.endsWith(".tar.xz") || n.endsWith(".txz") || n.endsWith(".tar.bz2") || n.endsWith(".tbz2");
    }
}
