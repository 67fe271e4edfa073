package dev.ioverdict;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.ioverdict.model.Finding;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Dependencies run one way: cli -> pipeline -> compare -> report -> diagnosis -> rules -> analysis -> bundle -> parse -> model.
 * And what a rule's findings mean is declared on the rule (its {@code Meaning} and {@code Metric} constants): code
 * outside rules/ names no rule by id and no measurement by key, so adding a rule touches nothing outside rules/.
 */
class ArchitectureTest {
    /** The packages, each importing only those after it; docs/ARCHITECTURE.md lists them in this order. */
    static final List<String> LAYERS = List.of("cli", "pipeline", "compare", "report", "diagnosis", "rules", "analysis",
            "bundle", "parse", "model");
    private static final String MAIN = "src/main/java/dev/ioverdict/";
    /** Where the findings are consumed: there a measurement key can only be a lookup (below, the same words name model fields). */
    private static final List<String> CONSUMERS = List.of("cli/", "pipeline/", "compare/", "report/", "diagnosis/");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    /** A measurement key as a rule declares it: a Metric constant. */
    private static final Pattern DECLARED_KEY = Pattern.compile("(?:Metric\\.\\w+|new Metric)\\(\\s*\"([a-z][A-Za-z0-9]*)\"\\s*,");
    /** Words that are measurement keys and also name something else there (report.json's inputs[].firstTime). */
    private static final Map<String, Set<String>> OTHER_MEANING = Map.of("compare/Side.java", Set.of("firstTime", "lastTime"));

    @Test
    void onlyTheRulesNameRuleIdsAndMeasurementKeys() throws IOException {
        Set<String> ids = RuleCatalogue.all().stream().map(r -> r.info().id()).collect(Collectors.toSet());
        Path main = TestData.root().resolve(MAIN);
        Set<String> keys = new TreeSet<>();
        for (Path p : javaFiles(main.resolve("rules"))) {
            Matcher m = DECLARED_KEY.matcher(Files.readString(p));
            while (m.find()) {
                keys.add(m.group(1));
            }
        }
        // the scan finds the keys the rules declare: if it found none the test would pass for nothing
        assertEquals(true, keys.containsAll(Set.of("d2cAvg", "limitResponse", "sleepsIn", "device")), keys.toString());
        List<String> found = new ArrayList<>();
        for (Path p : javaFiles(main)) {
            String file = main.relativize(p).toString().replace('\\', '/');
            if (file.startsWith("rules/")) {
                continue;
            }
            boolean consumer = CONSUMERS.stream().anyMatch(file::startsWith);
            List<String> lines = Files.readAllLines(p);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = LITERAL.matcher(lines.get(i));
                while (m.find()) {
                    String lit = m.group(1);
                    // a one-word key ("device", "input") is also a JSON field or an evidence property: the
                    // ArchUnit check below keeps lookups of those on a finding inside the rules
                    boolean key = consumer && keys.contains(lit) && !lit.equals(lit.toLowerCase(java.util.Locale.ROOT));
                    if ((ids.contains(lit) || key)
                            && !OTHER_MEANING.getOrDefault(file, Set.of()).contains(lit)) {
                        found.add(file + ":" + (i + 1) + " \"" + lit + "\"");
                    }
                }
            }
        }
        assertEquals(List.of(), found, "outside rules/ a rule is known by its Meaning and a figure by its Metric "
                + "constant, not by a rule id or a measurement key");
    }

    @Test
    void findingsAreReadThroughMetricConstantsOutsideTheRules() {
        var classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.ioverdict");
        noClasses().that().resideOutsideOfPackages("dev.ioverdict.rules..", "dev.ioverdict.model..")
                .should().callMethod(Finding.class, "measurement", String.class)
                .orShould().callMethod(Finding.class, "text", String.class)
                .because("a consumer reads a finding's figures through the rule's Metric constants")
                .check(classes);
    }

    private static List<Path> javaFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    @Test
    void layersDependOnlyDownwards() {
        var classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.ioverdict");
        var layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
        for (String layer : LAYERS) {
            layers = layers.layer(layer).definedBy("dev.ioverdict." + layer + "..");
        }
        layers = layers.whereLayer(LAYERS.get(0)).mayNotBeAccessedByAnyLayer();
        for (int i = 1; i < LAYERS.size(); i++) {
            // a layer is used only by the layers to its left
            layers = layers.whereLayer(LAYERS.get(i)).mayOnlyBeAccessedByLayers(LAYERS.subList(0, i).toArray(String[]::new));
        }
        layers.check(classes);
    }
}
