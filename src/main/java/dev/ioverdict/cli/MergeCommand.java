package dev.ioverdict.cli;

import dev.ioverdict.pipeline.ShardMerge;
import dev.ioverdict.pipeline.archive.ArchiveMerge;
import dev.ioverdict.report.Version;
import dev.ioverdict.report.model.CaseStatus;
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

/** {@code ioverdict merge SHARD_DIR... -o DIR}: one index over the outputs of {@code batch --shard} runs. */
@Command(name = "merge",
        description = "One index.html, summary.json and case archive (cases.duckdb) from the outputs of 'batch --shard' "
                + "runs; links to each case's reports stay relative.")
final class MergeCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "SHARD_DIR", description = "Output folders of batch runs.")
    List<Path> shards;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", required = true, description = "Where the merged index goes.")
    Path output;

    @Mixin
    CommonOptions common;


    @Override
    public Integer call() throws IOException {
        for (Path p : shards) {
            if (!Files.isDirectory(p)) {
                throw new UserError(ExitCodes.USAGE, p + ": not a folder");
            }
        }
        ShardMerge.Merged m = ShardMerge.merge(shards, output, Version.get());
        ArchiveMerge.Merged archive = ArchiveMerge.merge(shards, output, Version.get(), m.casesOf());
        PrintWriter out = common.out();
        m.problems().forEach(p -> out.println("warning: " + p));
        archive.problems().forEach(p -> out.println("warning: " + p));
        var s = m.summary();
        out.printf(Locale.ROOT, "%d case(s) from %d shard(s): %d ok, %d with damaged input, %d failed, %d with nothing usable%n",
                s.cases().size(), shards.size(), s.count(CaseStatus.OK), s.count(CaseStatus.DAMAGED), s.count(CaseStatus.FAILED),
                s.count(CaseStatus.NOTHING_USABLE));
        out.println("wrote " + output.resolve("index.html"));
        out.println("wrote " + output.resolve("summary.json"));
        if (archive.file() != null) {
            out.printf(Locale.ROOT, "wrote %s (%d case(s), %d finding(s))%n", archive.file(),
                    archive.rows().get("cases"), archive.rows().get("findings"));
        }
        out.flush();
        if (s.cases().isEmpty()) {
            return ExitCodes.NOTHING_USABLE;
        }
        return m.problems().isEmpty() && archive.problems().isEmpty() && s.count(CaseStatus.OK) == s.cases().size()
                ? ExitCodes.OK : ExitCodes.DAMAGED_INPUT;
    }
}
