package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CliTest {
    @Test
    void garbageBundleExitsThreeWithOneLine(@TempDir Path tmp) throws Exception {
        Path bundle = Files.createDirectories(tmp.resolve("garbage"));
        Files.writeString(bundle.resolve("notes.txt"), "hello\nthis is not tool output\n");
        Files.write(bundle.resolve("blob.bin"), new byte[] {0, 1, 2, 3, 0, 0, 7});
        Cli r = Cli.run("report", bundle.toString(), "-o", tmp.resolve("out").toString());
        assertEquals(ExitCodes.NOTHING_USABLE, r.exitCode());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("nothing usable"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void missingBundleIsAUsageError(@TempDir Path tmp) {
        // CONTRACT: "2 usage error (including a BUNDLE that does not exist ...)"
        Cli r = Cli.run("report", tmp.resolve("nope").toString());
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("no such file"), r.err());
    }

    @Test
    void unknownOptionIsAUsageError() {
        assertEquals(ExitCodes.USAGE, Cli.run("report", "--bogus").exitCode());
        assertEquals(ExitCodes.USAGE, Cli.run("report", "x", "--format", "docx").exitCode());
        assertEquals(ExitCodes.USAGE, Cli.run().exitCode());
    }

    @Test
    void writesAllThreeFormats(@TempDir Path tmp) {
        Path out = tmp.resolve("out");
        Cli r = Cli.run("report", TestData.bundle("solaris-dnlc-low").resolve("bundle").toString(), "-o", out.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r.err());
        assertTrue(Files.exists(out.resolve("report.html")));
        assertTrue(Files.exists(out.resolve("report.pdf")));
        assertTrue(Files.exists(out.resolve("report.json")));
    }

    @Test
    void failOnWarningExitsFour(@TempDir Path tmp) {
        Cli r = Cli.run("report", TestData.bundle("solaris-dnlc-low").resolve("bundle").toString(), "-o", tmp.toString(),
                "--format", "json", "--fail-on", "warning");
        assertEquals(ExitCodes.FINDING_AT_SEVERITY, r.exitCode());
    }

    @Test
    void badConfigIsAUsageErrorNamingTheKey(@TempDir Path tmp) throws Exception {
        Path cfg = tmp.resolve("c.properties");
        Files.writeString(cfg, "name-cache.no_such = 3\n");
        Cli r = Cli.run("report", TestData.bundle("solaris-dnlc-low").resolve("bundle").toString(), "-o", tmp.toString(),
                "--config", cfg.toString());
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("no_such"), r.err());
    }

    /**
     * A command line whose first word is a subcommand builds that one alone (start-up): each one's
     * help reads the same as with all built, and the names are the ones they declare.
     */
    @Test
    void aSubcommandBuiltAloneReadsAsWithAllBuilt() {
        CommandLine all = Main.commandLine();
        assertEquals(List.copyOf(Main.COMMANDS.keySet()), List.copyOf(all.getSubcommands().keySet()));
        for (String name : Main.COMMANDS.keySet()) {
            assertEquals(name, Main.COMMANDS.get(name).getAnnotation(CommandLine.Command.class).name());
            for (String[] args : List.of(new String[] {name, "--help"}, new String[] {name, "--no-such-option"})) {
                CommandLine alone = Main.commandLine(args);
                assertEquals(name.equals("help") ? all.getSubcommands().keySet() : java.util.Set.of(name),
                        alone.getSubcommands().keySet());
                assertEquals(all.getSubcommands().get(name).getUsageMessage(),
                        alone.getSubcommands().get(name).getUsageMessage(), name);
                if (!name.equals("help")) {
                    assertEquals(args[1].equals("--help") ? 0 : ExitCodes.USAGE, Cli.run(args).exitCode(), name + " " + args[1]);
                }
            }
        }
        assertTrue(Cli.run("help", "inspect").out().contains("Usage: ioverdict inspect"));
        assertEquals(ExitCodes.USAGE, Cli.run("inspec").exitCode());
    }

    @Test
    void rulesAndVersionAndHelp() {
        Cli rules = Cli.run("rules");
        assertEquals(0, rules.exitCode());
        assertTrue(rules.out().contains("name-cache"));
        assertTrue(Cli.run("--version").out().startsWith("ioverdict "));
        assertTrue(Cli.run("report", "--help").out().contains("--fail-on"));
        assertTrue(Cli.run("--help").out().contains("Exit status"));
    }

    @Test
    void inspectListsUnknownFilesToo(@TempDir Path tmp) throws Exception {
        Path bundle = Files.createDirectories(tmp.resolve("b"));
        Files.copy(TestData.bundle("solaris-dnlc-low").resolve("bundle/vmstat-s.txt"), bundle.resolve("vm.txt"));
        Files.writeString(bundle.resolve("readme.txt"), "collected by the customer on Monday\n");
        Cli r = Cli.run("inspect", bundle.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("vmstat-s"));
        assertTrue(r.out().contains("readme.txt") && r.out().contains("unknown"), r.out());
    }
}
