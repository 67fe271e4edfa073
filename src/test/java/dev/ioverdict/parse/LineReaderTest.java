package dev.ioverdict.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.model.Diagnostic;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.config.ListedDevice;
import dev.ioverdict.parse.host.LosetupFormat;
import dev.ioverdict.testing.TestData;
import dev.ioverdict.testing.TestInputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineReaderTest {
    @Test
    void aBadLineIsAWarningAtItsPlaceAndTheRestIsKept() throws IOException {
        // the real losetup -l of a capture, with a line of something else pasted in after its header
        List<String> lines = new ArrayList<>(Files.readAllLines(TestData.file("busy-parallel-healthy", "losetup.txt")));
        lines.add(1, "losetup: cannot open /dev/loop7: Permission denied");
        byte[] text = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
        Facts facts = new Facts();
        ParseContext ctx = new ParseContext("bundle/losetup.txt", facts);
        LosetupFormat format = new LosetupFormat();
        format.parse(TestInputs.of("bundle/losetup.txt", text), ctx);

        InputSummary s = ctx.summary(format.id(), "test");
        assertEquals("bundle/losetup.txt", s.path());
        assertEquals(List.of(new Diagnostic(2,
                "not a losetup -l row: losetup: cannot open /dev/loop7: Permission denied")), s.warnings());
        assertEquals(3, s.lines());
        assertEquals(1, s.skipped());
        assertEquals(1, s.records());
        ListedDevice loop = facts.all(ListedDevice.class).getFirst();
        assertEquals("loop0", loop.device());
        assertEquals(3, loop.line());
    }

    @Test
    void theReaderNamesTheFileAndLineItStandsOn() throws IOException {
        ParseContext ctx = new ParseContext("sos_commands/x/data.txt", new Facts());
        List<String> where = new ArrayList<>();
        try (LineReader in = LineReader.of(TestInputs.of("sos_commands/x/data.txt",
                "one\n\n  \nfour\n".getBytes(StandardCharsets.UTF_8)), ctx)) {
            while (in.nextNonBlank() != null) {
                where.add(in.where() + " " + in.line());
            }
            in.countLines();
        }
        assertEquals(List.of("sos_commands/x/data.txt:1 one", "sos_commands/x/data.txt:4 four"), where);
        assertEquals(4, ctx.summary("x", "test").lines());
    }
}
