package dev.ioverdict.parse.strace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Fact;
import dev.ioverdict.model.syscall.IoOp;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The strace reader reads an ASCII line from its bytes and any other line from its String: both
 * readings of the same file must give the same facts, lines, records and warnings. Every strace
 * file of testdata is read both ways (every line from its String, against the bytes where they
 * are the characters), and so is a file of awkward lines.
 */
class StraceBytesTest {
    private static final StraceFormat BYTES = new StraceFormat();
    private static final StraceFormat STRINGS = new StraceFormat(false);

    private static void sameBothWays(String name, String text) {
        ParseRun fromBytes = ParseRun.of(BYTES, name, text);
        ParseRun fromStrings = ParseRun.of(STRINGS, name, text);
        assertEquals(fromStrings.all(Fact.class), fromBytes.all(Fact.class), name);
        assertEquals(fromStrings.summary(), fromBytes.summary(), name);
    }

    @Test
    void everyStraceFileOfTestdataGivesTheSameFactsFromItsBytesAsFromItsStrings() throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.walk(TestData.root().resolve("testdata"))) {
            files = all.filter(Files::isRegularFile)
                    .filter(p -> p.toString().contains("strace") && !p.toString().endsWith(".json") && !p.toString().endsWith(".md"))
                    .sorted().toList();
        }
        int read = 0;
        for (Path f : files) {
            String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
            if (!BYTES.recognise(new Sample(f.getFileName().toString(), text.lines().limit(200).toList())).matches()) {
                continue;
            }
            sameBothWays(f.toString(), text);
            read++;
        }
        assertTrue(read >= 40, read + " strace files read");
    }

    /** Lines where a character outside ASCII, a "\r\n" or a cut could make the two readings part. */
    private static final String AWKWARD = String.join("\r\n",
            "4321  10:00:00.000100 openat(AT_FDCWD, \"/data/fïle-日本\", O_RDWR|O_DIRECT) = 5 <0.000010>",
            "4321  10:00:00.000200 pread64(5, \"\\0\\0\"..., 4096, 8192) = 4096 <0.000120>",
            "4321  10:00:00.000300 openat(AT_FDCWD, \"/data/plain\", O_RDONLY) = 6</data/plaïn> <0.000011>",
            "4321  10:00:00.000400 pwrite64(6</data/plaïn>, \"é\"..., 512, 0x１０) = 512 <0.000090>",
            "4321  10:00:00.000500 read(5, \"x\", 1) = -1 EÄGAIN (Resource temporarily unavailable) <0.000001>",
            "4322<fiö> 10:00:00.000600 io_submit(0x7f, 1, [{aio_data=0, aio_lio_opcode=IOCB_CMD_PWRITE, aio_fildes=5,",
            "\u3000 aio_buf=\"ü\", aio_nbytes=4096, aio_offset=0}]) = 1 <0.000020>",
            "4323  10:00:00.000700 io_getevents(0x7f, 1, 1,  <unfinished ...>",
            "4324  10:00:00.000800 write(1, \"naïve\\n\", 7) = 7 <0.000005>",
            "4323  10:00:00.000900 <... io_getevents resumed>[{data=0, obj=0x1, res=4096, res2=0}], NULL) = 1 <0.000300>",
            "4325  10:00:00.001000 <... fsynç resumed>) = 0 <0.000400>",
            "4326  10:00:00.001100 fdatasync(5) = 0 <0.00０5>",
            "ça ne ressemble à rien",
            "4327  10:00:00.001200 close(5) = 0 <0.000002>",
            "4327  10:00:00.001300 +++ exited with 0 +++",
            "");

    @Test
    void awkwardLinesGiveTheSameFactsBothWays() {
        sameBothWays("strace-awkward.txt", AWKWARD);
        sameBothWays("strace-awkward-lf.txt", AWKWARD.replace("\r\n", "\n"));
        sameBothWays("strace-awkward-cr.txt", AWKWARD.replace("\r\n", "\r"));

        ParseRun run = ParseRun.of(BYTES, "strace-awkward.txt", AWKWARD);
        List<SyscallCall> calls = run.all(SyscallCall.class);
        SyscallCall pread = calls.stream().filter(c -> c.name().equals("pread64")).findFirst().orElseThrow();
        assertEquals("/data/fïle-日本", pread.io().get(0).path(), "the path a descriptor was opened with");
        assertEquals(Boolean.TRUE, pread.io().get(0).direct());
        SyscallCall pwrite = calls.stream().filter(c -> c.name().equals("pwrite64")).findFirst().orElseThrow();
        assertEquals("/data/plaïn", pwrite.io().get(0).path());
        assertEquals(16, pwrite.io().get(0).offset(), "Character.digit reads the full-width digits of 0x１０, as before");
        assertEquals("EÄGAIN", calls.stream().filter(c -> c.name().equals("read")).findFirst().orElseThrow().error());
        SyscallCall fdatasync = calls.stream().filter(c -> c.name().equals("fdatasync")).findFirst().orElseThrow();
        assertEquals(null, fdatasync.duration(), "a full-width digit is no digit of a duration");
        assertEquals(0L, fdatasync.ret());
        SyscallCall submit = calls.stream().filter(c -> c.name().equals("io_submit")).findFirst().orElseThrow();
        assertEquals("fiö", submit.comm());
        assertEquals(IoOp.WRITE, submit.io().get(0).op());
        assertEquals(4096, submit.io().get(0).nbytes());
        assertTrue(submit.text().contains("\n\u3000 aio_buf=\"ü\""), submit.text());
        SyscallCall getevents = calls.stream().filter(c -> c.name().equals("io_getevents")).findFirst().orElseThrow();
        assertEquals(List.of(4096L), getevents.eventRes());
        assertEquals("4324  10:00:00.000800 write(1, \"naïve\\n\", 7) = 7 <0.000005>",
                calls.stream().filter(c -> c.name().equals("write")).findFirst().orElseThrow().text());
        assertFalse(run.summary().warnings().isEmpty(), "the line that is no record is said");
    }

    @Test
    void aLineCutAtTheLimitIsReadFromItsStringBothWays() {
        String call = "4321  10:00:00.000100 pwrite64(5, \"" + "a".repeat(5 << 20) + "\", 512, 0) = 512 <0.000010>";
        String text = "4321  10:00:00.000000 openat(AT_FDCWD, \"/d\", O_RDWR|O_DIRECT) = 5 <0.000010>\n" + call + "\n"
                + "4321  10:00:00.000200 pread64(5, \"\\0\"..., 4096, 0) = 4096 <0.000120>\n";
        sameBothWays("strace-cut.txt", text);
    }
}
