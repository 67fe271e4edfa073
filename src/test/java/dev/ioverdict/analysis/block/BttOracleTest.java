package dev.ioverdict.analysis.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For every blkgen preset in testdata/: ioverdict's figures from the blkparse text equal btt's
 * from the binary of the same trace, figure for figure at btt's printed precision; and so are
 * its figures from that binary itself (the per-CPU files blktrace wrote, read together).
 */
class BttOracleTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static Stream<Path> blkgenCases() throws IOException {
        try (Stream<Path> s = Files.list(TestData.root().resolve("testdata"))) {
            List<Path> cases = s.filter(p -> p.getFileName().toString().startsWith("blkgen-")).sorted().toList();
            assertFalse(cases.isEmpty(), "no testdata/blkgen-* cases");
            return cases.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("blkgenCases")
    void figuresEqualBtts(Path dir) throws IOException {
        JsonNode expected = JSON.readTree(dir.resolve("btt-expected.json").toFile());
        Traces.Analysed a = Traces.analyse(dir.resolve("bundle/blkparse.txt"));
        assertNotNull(a.trace(), "no block trace");
        assertEquals(List.of(), a.input().warnings(), "warnings");
        assertEquals(List.of(), BttOracle.differences(expected, a.trace().section()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("blkgenCases")
    void figuresFromTheBinaryEqualBtts(Path dir) throws IOException {
        JsonNode expected = JSON.readTree(dir.resolve("btt-expected.json").toFile());
        Traces.Analysed a = Traces.analyseBinary(dir.resolve("blktrace"));
        assertNotNull(a.trace(), "no block trace");
        assertEquals(List.of(), a.input().warnings(), "warnings");
        assertEquals(List.of(), BttOracle.differences(expected, a.trace().section()));
    }
}
