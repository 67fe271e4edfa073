package dev.ioverdict.cli;

import dev.ioverdict.report.SafeText;
import dev.ioverdict.report.TemplateError;
import dev.ioverdict.report.Version;
import java.util.List;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code ioverdict} command: subcommands, exit codes, and one-line errors. */
@Command(name = "ioverdict", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class,
        description = "Compiles a storage I/O capture bundle (blkparse, btt, strace, perf script, iostat, "
                + "LinuxKI, xfs_info, sysfs ...) into a diagnosis report (HTML, PDF, JSON).",
        subcommands = {ReportCommand.class, CompareCommand.class, BatchCommand.class, MergeCommand.class, QueryCommand.class,
            InspectCommand.class, RulesCommand.class,
            CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            " 0:report(s) written",
            " 1:report(s) written, but an input was damaged or a case failed",
            " 2:usage error",
            " 3:nothing usable in the input",
            " 4:a finding at or above --fail-on severity was raised (compare: a significant change for the worse, with --fail-on-regression)",
            " 5:the report could not be written (no space, no permission, not a folder)",
            "70:internal error"})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: report, compare, batch, inspect or rules");
    }

    public static void main(String[] args) {
        StatusLine.stderrIsTerminal = StatusLine.detectTerminal();
        System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /**
     * The out-of-memory message with the heap this JVM really had (a fixed "give it 2g" read as
     * nonsense to a user who had given it 2 GB already) and a heap twice that to try.
     */
    static String outOfMemory() {
        long mib = Runtime.getRuntime().maxMemory() >> 20;
        long more = Math.max(1, (2 * mib + 1023) / 1024);
        return "out of memory in a heap of " + mib + " MiB: give the JVM more (JAVA_OPTS=-Xmx" + more
                + "g ./ioverdict ...) or lower --max-line-length / --jobs";
    }

    /** Runs a command line without exiting the JVM; tests call this. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = commandLine();
        cl.setOut(out);
        cl.setErr(err);
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            // picocli hands on only Exceptions; an Error still ends in one line, never a JVM trace
            err.println("ioverdict: " + outOfMemory());
            err.flush();
            return ExitCodes.INTERNAL;
        } catch (Error e) {
            err.println("ioverdict: internal error: " + SafeText.terminal(e.toString())
                    + (List.of(args).contains("--debug") ? "" : " (run with --debug for details)"));
            if (List.of(args).contains("--debug")) {
                e.printStackTrace(err);
            }
            err.flush();
            return ExitCodes.INTERNAL;
        }
    }

    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler(Main::handleException);
        cl.setParameterExceptionHandler(Main::handleParameterException);
        return cl;
    }

    private static int handleParameterException(CommandLine.ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        cl.getErr().println("ioverdict: " + SafeText.terminal(e.getMessage()));
        cl.getErr().println("Try '" + cl.getCommandSpec().qualifiedName() + " --help' for more information.");
        cl.getErr().flush();
        return ExitCodes.USAGE;
    }

    private static int handleException(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        boolean debug = parsed.hasMatchedOption("--debug")
                || parsed.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--debug"));
        if (e instanceof UserError u) {
            cl.getErr().println("ioverdict: " + SafeText.terminal(u.getMessage()));
            if (debug) {
                u.printStackTrace(cl.getErr());
            }
            cl.getErr().flush();
            return u.exitCode();
        }
        if (e instanceof TemplateError t) {
            // the --templates folder is part of the command line: its mistakes are usage errors
            return handleException(new UserError(ExitCodes.USAGE, t.getMessage(), t), cl, parsed);
        }
        cl.getErr().println("ioverdict: internal error: " + SafeText.terminal(e.toString())
                + (debug ? "" : " (run with --debug for details)"));
        if (debug) {
            e.printStackTrace(cl.getErr());
        }
        cl.getErr().flush();
        return ExitCodes.INTERNAL;
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"ioverdict " + Version.get(), "Java " + System.getProperty("java.version")};
        }
    }
}
