package dev.ioverdict.parse.btt;

import dev.ioverdict.model.block.BttReport;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.text.Excerpt;
import dev.ioverdict.parse.text.Numbers;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * btt -X's "easy parse" averages ({@code name.xvg}): one record a line, keyed by its first word.
 * {@code Q2Q|Q2G|S2G|G2I|Q2M|I2D|M2D|D2C|Q2C MIN AVG MAX N} are the All Devices phase rows,
 * {@code DMI DEV #Q #D RATIO BLKMIN BLKAVG BLKMAX TOTAL} the Device Merge Information row; the
 * seek ({@code QSK}, {@code DSK}), plug ({@code PLG}, {@code UPG}) and active-request ({@code ARQ})
 * records are kept as printed. Gives the same {@link BttReport} as btt's text report.
 */
public final class BttAveragesFormat extends TextFormat {
    public BttAveragesFormat() {
        super("btt-averages", "btt -X easy-parse averages (`Q2Q ... Q2C`, `DMI`, `QSK`, `DSK`, `PLG`, `UPG`, `ARQ`): the "
                + "same phase and merge rows as btt's report",
                Recogniser.of(
                        Signature.certain("{0} btt -X phase records 'D2C MIN AVG MAX N' and {1} device records (DMI, QSK ...)",
                                Clue.lines(BttAveragesFormat::isPhaseLine).atLeast(2),
                                Clue.lines(BttAveragesFormat::isDeviceLine),
                                Clue.lines(l -> isPhaseLine(l) || isDeviceLine(l)).share(100)),
                        Signature.certain("{0} btt -X phase records 'D2C MIN AVG MAX N'",
                                Clue.lines(BttAveragesFormat::isPhaseLine).atLeast(3),
                                Clue.lines(l -> isPhaseLine(l) || isDeviceLine(l)).share(100))));
    }

    private static boolean isPhaseLine(String line) {
        return isPhaseRecord(BttText.tokens(line));
    }

    private static boolean isDeviceLine(String line) {
        List<String> t = BttText.tokens(line);
        return !isPhaseRecord(t) && t.size() >= 3 && (t.get(0).equals("DMI") || OTHERS.contains(t.get(0)))
                && isDevice(t.get(1));
    }

    private static final Set<String> OTHERS = Set.of("QSK", "DSK", "PLG", "UPG", "ARQ");

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        List<BttReport.PhaseRow> phases = new ArrayList<>();
        List<BttReport.MergeRow> merges = new ArrayList<>();
        List<BttReport.Row> others = new ArrayList<>();
        String line;
        while ((line = in.next()) != null) {
            long no = in.number();
            List<String> t = BttText.tokens(line);
            if (t.isEmpty()) {
                continue;
            }
            if (isPhaseRecord(t)) {
                PhaseStat stat = new PhaseStat(BttText.integer(t.get(4)), BttText.number(t.get(1)),
                        BttText.number(t.get(2)), BttText.number(t.get(3)), null, null, null);
                phases.add(new BttReport.PhaseRow(BttReport.Table.ALL_DEVICES, BttReport.ALL,
                        Phase.byName(t.get(0)).orElseThrow(), stat, no, line));
                ctx.record();
            } else if (t.get(0).equals("DMI") && t.size() == 9 && isDevice(t.get(1)) && numbers(t, 2)) {
                merges.add(new BttReport.MergeRow(t.get(1), BttText.integer(t.get(2)), BttText.integer(t.get(3)),
                        BttText.number(t.get(4)), BttText.integer(t.get(5)), BttText.integer(t.get(6)),
                        BttText.integer(t.get(7)), BttText.integer(t.get(8)), no, line));
                ctx.record();
            } else if (OTHERS.contains(t.get(0)) && t.size() >= 3 && isDevice(t.get(1)) && numbers(t, 2)) {
                others.add(new BttReport.Row(t.get(0), t.get(1), t.subList(2, t.size()), no, line));
                ctx.record();
            } else {
                ctx.skip(no, "not a btt -X record: " + Excerpt.of(line));
            }
        }
        if (!phases.isEmpty() || !merges.isEmpty() || !others.isEmpty()) {
            ctx.emit(new BttReport(ctx.input(), phases, List.of(), merges, others));
        }
    }

    /** A phase name btt -X writes and exactly its four figures, the count last. */
    private static boolean isPhaseRecord(List<String> t) {
        return t.size() == 5 && t.get(0).length() == 3 && Phase.byName(t.get(0)).isPresent()
                && !Double.isNaN(BttText.number(t.get(1))) && !Double.isNaN(BttText.number(t.get(2)))
                && !Double.isNaN(BttText.number(t.get(3))) && Numbers.isDigits(t.get(4));
    }

    /** btt -X's device: {@code 8,16}. */
    private static boolean isDevice(String s) {
        int comma = s.indexOf(',');
        return comma > 0 && Numbers.isDigits(s.substring(0, comma)) && Numbers.isDigits(s.substring(comma + 1));
    }

    private static boolean numbers(List<String> t, int from) {
        for (int i = from; i < t.size(); i++) {
            if (Double.isNaN(BttText.number(t.get(i)))) {
                return false;
            }
        }
        return true;
    }
}
