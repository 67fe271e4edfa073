package dev.ioverdict.parse.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.kernel.HungTask;
import dev.ioverdict.model.kernel.KernelEvent;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The quick reading (a line that can be no storage message passed on its bytes, the stamp of a
 * plain dmesg line read from them) gives the very facts and summary the reading of every line as
 * text gives: on every kernel log of the test data and on logs made of the forms' pieces.
 */
class KernelLogQuickReadingTest {
    private static void sameReadings(String name, String text) {
        ParseRun quick = ParseRun.of(new KernelLogFormat(true), name, text);
        ParseRun slow = ParseRun.of(new KernelLogFormat(false), name, text);
        assertEquals(slow.all(KernelEvent.class), quick.all(KernelEvent.class), name);
        assertEquals(slow.all(HungTask.class), quick.all(HungTask.class), name);
        assertEquals(slow.summary(), quick.summary(), name);
    }

    @Test
    void everyKernelLogOfTheTestData() throws IOException {
        Path root = TestData.root().resolve("testdata");
        List<Path> logs;
        try (Stream<Path> files = Files.walk(root)) {
            logs = files.filter(Files::isRegularFile).filter(p -> {
                String rel = root.relativize(p).toString();
                String file = p.getFileName().toString();
                return rel.startsWith("external/kernel-log/") || file.startsWith("kernel-") && file.endsWith(".txt")
                        || file.equals("dmesg") || file.startsWith("messages");
            }).sorted().toList();
        }
        assertTrue(logs.size() >= 10, logs.toString()); // the six public excerpts, the old kernels' logs, a sosreport's dmesg
        for (Path p : logs) {
            sameReadings(p.toString(), Files.readString(p, StandardCharsets.UTF_8));
        }
    }

    @Test
    void storageMessagesOfEveryFormAreLeftToTheReading() {
        String[] messages = {"blk_update_request: I/O error, dev sdb, sector 2048", "Buffer I/O error on dev dm-0, logical block 0",
            "sd 3:0:0:0: [sdb] tag#3 FAILED Result: hostbyte=DID_OK", "sda: Current: sense key: Medium Error",
            "device-mapper: multipath: Failing path 8:32.", "multipath: mpatha: remaining active paths: 0",
            "mpatha: sdc - tur checker reports path is down", "mpatha: sdc - reinstated", "mpatha: sdc - mark as failed",
            "EXT4-fs error (device sda1): ext4_find_entry", "Aborting journal on device sda1-8.",
            "nvme nvme2: I/O 0 QID 0 timeout, reset controller", "ata1.00: exception Emask 0x0", "XFS (dm-0): log I/O error -5",
            "xfs_force_shutdown(sdb1,0x8) called from line 1", "Filesystem \"sdb1\": Disabling barriers", "JBD2: Error -5 detected when updating journal superblock for sda1-8.",
            "SCSI error : <0 0 0 0> return code = 0x8000002", "EXT4-fs (vda): Remounting filesystem read-only"};
        for (String m : messages) {
            byte[] b = ("[ 1.000000] " + m).getBytes(StandardCharsets.US_ASCII);
            assertTrue(StorageMessages.mayClassify(StorageMessages.holdsWord(b, 12, b.length), b, 12, b.length), m);
            assertTrue(StorageMessages.classify(m) != null, m);
        }
        byte[] b = "[ 1.000000] Freeing unused kernel image (initmem) memory: 1024K".getBytes(StandardCharsets.US_ASCII);
        assertFalse(StorageMessages.mayClassify(StorageMessages.holdsWord(b, 12, b.length), b, 12, b.length));
    }

    @Test
    void aColonThenADashNamesNoPath() {
        // multipathd's "map: path - ..." form cut the path out of range here, failing the whole log
        assertEquals(null, StorageMessages.classify("INFO: - x"));
        sameReadings("dmesg", "[ 12.345678] INFO: - \n[ 12.345679] a: - reinstated\n");
    }

    @Property(tries = 3000)
    void logsMadeOfTheFormsPiecesReadTheSame(@ForAll("logs") String log) {
        sameReadings("dmesg", log);
    }

    /**
     * The word scan finds a word exactly where the message holds one, and a message it finds none
     * in is classified by its start alone as the whole chain of forms classifies it.
     */
    @Property(tries = 3000)
    void aMessageWithoutTheWordsIsClassifiedByItsStart(@ForAll("messages") String message) {
        byte[] b = ("[ 1.000000] " + message).getBytes(StandardCharsets.UTF_8);
        boolean worded = WORDS.stream().anyMatch(message::contains);
        assertEquals(worded, StorageMessages.holdsWord(b, 12, b.length), message);
        if (!worded) {
            assertEquals(StorageMessages.classify(message), StorageMessages.classify(message, false), message);
        }
    }

    /** A trace line's frame, read in place, is the one the reading by substrings (before) found. */
    @Property(tries = 3000)
    void aFrameReadInPlaceIsTheFrameReadBySubstrings(@ForAll("traceLines") String line) {
        assertEquals(frameBySubstrings(line), KernelLogFormat.HungTaskBuilder.frame(line), line);
    }

