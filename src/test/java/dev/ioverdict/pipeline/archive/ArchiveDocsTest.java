package dev.ioverdict.pipeline.archive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/ARCHIVE.md's tables are {@link ArchiveSchema}'s, column for column; with
 * {@code -Dioverdict.docs.update=true} the test rewrites them instead.
 */
class ArchiveDocsTest {
    private static final String START = "<!-- generated tables: ./mvnw -B -ntp test -Dtest=ArchiveDocsTest -Dioverdict.docs.update=true -->\n";
    private static final String END = "<!-- end of generated tables -->";

    @Test
    void theDocumentedTablesAreTheSchema() throws Exception {
        Path file = TestData.root().resolve("docs/ARCHIVE.md");
        String committed = Files.readString(file, StandardCharsets.UTF_8);
        int from = committed.indexOf(START);
        int to = committed.indexOf(END);
        assertTrue(from >= 0 && to > from, "docs/ARCHIVE.md has no generated tables section");
        String generated = committed.substring(0, from + START.length()) + ArchiveSchema.markdown() + committed.substring(to);
        if (Boolean.getBoolean("ioverdict.docs.update") && !generated.equals(committed)) {
            Files.writeString(file, generated, StandardCharsets.UTF_8);
            return;
        }
        assertEquals(generated, committed, "docs/ARCHIVE.md differs from ArchiveSchema; run ./mvnw -B -ntp test "
                + "-Dtest=ArchiveDocsTest -Dioverdict.docs.update=true");
    }

    @Test
    void theVersionIsTheDocumentsVersion() throws Exception {
        String doc = Files.readString(TestData.root().resolve("docs/ARCHIVE.md"));
        assertTrue(doc.lines().findFirst().orElseThrow().contains("`" + ArchiveSchema.VERSION + "`"));
    }
}
