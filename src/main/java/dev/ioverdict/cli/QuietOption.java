package dev.ioverdict.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** --quiet: no status line on the terminal while the command works. */
final class QuietOption {
    @Option(names = {"-q", "--quiet"}, description = "No progress line on the terminal (there is none when stderr "
            + "is not a terminal).")
    boolean quiet;

    StatusLine statusLine(PrintWriter err) {
        return StatusLine.open(err, quiet);
    }
}
