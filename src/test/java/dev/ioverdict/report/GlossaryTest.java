package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The glossary explains the terms a report prints, and only those. */
class GlossaryTest {
    @TempDir
    Path tmp;

    private String glossary(String testCase) throws Exception {
        Cli.run("report", TestData.bundle(testCase).resolve("bundle").toString(), "-o", tmp.toString(), "--format", "html");
        String html = Files.readString(tmp.resolve("report.html"));
        int at = html.indexOf("id=\"glossary\"");
        assertTrue(at > 0, "a glossary");
        return html.substring(at, html.indexOf("</section>", at));
    }

    @Test
    void aBlockTraceIsExplainedInBttsWords() throws Exception {
        String g = glossary("seed-000-blkparse");
        assertTrue(g.contains("<dt>D2C</dt>") && g.contains("<dt>Q2C</dt>") && g.contains("<dt>M2D</dt>"), g);
        assertFalse(g.contains("svc_t"), "no Solaris iostat in this bundle");
    }

    @Test
    void solarisIostatIsExplainedInItsOwnColumns() throws Exception {
        String g = glossary("iostat-solaris-seed003");
        assertTrue(g.contains("svc_t") && g.contains("%b"), g);
        assertFalse(g.contains("<dt>D2C</dt>"), "no block trace in this bundle");
    }
}
