package dev.ioverdict.cli;

import dev.ioverdict.pipeline.BatchRunner;
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
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code ioverdict batch PATH... -o DIR}: every subfolder or archive of each PATH is one case. */
@Command(name = "batch", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class,
        description = "Diagnose many bundles: each subfolder or archive of PATH is one case. Writes DIR/CASE/report.*, "
                + "DIR/index.html and DIR/summary.json.")
final class BatchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Folders holding one case per subfolder or archive.")
    List<Path> paths;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", required = true, description = "Output folder.")
    Path output;

    @Option(names = "--jobs", paramLabel = "N", description = "Cases compiled at once (default: number of CPUs).")
    Integer jobs;

    @Option(names = "--shard", paramLabel = "I/N", converter = Converters.ShardSpec.class,
            description = "Only cases whose index modulo N is I (0-based), to split a batch over machines.")
    Converters.Shard shard = Converters.Shard.ALL;

    @Option(names = "--format", split = ",", paramLabel = "FMT", defaultValue = "html,pdf,json",
            converter = Converters.Format.class, completionCandidates = Converters.Formats.class,
            description = "Any of ${COMPLETION-CANDIDATES} per case (default: ${DEFAULT-VALUE}).")
    List<ReportFormat> formats;

    @Mixin
    RuleConfigOption config;

    @Mixin
    LimitsOption limits;

    @Mixin
    DebugOption debug;

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
        BatchRunner runner = new BatchRunner(config.load(), java.util.EnumSet.copyOf(formats), n, limits.limits());
        PrintWriter out = spec.commandLine().getOut();
        dev.ioverdict.report.model.BatchSummary summary;
        try {
            summary = runner.run(paths, shard.index(), shard.count(), output, line -> {
                synchronized (out) {
                    out.println(SafeText.terminal(line));
                    out.flush();
                }
            });
        } catch (IOException e) {
            throw new UserError(ExitCodes.CANNOT_WRITE, WriteFailure.message("the batch into " + output, e), e);
        }
        out.printf(Locale.ROOT, "%d case(s): %d ok, %d with damaged input, %d failed, %d with nothing usable%n",
                summary.cases().size(), summary.count("ok"), summary.count("damaged"), summary.count("failed"),
                summary.count("nothing-usable"));
        out.println("wrote " + SafeText.terminal(output.resolve("index.html").toString()));
        out.println("wrote " + SafeText.terminal(output.resolve("summary.json").toString()));
        out.flush();
        if (summary.cases().isEmpty() || summary.count("nothing-usable") == summary.cases().size()) {
            return ExitCodes.NOTHING_USABLE;
        }
        return summary.count("ok") == summary.cases().size() ? ExitCodes.OK : ExitCodes.DAMAGED_INPUT;
    }

}
