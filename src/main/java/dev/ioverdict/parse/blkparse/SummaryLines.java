package dev.ioverdict.parse.blkparse;

import java.util.List;

/**
 * The lines blkparse prints besides events: its "Input file ... added" notes and the per-CPU /
 * per-device summary at the end (blkparse.c {@code dump_io_stats}, {@code show_device_and_cpu_stats}).
 * They are recognised so they are neither events nor warnings; the figures in them are
 * blkparse's own counts, which the events already carry.
 */
final class SummaryLines {
    private static final List<String> PREFIXES = List.of(
            "Reads Queued:", "Read Dispatches:", "Reads Requeued:", "Reads Completed:", "Read Merges:",
            "Read depth:", "IO unplugs:", "Timer unplugs:", "PC Reads Queued:", "PC Read Disp.:",
            "PC Reads Req.:", "PC Reads Compl.:", "PC Writes Queued:", "PC Write Disp.:", "PC Writes Req.:",
            "PC Writes Compl.:", "Writes Queued:", "Write Dispatches:", "Writes Requeued:",
            "Writes Completed:", "Write Merges:", "Write depth:", "Throughput (R/W):", "Events (", "Skips:",
            "Trace started at", "Total (");

    private SummaryLines() {
    }

    static boolean recognised(String line) {
        String s = line.strip();
        if (s.isEmpty()) {
            return true;
        }
        if (s.startsWith("Input file ") && s.endsWith(" added")) {
            return true;
        }
        if (consultantNote(s)) {
            return true;
        }
        for (String p : PREFIXES) {
            if (s.startsWith(p)) {
                return true;
            }
        }
        // "CPU3 (8,0):", "CPU0 (sde):", and blkparse -s's "comm (pid):" block headers
        return s.endsWith("):") && s.indexOf(" (") > 0;
    }

    /**
     * What a consultant pastes above an excerpt: the command that made it ("# blkparse -i sda",
     * "$ blktrace ...") or a column legend ("[ Device ] [CPU ID] [Sqc] [ timestamp ] ...", seed 000).
     */
    static boolean consultantNote(String s) {
        boolean prompt = s.startsWith("#") || s.startsWith("$ ");
        if (prompt && (s.contains("blkparse") || s.contains("blktrace") || s.contains("btrace"))) {
            return true;
        }
        return s.startsWith("[") && s.replace(" ", "").startsWith("[Device]");
    }

    /** blkparse's note for each per-CPU file it reads, e.g. "Input file sda.blktrace.0 added". */
    static boolean inputFileNote(String line) {
        String s = line.strip();
        return s.startsWith("Input file ") && s.endsWith(" added");
    }
}
