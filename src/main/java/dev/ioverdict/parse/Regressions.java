package dev.ioverdict.parse;

/**
 * Places in one file where a value that only grows went down: time running backwards, a sequence
 * number going back, a cumulative counter decreasing (a reboot, a wrap, two captures glued
 * together). A damaged million-line file must not give a million warnings, so they are counted
 * and reported once, at the end of the file, with the first few lines named. Costs nothing until
 * the first regression; the parser keeps what it says it keeps (the message tells the reader).
 */
public final class Regressions {
    /** Lines named in the warning; the rest are counted. */
    static final int NAMED = 5;

    private final String what;
    private final String consequence;
    private final long[] lines = new long[NAMED];
    private long count;
    private String firstDetail;

    /**
     * @param what        what went down, for people: "time runs backwards on a CPU"
     * @param consequence what the parser does with the record: "the events are kept with the time they carry"
     */
    public Regressions(String what, String consequence) {
        this.what = what;
        this.consequence = consequence;
    }

    /** One regression at {@code line}; {@code detail} (only the first one's is shown) says by how much. */
    public void at(long line, String detail) {
        if (count < NAMED) {
            lines[(int) count] = line;
        }
        if (count == 0) {
            firstDetail = detail;
        }
        count++;
    }

    public long count() {
        return count;
    }

    /** The one warning of this file, at the first line; nothing when nothing went down. */
    public void report(ParseContext ctx) {
        if (count == 0) {
            return;
        }
        StringBuilder b = new StringBuilder(what);
        if (count == 1) {
            b.append(" once");
        } else {
            b.append(' ').append(count).append(" times, at lines ");
            int named = (int) Math.min(count, NAMED);
            for (int i = 0; i < named; i++) {
                b.append(i == 0 ? "" : ", ").append(lines[i]);
            }
            b.append(count > NAMED ? " and " + (count - NAMED) + " more" : "");
        }
        if (firstDetail != null) {
            b.append(" (first: ").append(firstDetail).append(')');
        }
        b.append("; ").append(consequence);
        ctx.warn(lines[0], b.toString());
    }
}
