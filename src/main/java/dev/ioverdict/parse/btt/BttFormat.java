package dev.ioverdict.parse.btt;

import dev.ioverdict.parse.InputFile;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.Lines;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import java.io.IOException;

/**
 * btt's text report (blktrace's analysis tool), as customers often send it instead of the trace:
 * All Devices, the -A Per Device / Per Process tables, Device Overhead, Device Merge Information,
 * and the sections only recognised (seek, plug, active requests, active periods, Q2D histogram,
 * the activity data btt appends). Also reads a report pasted from a numbered code listing.
 * Emits one {@link dev.ioverdict.model.block.BttReport} per file.
 */
public final class BttFormat implements InputFormat {

    @Override
    public String id() {
        return "btt";
    }

    @Override
    public String description() {
        return "btt's text report (All Devices, Per Device, Device Overhead, Merge Information ...)";
    }

    @Override
    public Recognition recognise(Sample sample) {
        int sections = 0;
        int tableHeaders = 0;
        for (String line : sample.lines()) {
            String own = line.substring(BttText.afterLineNumber(line));
            String name = BttText.sectionName(own);
            if (name != null && BttSection.byName(name) != BttSection.UNKNOWN) {
                sections++;
            } else if (BttTables.isPhaseHeader(own) || BttTables.isOverheadHeader(own)) {
                tableHeaders++;
            }
        }
        if (sections > 0) {
            return Recognition.certain(sections + " btt section header(s) such as '=== All Devices ==='");
        }
        if (tableHeaders > 0) {
            return Recognition.likely(tableHeaders + " btt table header(s) 'MIN AVG MAX N' / 'DEV | Q2G G2I Q2M I2D D2C'");
        }
        return Recognition.NO;
    }

    @Override
    public void parse(InputFile file, ParseContext ctx) throws IOException {
        BttTables tables = new BttTables(ctx);
        try (Lines lines = Lines.of(file, ctx)) {
            Boolean numbered = null;
            String line;
            while ((line = lines.next()) != null) {
                int skip = BttText.afterLineNumber(line);
                if (numbered == null) {
                    numbered = decideNumbering(line, skip);
                }
                String own = Boolean.TRUE.equals(numbered) ? line.substring(skip) : line;
                tables.accept(own, lines.number(), line);
            }
            ctx.lines(lines.number());
        }
        tables.finish();
    }

    /**
     * The first section or table header tells whether lines carry a listing's line numbers
     * ({@code 1==== All Devices}); null while undecided.
     */
    private static Boolean decideNumbering(String line, int skip) {
        String own = line.substring(skip);
        boolean header = BttText.sectionName(own) != null || BttTables.isPhaseHeader(own)
                || BttTables.isOverheadHeader(own);
        return header ? skip > 0 : null;
    }
}
