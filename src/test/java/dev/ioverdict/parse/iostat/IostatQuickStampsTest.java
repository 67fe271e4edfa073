package dev.ioverdict.parse.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Facts;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.testing.TestData;
import dev.ioverdict.testing.TestInputs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/**
 * A line of the shape of sysstat's -t stamp read as one straight away gives the very samples
 * (every field) and problems (skips and warnings with their lines) that reading it as any other
 * line gives: on every iostat file of the test data and on files made of a report's pieces.
 */
class IostatQuickStampsTest {

    /** Every field of every sample, the values bit for bit, and the file's summary. */
    private static List<Object> reading(boolean quick, String name, byte[] bytes) {
        Facts facts = new Facts();
        ParseContext ctx = new ParseContext(name, facts);
        try {
            new IostatFormat(quick).parse(TestInputs.of(name, bytes), ctx);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Object> out = new ArrayList<>();
        for (IostatSample s : facts.all(IostatSample.class)) {
            List<Long> values = new ArrayList<>();
            for (int i = 0; i < s.columns().names().size(); i++) {
                values.add(Double.doubleToRawLongBits(s.valueAt(i)));
            }
            out.add(List.of(s.input(), s.line(), s.text(), s.headerLine(), s.columns(), s.device(), s.report(),
                    s.sinceBoot(), s.timed(), Double.doubleToRawLongBits(s.seconds()), String.valueOf(s.timeText()),
                    String.valueOf(s.date()), s.run(), values));
        }
        InputSummary summary = ctx.summary("iostat", "test");
        out.add(summary);
        return out;
    }

    private static void sameReadings(String name, byte[] bytes) {
        assertEquals(reading(false, name, bytes), reading(true, name, bytes), name);
    }

    @Test
    void everyIostatFileOfTheTestData() throws IOException {
        Path root = TestData.root().resolve("testdata");
        List<Path> files;
        try (Stream<Path> all = Files.walk(root)) {
            files = all.filter(Files::isRegularFile).filter(p -> p.getFileName().toString().contains("iostat"))
                    .sorted().toList();
        }
        int stamped = 0;
        for (Path p : files) {
            byte[] bytes = Files.readAllBytes(p);
            sameReadings(p.toString(), bytes);
            if (new String(bytes, StandardCharsets.ISO_8859_1).lines().anyMatch(IostatClock::isSlashed)) {
                stamped++;
            }
        }
        assertTrue(files.size() >= 80, files.toString()); // sysstat's and Solaris' text, JSON, a capture script
        assertTrue(stamped >= 50, "files with stamps of the quick shape: " + stamped);
    }

    @Test
    void aStampThatIsNoDateIsReportedWhereItStands() {
        String text = "11/21/26 08:30:01\navg-cpu:  %user   %nice %system %iowait  %steal   %idle\n"
                + "          87.82    0.00    5.58    0.00    0.00    6.60\n\n"
                + "Device            r/s     w/s  %util\nvda              5.00    4.00   0.50\n"
                + "13/45/26 08:30:02\nvda              5.00    4.00   0.50\n\n11/21/26 25:00:00\n";
        sameReadings("iostat.txt", text.getBytes(StandardCharsets.US_ASCII));
    }

    @Property(tries = 2000)
    void filesMadeOfAReportsPiecesReadTheSame(@ForAll("files") String text) {
        sameReadings("iostat.txt", text.getBytes(StandardCharsets.UTF_8));
    }

    @Provide
    Arbitrary<String> files() {
        Arbitrary<String> stamp = Arbitraries.of("11/21/26 08:30:01", "11/21/26 08:30:02", "11/22/26 00:00:00",
                "21/11/26 08:30:01", "01/11/26 08:30:01", "11/21/2026 08:30:01", "11/21/26  08:30:01",
                "11/21/26 08:30:01 PM", " 11/21/26 08:30:01", "11/21/26 08:30:01 ", "13/45/26 08:30:01",
                "11/21/26 24:00:00", "11/21/26 23:59:60", "31/02/26 08:30:01", "99/99/99 99:99:99", "11/21/26\t08:30:01",
                "2026-11-21T08:30:01+0000", "21.11.2026 08:30:01", "Time: 08:30:01 AM", "11/21/26");
        Arbitrary<String> other = Arbitraries.of("Linux 6.1.0 (vm) \t11/21/26 \t_x86_64_\t(2 CPU)",
                "Linux 6.1.0 (vm) \t21/11/26 \t_x86_64_\t(2 CPU)",
                "avg-cpu:  %user   %nice %system %iowait  %steal   %idle",
                "          87.82    0.00    5.58    0.00    0.00    6.60", "",
                "Device            r/s     w/s  %util", "Device:         rrqm/s   wrqm/s     r/s     w/s  await  %util",
                "vda              5.00    4.00   0.50", "sda              1.00    2.00   3.00    4.00   5.00   6.00",
                "vdb", "     r/s     w/s  %util    Device", "    1.00    2.00   3.00    vdc",
                "     f/s f_await  aqu-sz  %util Device", "    0.00    0.00    0.00   0.00 vdc",
                "vda              5.00    x   0.50", "iostat -x -t 1");
        Arbitrary<String> line = Arbitraries.frequencyOf(
                Tuple.of(3, stamp), Tuple.of(6, other),
                Tuple.of(1, Arbitraries.strings().withChars("0123456789/: ").ofMinLength(15).ofMaxLength(20)));
        return line.list().ofMinSize(1).ofMaxSize(40).map(ls -> String.join("\n", ls));
    }
}
