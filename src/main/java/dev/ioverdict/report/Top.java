package dev.ioverdict.report;

import java.util.List;

/**
 * The part of a list a page shows ({@code ${top.of(r.iostat)}}) and how many rows it leaves to
 * report.json ({@code ${top.more(r.iostat)}}): a table of 100,000 devices or processes is read by
 * no one and costs the layout minutes, so every per-device, per-process and per-file list on the
 * page stops at {@link #ROWS}, in the order the report gives it (the heaviest first where it has one).
 */
public final class Top {
    public static final int ROWS = 40;

    public <T> List<T> of(List<T> list) {
        return list == null ? List.of() : list.size() <= ROWS ? list : list.subList(0, ROWS);
    }

    public int more(List<?> list) {
        return list == null ? 0 : Math.max(0, list.size() - ROWS);
    }

    /** "and 99,960 more, in report.json", or nothing when the list is whole. */
    public String note(List<?> list) {
        int more = more(list);
        return more == 0 ? "" : String.format(java.util.Locale.ROOT, "and %,d more, in report.json", more);
    }
}
