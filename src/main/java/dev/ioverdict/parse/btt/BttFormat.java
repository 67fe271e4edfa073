package dev.ioverdict.parse.btt;

import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import java.io.IOException;

/**
 * btt's text report (blktrace's analysis tool), as customers often send it instead of the trace:
 * All Devices, the -A Per Device / Per Process tables, Device Overhead, Device Merge Information,
 * and the sections only recognised (seek, plug, active requests, active periods, Q2D histogram,
 * the activity data btt appends). Also reads a report pasted from a numbered code listing.
 * Emits one {@link dev.ioverdict.model.block.BttReport} per file.
 */
public final class BttFormat extends TextFormat {
    public BttFormat() {
        super("btt", "btt's text report (All Devices, Per Device, Device Overhead, Merge Information ...)",
                Recogniser.of(
                        Signature.certain("{0} btt section header(s) such as '=== All Devices ==='",
                                Clue.lines(BttFormat::isSection)),
                        Signature.likely("{0} btt table header(s) 'MIN AVG MAX N' / 'DEV | Q2G G2I Q2M I2D D2C'",
                                Clue.lines(l -> BttTables.isPhaseHeader(own(l)) || BttTables.isOverheadHeader(own(l))))));
    }

    /** The line without the line number of a pasted listing. */
    private static String own(String line) {
        return line.substring(BttText.afterLineNumber(line));
    }

    private static boolean isSection(String line) {
        String name = BttText.sectionName(own(line));
        return name != null && BttSection.byName(name) != BttSection.UNKNOWN;
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        BttTables tables = new BttTables(ctx);
        Boolean numbered = null;
        String line;
        while ((line = in.next()) != null) {
            int skip = BttText.afterLineNumber(line);
            if (numbered == null) {
                numbered = decideNumbering(line, skip);
            }
            String own = Boolean.TRUE.equals(numbered) ? line.substring(skip) : line;
            tables.accept(own, in.number(), line);
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
