package dev.ioverdict.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ioverdict.report.JsonRenderer;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A testdata bundle's report.json compiled under system properties that choose how it is read (on
 * which threads, in what pieces), its time stamp blanked, for tests that compare two readings.
 */
final class ReportUnder {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReportUnder() {
    }

    /** The names of testdata's bundles (each folder with a {@code bundle}), sorted. */
    static Stream<String> bundles() throws Exception {
        try (Stream<Path> s = Files.list(TestData.root().resolve("testdata"))) {
            return s.filter(p -> Files.isDirectory(p.resolve("bundle"))).map(p -> p.getFileName().toString()).sorted()
                    .toList().stream();
        }
    }

    /** The bundle's report.json, pretty, compiled with {@code properties} set and then restored. */
    static String properties(String bundle, Map<String, String> properties) throws Exception {
        Map<String, String> before = new HashMap<>();
        properties.keySet().forEach(k -> before.put(k, System.getProperty(k)));
        properties.forEach(System::setProperty);
        try {
            CaseCompiler.Compiled c = new CaseCompiler(RuleConfig.DEFAULTS)
                    .compile(CaseRequest.of(TestData.bundle(bundle).resolve("bundle")).withCaseId(bundle));
            JsonNode report = JSON.readTree(JsonRenderer.writer().writeValueAsString(c.report()));
            Stream.of(report.path("summary").path("facts")).filter(ObjectNode.class::isInstance)
                    .forEach(f -> ((ObjectNode) f).put("generated", "(generated)"));
            return report.toPrettyString();
        } finally {
            before.forEach((k, v) -> {
                if (v == null) {
                    System.clearProperty(k);
                } else {
                    System.setProperty(k, v);
                }
            });
        }
    }
}
