package dev.ioverdict.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ioverdict.report.JsonRenderer;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** A report.json side is read into the report model whole: what compare reads is what the report said. */
class SideTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> everyGoldenReportReadsBackIntoTheModelUnchanged() throws Exception {
        List<Path> goldens;
        try (Stream<Path> s = Files.list(TestData.root().resolve("testdata"))) {
            goldens = s.map(p -> p.resolve("report.golden.json")).filter(Files::exists).sorted().toList();
        }
        assertTrue(goldens.size() >= 30, "the testdata goldens: " + goldens.size());
        return goldens.stream().map(g -> DynamicTest.dynamicTest(g.getParent().getFileName().toString(), () -> {
            String text = Files.readString(g);
            String again = JsonRenderer.writer().writeValueAsString(Side.read(text));
            // an empty list the report left out comes back as an empty list: the same for every reader
            assertEquals(withoutEmptyLists(JSON.readTree(text)), withoutEmptyLists(JSON.readTree(again)));
        }));
    }

    @Test
    void aReportOfAnotherVersionIsRefusedWithItsSchema() throws Exception {
        Path file = tmp.resolve("report.json");
        Files.writeString(file, "{\"schema\": \"ioverdict.report/0\", \"findings\": \"none\"}");
        var e = assertThrows(IllegalArgumentException.class, () -> Side.ofReportJson("before", file));
        assertTrue(e.getMessage().contains("schema 'ioverdict.report/0', expected 'ioverdict.report/1'"), e.getMessage());
    }

    private static JsonNode withoutEmptyLists(JsonNode n) {
        if (n instanceof ObjectNode o) {
            List<String> empty = o.properties().stream()
                    .filter(e -> e.getValue() instanceof ArrayNode a && a.isEmpty()).map(java.util.Map.Entry::getKey).toList();
            o.remove(empty);
            o.forEach(SideTest::withoutEmptyLists);
        } else if (n instanceof ArrayNode a) {
            a.forEach(SideTest::withoutEmptyLists);
        }
        return n;
    }
}
