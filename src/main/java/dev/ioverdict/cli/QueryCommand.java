package dev.ioverdict.cli;

import dev.ioverdict.pipeline.archive.ArchiveQuery;
import dev.ioverdict.pipeline.archive.CaseArchive.ArchiveException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ioverdict query DIR|DB 'SQL'}: SQL over a batch's case archive (docs/ARCHIVE.md). */
@Command(name = "query",
        description = "Run SQL over a batch's case archive (DIR/cases.duckdb: tables cases, findings, devices, "
                + "processes, waits, inputs, meta; docs/ARCHIVE.md). The archive is opened read-only.")
final class QueryCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR|DB", description = "A batch's output folder, or its cases.duckdb.")
    Path archive;

    @Parameters(index = "1", paramLabel = "SQL", description = "One SQL statement (DuckDB's dialect).")
    String sql;

    @Option(names = "--format", paramLabel = "FMT", defaultValue = "table",
            description = "table (aligned columns), csv or json (default: ${DEFAULT-VALUE}).")
    String format;

    @Mixin
    CommonOptions common;

    @Override
    public Integer call() {
        ArchiveQuery.Format f;
        try {
            f = ArchiveQuery.format(format);
        } catch (IllegalArgumentException e) {
            throw new UserError(ExitCodes.USAGE, "--format must be table, csv or json, not '" + format + "'");
        }
        ArchiveQuery.Result result;
        try {
            result = ArchiveQuery.run(archive, sql);
        } catch (ArchiveException e) {
            throw new UserError(ExitCodes.USAGE, e.getMessage(), e);
        }
        PrintWriter out = common.out();
        String text = ArchiveQuery.render(result, f);
        out.print(text);
        out.flush();
        return ExitCodes.OK;
    }
}
