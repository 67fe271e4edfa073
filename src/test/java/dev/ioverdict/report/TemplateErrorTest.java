package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A broken template of --templates is a usage error (exit 2) naming its file and line, never an internal error. */
class TemplateErrorTest {
    private static final String BUNDLE = TestData.bundle("solaris-dnlc-low").resolve("bundle").toString();

    @TempDir
    Path tmp;

    private Cli report(Path templates, String formats) {
        return Cli.run("report", BUNDLE, "-o", tmp.resolve("out").toString(), "--format", formats, "--quiet",
                "--templates", templates.toString());
    }

    /** A user's style fragment (included by the built-in report template) whose style element has {@code attribute}. */
    private Path fragment(String attribute) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("tpl/fragments"));
        Files.writeString(dir.resolve("style.html"), """
                <!DOCTYPE html>
                <html xmlns:th="http://www.thymeleaf.org"><head>

                <style th:fragment="style"
                       %s>body { background: #abcdef; }</style></head><body></body></html>
                """.formatted(attribute));
        return dir.getParent();
    }

    @Test
    void anExpressionThatDoesNotParseNamesItsFileAndLine() throws Exception {
        Path tpl = fragment("th:text=\"${r.(}\"");
        Cli r = report(tpl, "html");
        assertEquals(2, r.exitCode(), r.err());
        String file = tpl.resolve("fragments/style.html").toAbsolutePath().normalize().toString();
        assertTrue(r.err().startsWith("ioverdict: template " + file + ", line 5, column 8: "), r.err());
        assertFalse(r.err().contains("internal error") || r.err().contains("\tat "), r.err());
    }

    @Test
    void anExpressionThatFailsOnTheReportNamesItsFileAndLine() throws Exception {
        Path tpl = fragment("th:text=\"${r.findings.get(99).rule}\"");
        Cli r = report(tpl, "html,pdf,json");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("fragments/style.html, line 5, column 8: "), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void aFragmentThatDoesNotExistIsNamedWhereItIsIncluded() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("tpl"));
        Files.writeString(dir.resolve("report.html"), """
                <!DOCTYPE html>
                <html xmlns:th="http://www.thymeleaf.org">
                <body>
                <p th:text="${r.schema}">x</p>
                <div th:replace="~{fragments/nosuch :: x}"></div>
                </body></html>
                """);
        Cli r = report(dir, "html");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("report.html, line 5, column 6: "), r.err());
        assertTrue(r.err().contains("fragments/nosuch.html"), r.err());
    }

    @Test
    void markupThatDoesNotParseNamesItsFileAndLine() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("tpl"));
        Files.writeString(dir.resolve("report.html"), """
                <!DOCTYPE html>
                <html xmlns:th="http://www.thymeleaf.org">
                <body>
                <p th:text="${r.schema}>x</p>
                </body></html>
                """);
        Cli r = report(dir, "html");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("ioverdict: template " + dir.resolve("report.html").toAbsolutePath().normalize()
                + ", line 4"), r.err());
    }

    @Test
    void aPageWithAnElementLeftOpenIsRepairedNotRefused() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("tpl"));
        // well-formed for Thymeleaf, but it writes an element it never closes: the page is finished on a DOM
        // (jsoup), which closes it as a browser would, so the PDF's XML parser gets well-formed XHTML
        Files.writeString(dir.resolve("report.html"), """
                <!DOCTYPE html>
                <html xmlns="http://www.w3.org/1999/xhtml">
                <body>
                <p th:utext="'&lt;b&gt;' + ${r.schema}">x</p>
                </body></html>
                """);
        Cli r = report(dir, "html,pdf");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(Files.size(tmp.resolve("out/report.pdf")) > 0);
    }

    @Test
    void theBuiltInTemplatesStillRender() throws Exception {
        Cli r = report(fragment("th:title=\"${r.schema}\""), "html");
        assertEquals(0, r.exitCode(), r.err());
    }
}
