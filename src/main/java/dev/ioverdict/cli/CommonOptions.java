package dev.ioverdict.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What every command takes: --help, --version, --quiet, --debug; and where it writes (picocli's
 * out and err, which tests replace).
 */
@Command(mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class)
final class CommonOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = {"-q", "--quiet"}, description = "No progress line on the terminal (there is none when stderr "
            + "is not a terminal).")
    boolean quiet;

    /** Read by {@link Main}'s exception handler by its name; here for the commands that print a failure's trace. */
    @Option(names = "--debug", description = "Print stack traces of errors.")
    boolean debug;

    StatusLine statusLine() {
        return StatusLine.open(err(), quiet);
    }

    PrintWriter out() {
        return command.commandLine().getOut();
    }

    PrintWriter err() {
        return command.commandLine().getErr();
    }
}
