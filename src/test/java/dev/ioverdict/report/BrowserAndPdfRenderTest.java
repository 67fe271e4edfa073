package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every testdata report opens in headless Chromium without a console message (the page's CSP turns
 * any attempted network load into one), and its PDF rasterises with pdftoppm. Skipped where the
 * tools are not installed (.ci/run installs them).
 */
class BrowserAndPdfRenderTest {
    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> htmlOpensInChromiumWithoutConsoleMessages() throws Exception {
        Assumptions.assumeTrue(onPath("chromium"), "chromium not installed");
        return ReportOutputTest.cases().stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> {
            Path out = tmp.resolve(c.getFileName().toString());
            Cli.run("report", c.resolve("bundle").toString(), "-o", out.toString(), "--format", "html");
            Path profile = Files.createTempDirectory(tmp, "chromium");
            Result r = run(List.of("chromium", "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync",
                    "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0", "--dump-dom",
                    out.resolve("report.html").toUri().toString()));
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().contains("id=\"verdict\""), "page rendered");
            List<String> console = r.err().lines().filter(l -> l.contains(":CONSOLE")).toList();
            assertEquals(List.of(), console);
        }));
    }

    @TestFactory
    Stream<DynamicTest> pdfRasterisesWithPdftoppm() throws Exception {
        Assumptions.assumeTrue(onPath("pdftoppm"), "pdftoppm not installed");
        return ReportOutputTest.cases().stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> {
            Path out = tmp.resolve(c.getFileName().toString());
            Cli.run("report", c.resolve("bundle").toString(), "-o", out.toString(), "--format", "pdf");
            Result r = run(List.of("pdftoppm", "-png", "-r", "20", out.resolve("report.pdf").toString(),
                    out.resolve("page").toString()));
            assertEquals(0, r.code(), r.err());
            try (Stream<Path> pages = Files.list(out)) {
                assertTrue(pages.anyMatch(p -> p.getFileName().toString().startsWith("page")), "no page rendered");
            }
        }));
    }

    private record Result(int code, String out, String err) {
    }

    private Result run(List<String> cmd) throws Exception {
        Path o = Files.createTempFile(tmp, "out", ".txt");
        Path e = Files.createTempFile(tmp, "err", ".txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(o.toFile()).redirectError(e.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        return new Result(p.exitValue(), Files.readString(o, StandardCharsets.UTF_8), Files.readString(e, StandardCharsets.UTF_8));
    }

    static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
