package dev.ioverdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/ARCHITECTURE.md says what the code is: its packages in the order ArchitectureTest enforces,
 * every path and class it names, and every registration line it quotes where it says it is.
 */
class ArchitectureDocTest {
    private static final Path DOC = TestData.root().resolve("docs/ARCHITECTURE.md");
    private static final Path MAIN = TestData.root().resolve("src/main/java/dev/ioverdict");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern TABLE_ROW = Pattern.compile("^\\| `([a-z]+)` \\|", Pattern.MULTILINE);
    /** A row of "Where a new thing goes": `LINE` in `REGISTRY`. */
    private static final Pattern REGISTRATION = Pattern.compile("`([^`]+)` in `([^`]+\\.java)` \\|");

    private static String doc() throws IOException {
        return Files.readString(DOC);
    }

    @Test
    void thePackagesAreTheCodesInTheEnforcedOrder() throws IOException {
        String doc = doc();
        String chain = String.join(" -> ", ArchitectureTest.LAYERS);
        assertTrue(doc.contains("\n" + chain + "\n"), "the order line reads: " + chain);
        List<String> rows = new ArrayList<>();
        Matcher m = TABLE_ROW.matcher(doc);
        while (m.find()) {
            rows.add(m.group(1));
        }
        assertEquals(ArchitectureTest.LAYERS, rows, "one table row per package, in order");
        try (Stream<Path> s = Files.list(MAIN)) {
            Set<String> packages = s.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(new TreeSet<>(ArchitectureTest.LAYERS), packages, "every package of the code, and no other");
        }
    }

    @Test
    void everyPathAndClassItNamesExists() throws IOException {
        Set<String> classes = classNames();
        List<String> missing = new ArrayList<>();
        int paths = 0;
        int named = 0;
        Matcher m = CODE.matcher(doc());
        while (m.find()) {
            String code = m.group(1);
            if (code.contains(" ") || code.contains("(") || code.contains("::") || code.endsWith(",")) {
                continue; // a command, a chain or a registration line: checked elsewhere
            }
            if (code.contains("/")) {
                paths++;
                if (!Files.exists(TestData.root().resolve(code))) {
                    missing.add(code);
                }
            } else if (code.matches("[A-Z][A-Za-z0-9]+(\\.[a-z][A-Za-z0-9]*)?")) {
                named++;
                String cls = code.contains(".") ? code.substring(0, code.indexOf('.')) : code;
                if (!classes.contains(cls)) {
                    missing.add(code);
                }
            }
        }
        assertTrue(paths >= 10 && named >= 30, "the scan found what the page names: " + paths + " paths, " + named + " classes");
        assertEquals(List.of(), missing, "named in docs/ARCHITECTURE.md but not in the code");
    }

    @Test
    void everyRegistrationLineIsInTheRegistryItNames() throws IOException {
        Matcher m = REGISTRATION.matcher(doc());
        int rows = 0;
        while (m.find()) {
            rows++;
            String line = m.group(1);
            Path registry = TestData.root().resolve(m.group(2));
            assertTrue(Files.readAllLines(registry).stream().map(String::strip).anyMatch(line::equals),
                    m.group(2) + " holds the line " + line);
        }
        assertEquals(3, rows, "a format, an analysis and a rule");
    }

    /** Simple names of the main classes (top-level and nested), from the sources. */
    private static Set<String> classNames() throws IOException {
        Pattern declared = Pattern.compile("\\b(?:class|interface|record|enum)\\s+([A-Z][A-Za-z0-9]*)");
        Set<String> out = new TreeSet<>();
        try (Stream<Path> s = Files.walk(MAIN)) {
            for (Path p : s.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher m = declared.matcher(Files.readString(p));
                while (m.find()) {
                    out.add(m.group(1));
                }
            }
        }
        return out;
    }
}
