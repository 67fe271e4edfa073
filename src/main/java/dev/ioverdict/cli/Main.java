package dev.ioverdict.cli;

import dev.ioverdict.report.SafeText;
import dev.ioverdict.report.TemplateError;
import dev.ioverdict.report.Version;
import java.io.PrintWriter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code ioverdict} command: subcommands, exit codes, and one-line errors. */
@Command(name = "ioverdict", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class,
        description = "Compiles a storage I/O capture bundle (blkparse, btt, strace, perf script, iostat, "
                + "LinuxKI, xfs_info, sysfs ...) into a diagnosis report (HTML, PDF, JSON).",
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
    /** The subcommands by the name each declares, in the order help lists them. */
    static final Map<String, Class<?>> COMMANDS = commands();

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
        CommandLine cl = commandLine(args);
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

    /** The whole command, every subcommand built (help, the README's tables). */
    static CommandLine commandLine() {
        return commandLine(new String[0]);
    }

    /**
     * The command for these arguments: when the first names a subcommand, only that one is built.
     * picocli reads every option of every subcommand it builds: all of them took 93 ms, {@code inspect}
     * alone 57 ms, a tenth of a small {@code inspect}'s start-up (docs/PERFORMANCE.md, "Issue 23, round six").
     * Whatever else comes first (an option, help, a mistyped name) gets them all, so that help knows
     * every one.
     */
    static CommandLine commandLine(String[] args) {
        CommandLine cl = new CommandLine(new Main());
        Class<?> named = args.length > 0 ? COMMANDS.get(args[0]) : null;
        if (named != null && named != CommandLine.HelpCommand.class) {
            cl.addSubcommand(args[0], named);
        } else {
            COMMANDS.forEach(cl::addSubcommand);
        }
        cl.setExecutionExceptionHandler(Main::handleException);
        cl.setParameterExceptionHandler(Main::handleParameterException);
        return cl;
    }

    private static Map<String, Class<?>> commands() {
        Map<String, Class<?>> commands = new LinkedHashMap<>();
        commands.put("report", ReportCommand.class);
        commands.put("compare", CompareCommand.class);
        commands.put("batch", BatchCommand.class);
        commands.put("merge", MergeCommand.class);
        commands.put("query", QueryCommand.class);
        commands.put("inspect", InspectCommand.class);
        commands.put("rules", RulesCommand.class);
        commands.put("help", CommandLine.HelpCommand.class);
        return Collections.unmodifiableMap(commands);
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
