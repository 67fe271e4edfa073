package dev.ioverdict.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ioverdict.report.JsonRenderer;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A big file's facts are analysed on a thread beside its parser ({@link FactHandoff}); the
 * report must be the one the parser's own thread gives. Every testdata bundle is read both ways
 * (every file inline, then every file alongside) and the two report.json compared.
 */
class AnalysedAlongsideTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static Stream<String> bundles() throws Exception {
        try (Stream<Path> s = Files.list(TestData.root().resolve("testdata"))) {
            return s.filter(p -> Files.isDirectory(p.resolve("bundle"))).map(p -> p.getFileName().toString()).sorted()
                    .toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("bundles")
    void theReportIsTheSameWhenTheAnalysesRunBesideTheParser(String bundle) throws Exception {
        String inline = reportWithAlongsideFrom(bundle, Long.MAX_VALUE);
        String alongside = reportWithAlongsideFrom(bundle, 0);
        assertEquals(inline, alongside, bundle);
    }

    private static String reportWithAlongsideFrom(String bundle, long bytes) throws Exception {
        String before = System.getProperty(CaseCompiler.ALONGSIDE_FROM_BYTES);
        System.setProperty(CaseCompiler.ALONGSIDE_FROM_BYTES, Long.toString(bytes));
        try {
            CaseCompiler.Compiled c = new CaseCompiler(RuleConfig.DEFAULTS)
                    .compile(CaseRequest.of(TestData.bundle(bundle).resolve("bundle")).withCaseId(bundle));
            JsonNode report = JSON.readTree(JsonRenderer.writer().writeValueAsString(c.report()));
            Stream.of(report.path("summary").path("facts")).filter(ObjectNode.class::isInstance)
                    .forEach(f -> ((ObjectNode) f).put("generated", "(generated)"));
            return report.toPrettyString();
        } finally {
            if (before == null) {
                System.clearProperty(CaseCompiler.ALONGSIDE_FROM_BYTES);
            } else {
                System.setProperty(CaseCompiler.ALONGSIDE_FROM_BYTES, before);
            }
        }
    }
}
