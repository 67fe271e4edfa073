package dev.ioverdict.parse;

/**
 * Hints for a format whose rows are read under the last column header ({@code H}: iostat's layout, sar's DEV
 * header): each line read as a row under the last header of its piece, or the last any thread met (a header is
 * printed once per report or per run, so a piece may hold none); a line that is a header becomes the piece's.
 * {@code S} is what one reading thread reuses from row to row.
 */
public abstract class HeaderedRowHints<H, S> implements LineHints {
    private volatile H lastMet;

    /** A reading thread's own scratch state. */
    protected abstract S scratch();

    /** {@code line} read as a row under {@code header}, or null when it is none. */
    protected abstract Object row(H header, String line, S scratch);

    /** The header {@code line} is, or null (called for every line no header reads as a row: check cheaply first). */
    protected abstract H header(String line);

    @Override
    public final Reading reading() {
        S scratch = scratch();
        return new Reading() {
            private H header;

            @Override
            public void piece() {
                header = null;
            }

            @Override
            public Object of(String line) {
                H h = header != null ? header : lastMet;
                if (h != null) {
                    Object row = row(h, line, scratch);
                    if (row != null) {
                        return row;
                    }
                }
                H met = header(line);
                if (met != null) {
                    header = met;
                    lastMet = met;
                }
                return null;
            }
        };
    }
}
