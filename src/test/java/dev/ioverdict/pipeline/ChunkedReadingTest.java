package dev.ioverdict.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.report.JsonRenderer;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A big file of a format with hints (iostat, sar) is fed to its reader in pieces, read on other
 * threads with hints made there ({@code ChunkedLines}, {@code LineHints}); the report must be the
 * one a single reader gives. Every testdata bundle is read both ways, the second with every such
 * file cut into pieces of a few hundred bytes on three threads (so every header and every report
 * falls on a seam somewhere, and a hint is often made under another piece's header), and the two
 * report.json compared.
 */
class ChunkedReadingTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static Stream<String> bundles() throws Exception {
        try (Stream<Path> s = Files.list(TestData.root().resolve("testdata"))) {
            return s.filter(p -> Files.isDirectory(p.resolve("bundle"))).map(p -> p.getFileName().toString()).sorted()
                    .toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("bundles")
    void theReportIsTheSameWhenBigFilesAreReadInPieces(String bundle) throws Exception {
        String whole = report(bundle, Map.of(LineReader.CHUNKED_FROM_BYTES, Long.toString(Long.MAX_VALUE)));
        String pieces = report(bundle, Map.of(LineReader.CHUNKED_FROM_BYTES, "0",
                LineReader.CHUNKED_PIECE_BYTES, "333", LineReader.CHUNKED_WORKERS, "3"));
        assertEquals(whole, pieces, bundle);
    }

    private static String report(String bundle, Map<String, String> properties) throws Exception {
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
