package dev.ioverdict.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.ioverdict.parse.btt.BttAveragesFormat;
import dev.ioverdict.parse.config.MountsFormat;
import dev.ioverdict.parse.host.HostnameFormat;
import dev.ioverdict.parse.host.LosetupFormat;
import dev.ioverdict.parse.host.UnameFormat;
import dev.ioverdict.parse.perf.PerfScriptFormat;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Declared recognisers on real files: the score and the reason, with the counts filled in. */
class RecogniserTest {
    private static final String BUSY = "busy-parallel-healthy";

    @Test
    void aHeaderOnTheFirstLineIsCertain() throws IOException {
        assertEquals(Recognition.certain("losetup -l header 'NAME ... BACK-FILE'"),
                recognise(new LosetupFormat(), TestData.file(BUSY, "losetup.txt")));
    }

    @Test
    void aHeaderBelowTheFirstLineIsNot() throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(TestData.file(BUSY, "losetup.txt")));
        lines.addFirst("$ losetup -l");
        assertEquals(Recognition.NO, new LosetupFormat().recognise(new Sample("losetup.txt", lines)));
    }

    @Test
    void theReasonCountsTheLinesThatPassed() throws IOException {
        assertEquals(Recognition.certain("23 mount table lines (device, mount point, type, rw/ro options)"),
                recognise(new MountsFormat(), TestData.file(BUSY, "mounts.txt")));
        assertEquals(Recognition.certain("9 btt -X phase records 'D2C MIN AVG MAX N' and 6 device records (DMI, QSK ...)"),
                recognise(new BttAveragesFormat(), TestData.external("btt/btt-doc-easy-parse-avgs-X.txt")));
    }

    @Test
    void aShareIsOfTheLinesNotPassedOver() throws IOException {
        // 200 sample lines, of which the call-chain frames are passed over: 195 sample headers remain
        Path excerpt = TestData.root().resolve("testdata/xfs-unaligned-512b/fixtures/perf-raw-and-named-syscalls-excerpt.txt");
        assertEquals(Recognition.certain("195 'comm tid [cpu] time: subsystem:event:' sample lines"),
                recognise(new PerfScriptFormat(), excerpt));
    }

    @Test
    void aBoundOnTheLineCountKeepsALogWithAUnameLineOut() throws IOException {
        List<String> uname = Files.readAllLines(TestData.file(BUSY, "uname.txt"));
        assertEquals(100, new UnameFormat().recognise(new Sample("uname.txt", uname)).score());
        List<String> log = new ArrayList<>(uname);
        log.addAll(List.of("a", "b", "c"));
        assertFalse(new UnameFormat().recognise(new Sample("uname.txt", log)).matches());
    }

    @Test
    void theFileNameIsAClueNotTheWholeStory() throws IOException {
        Path hostname = TestData.bundle("sosreport-sar-saturated")
                .resolve("bundle/sosreport-vm-2026-11-24-qkzvbnr/sos_commands/host/hostname");
        assertEquals(Recognition.likely("a file named hostname holding one name"),
                recognise(new HostnameFormat(), hostname));
        List<String> lines = Files.readAllLines(hostname);
        assertFalse(new HostnameFormat().recognise(new Sample("name.txt", lines)).matches());
    }

    @Test
    void signaturesAreTriedInOrder() {
        Recogniser r = Recogniser.of(l -> l.startsWith("#"),
                Signature.certain("{0} rows under '{line}'", Clue.startsWith("DEV"), Clue.startsWith("sd").share(50)),
                Signature.possible("{0} rows", Clue.startsWith("sd").atLeast(2)));
        assertEquals(Recognition.certain("1 rows under 'DEV r/s w/s'"),
                r.recognise(new Sample("x", List.of("# comment", "# more", "DEV r/s w/s  ", "sda 1 2", "", "sdb 3 4"))));
        assertEquals(Recognition.possible("2 rows"), r.recognise(new Sample("x", List.of("sda 1 2", "sdb 3 4"))));
        assertEquals(Recognition.NO, r.recognise(new Sample("x", List.of("DEV r/s", "x", "y", "sda 1"))));
    }

    private static Recognition recognise(InputFormat format, Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        return format.recognise(new Sample(file.toString(), lines.subList(0, Math.min(200, lines.size()))));
    }
}
