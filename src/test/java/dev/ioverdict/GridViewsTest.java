package dev.ioverdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The grid's cells as a customer with fewer collectors sends them (testdata/grid/views.json): strace and
 * iostat without perf, perf without strace (the capture kit's default when STRACE_FILE is empty), iostat
 * alone, a block trace alone. Each view drops files from the cell's bundle; each entry says what an
 * engineer concludes from what is left, from the same physics as the cell's own verdict. A view with
 * {@code sameAsCell} holds every cell that has its {@code needs} file to the cell's own causes.
 */
class GridViewsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Entries ("cell / view") whose verdict is not reached yet, each with what is missing: they run, the gap
     * is printed, and one that reaches its verdict fails until it is taken out, as in GridCapturesTest.
     */
    private static final java.util.Map<String, String> KNOWN_GAPS = java.util.Map.of();

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> everyCellInEveryView() throws IOException {
        Path grid = TestData.root().resolve("testdata/grid");
        JsonNode spec = JSON.readTree(grid.resolve("views.json").toFile());
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode entry : spec.path("cells")) {
            String cell = entry.path("cell").asText();
            String view = entry.path("view").asText();
            JsonNode how = spec.path("views").path(view);
            assertTrue(how.isObject(), cell + ": no view " + view);
            tests.add(DynamicTest.dynamicTest(cell + " / " + view, () -> check(grid.resolve(cell), view, how, entry)));
        }
        spec.path("views").fields().forEachRemaining(v -> {
            if (!v.getValue().path("sameAsCell").asBoolean()) {
                return;
            }
            try (Stream<Path> s = Files.list(grid)) {
                s.filter(c -> Files.exists(c.resolve("expected.json")))
                        .filter(c -> Files.exists(c.resolve("bundle").resolve(v.getValue().path("needs").asText())))
                        .sorted().forEach(c -> tests.add(DynamicTest.dynamicTest(c.getFileName() + " / " + v.getKey(),
                                () -> check(c, v.getKey(), v.getValue(), JSON.readTree(c.resolve("expected.json").toFile())))));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertTrue(tests.size() >= 80, "the views hold their cells: " + tests.size());
        return tests.stream();
    }

    private void check(Path cell, String view, JsonNode how, JsonNode want) throws IOException {
        String name = cell.getFileName() + " / " + view;
        Path bundle = tmp.resolve(cell.getFileName() + "-" + view);
        copyWithout(cell.resolve("bundle"), bundle, how.path("drop"));
        if (how.has("needs")) {
            assertTrue(Files.exists(bundle.resolve(how.path("needs").asText())), name + ": the view needs "
                    + how.path("needs").asText());
        }
        Path out = tmp.resolve(cell.getFileName() + "-" + view + "-report");
        Cli r = Cli.run("report", bundle.toString(), "-o", out.toString(), "--format", "json");
        assertEquals(0, r.exitCode(), name + ": exit " + r.exitCode() + r.err());
        JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
        String gap = KNOWN_GAPS.get(name);
        try {
            GridCapturesTest.causes(name, want, report, "view " + view);
        } catch (AssertionError e) {
            if (gap == null) {
                throw e;
            }
            System.out.println("GridViewsTest: known gap " + name + ": " + gap + " (" + e.getMessage() + ")");
            return;
        }
        assertTrue(gap == null, name + " reaches its verdict now: take it out of KNOWN_GAPS");
    }

    /** The bundle's files, without those the view drops (globs on the names at the bundle's top). */
    private static void copyWithout(Path from, Path to, JsonNode drop) throws IOException {
        List<PathMatcher> dropped = new ArrayList<>();
        drop.forEach(g -> dropped.add(FileSystems.getDefault().getPathMatcher("glob:" + g.asText())));
        List<Path> all;
        try (Stream<Path> s = Files.walk(from)) {
            all = s.sorted(Comparator.naturalOrder()).toList();
        }
        for (Path p : all) {
            Path rel = from.relativize(p);
            if (rel.getNameCount() > 0 && dropped.stream().anyMatch(m -> m.matches(rel.getName(0)))) {
                continue;
            }
            Path target = to.resolve(rel.toString());
            if (Files.isDirectory(p)) {
                Files.createDirectories(target);
            } else {
                Files.copy(p, target);
            }
        }
    }
}