    @Provide
    Arbitrary<String> traceLines() {
        Arbitrary<String> piece = Arbitraries.of("[", "]", "[<ffffffff8163a909>]", "[c000001b9ab07500]", " ", "  ", "\t",
                "\u2003", "? ", "?", "0x", "0xc000001b9ab07540", "+0x", "schedule+0x29/0x70", "io_schedule", "+", "x",
                " (unreliable)", "é", "\ud83d\ude00");
        return piece.list().ofMaxSize(6).map(ps -> String.join("", ps));
    }

    /** Round five's reading of a trace line's frame, each step a substring. */
    private static String frameBySubstrings(String b) {
        String s = b;
        while (s.startsWith("[")) {
            int close = s.indexOf(']');
            if (close < 0) {
                return null;
            }
            s = s.substring(close + 1).stripLeading();
        }
        boolean unreliable = s.startsWith("? ");
        if (unreliable) {
            s = s.substring(2);
        }
        int end = s.indexOf(' ');
        String word = end < 0 ? s : s.substring(0, end);
        int plus = word.indexOf("+0x");
        if (plus > 0) {
            return unreliable ? "" : word.substring(0, plus);
        }
        return word.startsWith("0x") ? "" : null;
    }

    private static final List<String> WORDS = List.of("error", "sense key", "path", "mark as failed", "reinstated",
            "Aborting journal on device ");

    @Provide
    Arbitrary<String> messages() {
        return Arbitraries.oneOf(Arbitraries.strings().withChars("errpathksnmo fdiAbj").ofMaxLength(40),
                pieces().list().ofMaxSize(5).map(ps -> String.join("", ps)));
    }

    private static Arbitrary<String> pieces() {
        return Arbitraries.of("error", "I/O error, dev sdb, sector 8", "Buffer I/O error on dev sdc1",
                "sd 3:0:0:0: [sdb] tag#3 FAILED Result", "sd 3:0:0:0: timing out command", "sense key", ": Current: sense key: ",
                "Failing path 8:32.", "remaining active paths: 0", "mpatha: sdc - tur checker reports path is down",
                " - ", "reinstated", "mark as failed", "Reinstating path 8:16.", "path", "pat", "erro", "rror",
                "Aborting journal on device sda1-8.", "INFO: task kworker/1:2:123 blocked for more than 120 seconds.",
                "INFO:", "Call Trace:", "[<ffffffff8163a909>] schedule+0x29/0x70", " ? __schedule+0x1/0x2", "Not tainted",
                "nvme nvme2: I/O 0 QID 0 timeout", "nvme2n1: detected capacity change from 1 to 0", "ata1: hard resetting link",
                "XFS (dm-0): metadata I/O error", "XFS: possible memory allocation deadlock", "EXT4-fs (vda): mounted",
                "EXT4-fs error (device sda1): x", "JBD2: Error -5 for sda1-8", "Filesystem \"sdb1\": Shutting down filesystem",
                "callbacks suppressed", "Freeing unused kernel", "kernel", "é", "\u00ff", "\t", "      ", "x", "k", "r", "p",
                "nvme nvme0: Device not ready; aborting reset", "EXT4-fs (sda1): Remounting filesystem read-only",
                "XFS (dm-1): Corruption detected", "XFS (dm-1): Mounting V5 Filesystem", "sd 0:0:0:0: [sda] Medium Error",
                "sd 0:0:0:0: Device offlined", "scsi 1:0:0:0: rejecting I/O to offline device", "ata3.00: exception Emask 0x0",
                "nvme nvme1: Removing after probe failure status: -19", "xfs_force_shutdown(sdb1,0x8) called",
                "Filesystem \"sdb1\": Disabling barriers", "sr 0:0:0:0: reset", "st 1:0:0:0: ABORT", "mark", "ark as failed",
                "sense ke", "ense key", "einstated", "Aborting journal on devic", "borting journal on device ", "JBD2: ");
    }

    @Provide
    Arbitrary<String> logs() {
        Arbitrary<String> prefix = Arbitraries.of("[ 12.345678] ", "[    0.000000] ", "[12.345678]", "[ 1108.791169]  ",
                "[12.] ", "[.5] ", "[ 1.2.3] ", "[ 12.5 ] ", "[\t3.0] ", "[ 1234567890123456.1] ", "[ 123456789012345] ",
                "[ 42] ", "[] ", "[ ] ", "<4>[ 5.000001] ", "<12>[ 6.5] ", "<4> [7.0] ", "<>[ 1.0] ", "<1234>[ 1.0] ",
                "<4>", "[ 99.000001", "Apr 16 07:07:38 host kernel: ", "Apr 16 07:07:38 host kernel: [ 33713.705845] ",
                "2022-05-11T16:40:10.123456+00:00 host kernel: ", "[Tue Nov 24 02:03:19 2026] ", "-- Logs begin at x --",
                "", "  ", "é[ 1.0] ", "[ 2.000001] é ");
        Arbitrary<String> piece = pieces();
        Arbitrary<String> line = Arbitraries.oneOf(
                Arbitraries.just(""),
                Arbitraries.strings().ascii().ofMaxLength(30),
                Arbitraries.strings().ascii().ofMaxLength(30).map(s -> "[ 1.000001] " + s),
                prefix.flatMap(p -> piece.list().ofMaxSize(4).map(ps -> p + String.join("", ps))));
        return line.list().ofMinSize(1).ofMaxSize(30).map(ls -> String.join("\n", ls));
    }
}
