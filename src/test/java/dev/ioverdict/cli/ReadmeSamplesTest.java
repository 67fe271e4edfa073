package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample outputs the README quotes ({@code $ ./ioverdict ...} and the lines under it, in one
 * fenced block) are what those commands print today, run on the same bundles (the output folder
 * is a temporary one, named as the README names it). With {@code -Dioverdict.docs.update=true}
 * the README's quotes are rewritten instead.
 */
class ReadmeSamplesTest {
    private static final Pattern BLOCK = Pattern.compile("```\\n\\$ \\./ioverdict ([^\\n]*)\\n(.*?)```", Pattern.DOTALL);

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> quotedOutputsAreWhatTheCommandsPrint() throws Exception {
        Path readme = TestData.root().resolve("README.md");
        String text = Files.readString(readme, StandardCharsets.UTF_8);
        Matcher m = BLOCK.matcher(text);
        List<DynamicTest> tests = new ArrayList<>();
        while (m.find()) {
            String command = m.group(1);
            tests.add(DynamicTest.dynamicTest(command, () -> check(readme, command)));
        }
        assertTrue(tests.size() >= 2, "the README quotes report and compare");
        return tests.stream();
    }

    private void check(Path readme, String command) throws Exception {
        List<String> args = new ArrayList<>(Arrays.asList(command.trim().split("\\s+")));
        int o = args.indexOf("-o");
        assertTrue(o >= 0, "a quoted command names its output folder: " + command);
        String named = args.get(o + 1);
        Path out = tmp.resolve("out" + Math.abs(command.hashCode()));
        args.set(o + 1, out.toString());
        args.replaceAll(a -> a.startsWith("testdata/") ? TestData.root().resolve(a).toString() : a);
        Cli r = Cli.run(args.toArray(String[]::new));
        assertTrue(r.exitCode() == 0 || r.exitCode() == 1, r.exitCode() + ": " + r.err());
        String printed = r.out().replace(out.toString(), named);
        String text = Files.readString(readme, StandardCharsets.UTF_8);
        Matcher m = BLOCK.matcher(text);
        while (m.find()) {
            if (m.group(1).equals(command)) {
                if (Boolean.getBoolean("ioverdict.docs.update") && !m.group(2).equals(printed)) {
                    Files.writeString(readme, text.substring(0, m.start(2)) + printed + text.substring(m.end(2)),
                            StandardCharsets.UTF_8);
                    return;
                }
                assertEquals(m.group(2), printed, "README.md quotes another output of ./ioverdict " + command
                        + "; run " + ReadmeTables.REGENERATE);
                return;
            }
        }
    }
}
