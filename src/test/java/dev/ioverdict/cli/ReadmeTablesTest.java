package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.testing.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * README.md and the archive's dist/README.md cannot drift from the program: their format and
 * command tables are exactly what the format registry and the picocli model write (as RuleDocsTest
 * holds docs/rules/). With {@code -Dioverdict.docs.update=true} the test rewrites them instead.
 */
class ReadmeTablesTest {
    private static final boolean UPDATE = Boolean.getBoolean("ioverdict.docs.update");
    private static final List<String> DOCS = List.of("README.md", "dist/README.md");

    @TestFactory
    Stream<DynamicTest> generatedTablesAreWhatTheProgramSays() {
        return DOCS.stream().map(doc -> DynamicTest.dynamicTest(doc, () -> {
            Path file = TestData.root().resolve(doc);
            String committed = Files.readString(file, StandardCharsets.UTF_8);
            String generated = committed;
            for (String table : List.of(ReadmeTables.FORMATS, ReadmeTables.COMMANDS)) {
                if (ReadmeTables.has(committed, table)) {
                    generated = ReadmeTables.splice(generated, table, table.equals(ReadmeTables.FORMATS)
                            ? ReadmeTables.formats() : ReadmeTables.commands());
                }
            }
            if (UPDATE && !generated.equals(committed)) {
                Files.writeString(file, generated, StandardCharsets.UTF_8);
                return;
            }
            assertEquals(generated, committed, doc + " differs from what the program generates; run "
                    + ReadmeTables.REGENERATE);
        }));
    }

    @Test
    void theReadmeHoldsBothTablesAndTheArchiveReadmeTheCommands() throws Exception {
        String readme = Files.readString(TestData.root().resolve("README.md"));
        assertTrue(ReadmeTables.has(readme, ReadmeTables.FORMATS) && ReadmeTables.has(readme, ReadmeTables.COMMANDS));
        assertTrue(ReadmeTables.has(Files.readString(TestData.root().resolve("dist/README.md")), ReadmeTables.COMMANDS));
    }

    @Test
    void everyFormatIdHasARow() {
        String table = ReadmeTables.formats();
        InputFormats.all().forEach(f -> assertTrue(table.contains("| `" + f.id() + "` | "), f.id()));
        assertTrue(table.contains("| `blktrace` | blktrace's own binary files"), table);
    }

    @Test
    void synopsesAreReadFromTheOptions() {
        String table = ReadmeTables.commands();
        assertTrue(table.contains("| `ioverdict report BUNDLE [-o DIR] [--title T]"), table);
        // the options of a mixin (ReportingOptions) come after the command's own
        assertTrue(table.contains("[--mark TIME=LABEL]... [--format FMT,...] [--config FILE]` |"), table);
        assertTrue(table.contains("[--mark TIME=LABEL]..."), table);
        assertTrue(table.contains("| `ioverdict compare SIDE [SIDE] "), table);
        assertTrue(table.contains("| `ioverdict batch PATH... -o DIR "), table);
        assertTrue(table.contains("[--no-resume]"), table);
        assertTrue(table.contains("| `ioverdict rules [ID] [--json] [--write-docs DIR]` |"), table);
        String rows = table.lines().filter(l -> l.startsWith("| `")).reduce("", String::concat);
        assertTrue(!rows.contains("--quiet") && !rows.contains("--max-extract"), "shared options are said once: " + rows);
        assertTrue(table.contains("`report`, `batch` and `inspect` take the limits"), table);
        assertTrue(!table.contains("ioverdict help"), table);
    }

    @Test
    void everyCommandTakesQuiet() {
        Main.commandLine().getSubcommands().forEach((name, sub) -> {
            if (!(sub.getCommandSpec().userObject() instanceof picocli.CommandLine.HelpCommand)) {
                assertTrue(sub.getCommandSpec().findOption("--quiet") != null, name + " has no --quiet");
            }
        });
        assertEquals(0, dev.ioverdict.testing.Cli.run("rules", "--quiet").exitCode());
    }
}
