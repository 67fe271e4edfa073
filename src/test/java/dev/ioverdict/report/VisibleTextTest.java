package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a reader sees is written for a reader: no model keys in camelCase, no identifier (pid,
 * timestamp) grouped with thousands separators. Captured lines, commands and code are left as
 * captured; iostat's own column names (rkB/s) and device placeholders (sdX) are the tools' words.
 */
class VisibleTextTest {
    private static final Pattern CAMEL = Pattern.compile("\\b[a-z]+[A-Z][A-Za-z]*\\b");
    private static final Pattern GROUPED_ID = Pattern.compile("(?:pid|queued at|process)\\s+\\d{1,3},\\d{3}\\b");
    private static final Set<String> TOOL_WORDS = Set.of("rkB", "wkB", "dkB", "kB", "sdX");

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"xfs-unaligned-512b", "seed-002-btt-scheduler", "iostat-solaris-seed003",
        "reads-starved-behind-writes", "seed-001-linuxki", "seed-000-strace-blkparse"})
    void noModelKeysNorGroupedIdentifiers(String testCase) throws Exception {
        Cli.run("report", TestData.bundle(testCase).resolve("bundle").toString(), "-o", tmp.toString(), "--format", "html");
        String text = visible(Files.readString(tmp.resolve("report.html")));
        Set<String> camel = new TreeSet<>();
        Matcher m = CAMEL.matcher(text);
        while (m.find()) {
            if (!TOOL_WORDS.contains(m.group())) {
                camel.add(m.group());
            }
        }
        assertTrue(camel.isEmpty(), testCase + ": camelCase in the visible text: " + camel);
        Matcher g = GROUPED_ID.matcher(text);
        assertTrue(!g.find(), testCase + ": an identifier grouped with separators: " + (g.hitEnd() ? "" : g.group()));
    }

    /** The page's text without scripts, styles, captured lines, code, charts and data links. */
    static String visible(String html) {
        String s = html;
        for (String tag : List.of("script", "style", "pre", "code", "svg")) {
            s = s.replaceAll("(?s)<" + tag + "[^>]*>.*?</" + tag + ">", " ");
        }
        s = s.replaceAll("(?s)<[^>]+>", " ");
        return s.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").replace("&nbsp;", " ")
                .replace("\u00a0", " ");
    }
}
