package dev.ioverdict.cli;

import dev.ioverdict.pipeline.BatchRunner;
import dev.ioverdict.report.model.CaseStatus;
import dev.ioverdict.pipeline.BatchSettings;
import dev.ioverdict.pipeline.SchedulerShard;
import dev.ioverdict.report.Version;
import java.time.Duration;
import dev.ioverdict.report.ReportFormat;
import dev.ioverdict.report.SafeText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ioverdict batch PATH... -o DIR}: every subfolder or archive of each PATH is one case. */
@Command(name = "batch",
        description = "Diagnose many bundles: each subfolder or archive of PATH is one case. Writes DIR/CASE/report.*, "
                + "DIR/index.html, DIR/summary.json and the case archive DIR/cases.duckdb (see query).")
final class BatchCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Folders holding one case per subfolder or archive.")
    List<Path> paths;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", required = true, description = "Output folder.")
    Path output;

    @Option(names = "--jobs", paramLabel = "N", description = "Cases compiled at once (default: number of CPUs).")
    Integer jobs;

    @Option(names = "--shard", paramLabel = "I/N", converter = Converters.ShardSpec.class,
            description = "Only cases whose index modulo N is I (0-based), to split a batch over machines. "
                    + "Default: from the scheduler's environment (Slurm job array SLURM_ARRAY_TASK_ID/COUNT, "
                    + "Kubernetes Indexed Job JOB_COMPLETION_INDEX, AWS Batch AWS_BATCH_JOB_ARRAY_INDEX), else all cases.")
    Converters.Shard shard;

    @Option(names = "--shard-count", paramLabel = "N",
            description = "Number of tasks, for schedulers that do not tell it (Kubernetes: the Job's completions; "
                    + "AWS Batch: the array size); or set IOVERDICT_SHARD_COUNT.")
    Integer shardCount;

    @Option(names = "--resume", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Skip a case whose bundle, options and version are unchanged since its reports were "
                    + "written (by content hash; default). --no-resume compiles every case again.")
    boolean resume;

    @Option(names = "--case-timeout", paramLabel = "SECONDS",
            description = "Mark a case failed when it takes longer than this (default: no limit).")
    Integer caseTimeout;

    @Option(names = "--case-memory", paramLabel = "SIZE",
            description = "Run each case in a Java process of its own with at most this much heap (suffix K, M, G: "
                    + "512M), and mark a case that needs more failed; the batch goes on. Default: every case in "
                    + "this process.")
    String caseMemory;


    @Option(names = "--parquet", description = "Also write the case archive's tables as DIR/parquet/TABLE.parquet.")
    boolean parquet;

    @Mixin
    ReportingOptions reporting;

    @Mixin
    BundleOptions reading;


    @Override
    public Integer call() throws IOException {
        int n = jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
        if (n < 1) {
            throw new UserError(ExitCodes.USAGE, "--jobs must be at least 1");
        }
        for (Path p : paths) {
            if (!Files.isDirectory(p)) {
                throw new UserError(ExitCodes.USAGE, p + ": not a folder of cases");
            }
        }
        if (caseTimeout != null && caseTimeout < 1) {
            throw new UserError(ExitCodes.USAGE, "--case-timeout must be at least 1 second");
        }
        Long memory = caseMemory == null ? null : LimitsOption.size(caseMemory, "--case-memory");
        if (memory != null && memory < 8L << 20) {
            throw new UserError(ExitCodes.USAGE, "--case-memory must be at least 8M (a Java process needs that much)");
        }
        PrintWriter out = reading.common.out();
        Converters.Shard part = shard;
        if (part == null) {
            try {
                part = SchedulerShard.fromEnvironment(System.getenv(), shardCount)
                        .map(s -> {
                            out.println("shard " + s.index() + "/" + s.count() + " from the " + s.from());
                            return new Converters.Shard(s.index(), s.count());
                        })
                        .orElse(Converters.Shard.ALL);
            } catch (SchedulerShard.Invalid e) {
                throw new UserError(ExitCodes.USAGE, e.getMessage());
            }
        }
        var rules = reporting.load();
        String options = "ioverdict " + Version.get() + "\nformats " + reporting.formats.stream().sorted().toList()
                + "\nconfig " + reporting.fingerprint();
        BatchRunner runner = new BatchRunner(rules, java.util.EnumSet.copyOf(reporting.formats), n,
                new BatchSettings(resume, caseTimeout == null ? null : Duration.ofSeconds(caseTimeout), memory, options),
                reading.limits.limits());
        dev.ioverdict.report.model.BatchSummary summary;
        dev.ioverdict.pipeline.archive.CaseArchive.Written archive;
        Converters.Shard chosen = part;
        try (StatusLine status = reading.common.statusLine()) {
            summary = runner.run(paths, chosen.index(), chosen.count(), output,
                    line -> status.println(out, SafeText.terminal(line)), status.progress());
            archive = dev.ioverdict.pipeline.archive.CaseArchive.write(output, summary, parquet,
                    java.util.Map.of("tool_version", Version.get(), "shard", chosen.index() + "/" + chosen.count()));
        } catch (IOException e) {
            throw new UserError(ExitCodes.CANNOT_WRITE, WriteFailure.message("the batch into " + output, e), e);
        }
        out.printf(Locale.ROOT, "%d case(s): %d ok, %d with damaged input, %d failed, %d with nothing usable%n",
                summary.cases().size(), summary.count(CaseStatus.OK), summary.count(CaseStatus.DAMAGED), summary.count(CaseStatus.FAILED),
                summary.count(CaseStatus.NOTHING_USABLE));
        out.println("wrote " + SafeText.terminal(output.resolve("index.html").toString()));
        out.println("wrote " + SafeText.terminal(output.resolve("summary.json").toString()));
        archive.problems().forEach(p -> out.println("warning: " + SafeText.terminal(p)));
        out.println("wrote " + SafeText.terminal(archive.file().toString()) + (parquet ? " and its tables as Parquet" : ""));
        out.flush();
        if (summary.cases().isEmpty() || summary.count(CaseStatus.NOTHING_USABLE) == summary.cases().size()) {
            return ExitCodes.NOTHING_USABLE;
        }
        return summary.count(CaseStatus.OK) == summary.cases().size() ? ExitCodes.OK : ExitCodes.DAMAGED_INPUT;
    }

}
