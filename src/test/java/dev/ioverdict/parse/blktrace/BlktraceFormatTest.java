package dev.ioverdict.parse.blktrace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.parse.InputFile;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.parse.blkparse.BlkparseFormat;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The binary files of every blkgen case in testdata/ give, event for event, what the real
 * blkparse's text of them gives; and the text an event would print is blkparse's line.
 */
class BlktraceFormatTest {
    static Stream<Path> binaryCases() throws IOException {
        try (Stream<Path> s = Files.list(TestData.root().resolve("testdata"))) {
            List<Path> cases = s.filter(p -> Files.isDirectory(p.resolve("blktrace"))).sorted().toList();
            assertFalse(cases.isEmpty(), "no testdata/*/blktrace");
            return cases.stream();
        }
    }

    /** Every file of {@code folder}, read together as one trace. */
    static List<BlockEvent> binaryEvents(Path folder) throws IOException {
        List<Path> paths;
        try (Stream<Path> s = Files.list(folder)) {
            paths = s.sorted().toList();
        }
        Facts facts = new Facts();
        List<BlockEvent> events = new ArrayList<>();
        facts.stream(BlockEvent.class, events::add);
        List<InputFile> files = new ArrayList<>();
        List<ParseContext> contexts = new ArrayList<>();
        for (Path p : paths) {
            String name = p.getFileName().toString();
            files.add(new BundleFile(name, p, Files.size(p), false));
            contexts.add(new ParseContext(name, facts));
        }
        new BlktraceFormat().parseTogether(files, contexts);
        for (ParseContext c : contexts) {
            assertEquals(List.of(), c.summary("blktrace", "test").warnings(), c.input());
        }
        return events;
    }

    static List<BlockEvent> textEvents(Path text) throws IOException {
        Facts facts = new Facts();
        List<BlockEvent> events = new ArrayList<>();
        facts.stream(BlockEvent.class, events::add);
        new BlkparseFormat().parse(new BundleFile("blkparse.txt", text, Files.size(text), false),
                new ParseContext("blkparse.txt", facts));
        return events;
    }

    /** The fields an analysis reads: all but where the event came from. */
    static String fields(BlockEvent e) {
        return String.join(" ", e.device(), "" + e.cpu(), "" + e.timeNs(), "" + e.pid(), e.action().name(), e.rwbs(),
                "" + e.sector(), "" + e.sectors(), "" + e.bytes(), e.comm(), "" + e.error(), "" + e.fromMajor(),
                "" + e.fromMinor(), "" + e.fromSector());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("binaryCases")
    void eventsEqualBlkparsesText(Path dir) throws IOException {
        List<BlockEvent> binary = binaryEvents(dir.resolve("blktrace"));
        List<BlockEvent> text = textEvents(dir.resolve("bundle/blkparse.txt"));
        assertEquals(text.size(), binary.size(), "events");
        for (int i = 0; i < text.size(); i++) {
            BlockEvent t = text.get(i);
            BlockEvent b = binary.get(i);
            assertEquals(fields(t), fields(b), "event " + i + ": " + t.text());
            if (t.action() != BlockAction.UNPLUG && t.action() != BlockAction.UNPLUG_TIMER
                    && t.action() != BlockAction.SPLIT) {
                assertEquals(t.text(), b.text(), "printed line of event " + i);
            }
        }
    }

    @Test
    void bigEndianFilesReadAsTheLittleEndianOnes(@TempDir Path tmp) throws IOException {
        Path source = TestData.root().resolve("testdata/blkgen-selftest/blktrace");
        Path swapped = Files.createDirectories(tmp.resolve("be"));
        try (Stream<Path> s = Files.list(source)) {
            for (Path p : s.toList()) {
                Files.write(swapped.resolve(p.getFileName().toString()), byteSwapped(Files.readAllBytes(p)));
            }
        }
        List<String> little = binaryEvents(source).stream().map(BlktraceFormatTest::fields).toList();
        List<String> big = binaryEvents(swapped).stream().map(BlktraceFormatTest::fields).toList();
        assertEquals(little, big);
        var recognised = new BlktraceFormat().recognise(new Sample("x", List.of(),
                Files.readAllBytes(swapped.resolve("sda.blktrace.0"))));
        assertTrue(recognised.reason().contains("big-endian"), recognised.reason());
    }

    /**
     * The kernel's ftrace blk tracer (the capture kit's blktrace) numbers no record: each event is known by its place
     * among its file's events, so that evidence cites each apart (all were "loop0.blktrace.1:0").
     */
    @Test
    void eventsOfATraceWithoutSequenceNumbersAreNumberedInTheirFile() throws IOException {
        List<BlockEvent> events = binaryEvents(TestData.root().resolve("testdata/grid/blk-cgroup-read-iops100-1ms-ssd/bundle/blktrace"));
        assertTrue(events.size() > 1000, "events " + events.size());
        java.util.Map<String, List<Long>> lines = new java.util.TreeMap<>();
        events.forEach(e -> lines.computeIfAbsent(e.input(), k -> new ArrayList<>()).add(e.line()));
        lines.forEach((input, numbers) -> {
            assertEquals(1, numbers.get(0), input);
            assertEquals(java.util.stream.LongStream.rangeClosed(1, numbers.size()).boxed().toList(),
                    numbers.stream().sorted().toList(), input);
        });
        // blktrace's own numbers stand where the trace has them
        assertTrue(binaryEvents(TestData.root().resolve("testdata/blkgen-selftest/blktrace")).stream()
                .allMatch(e -> e.text().trim().split("\\s+")[2].equals(Long.toString(e.line()))));
    }

    @Test
    void aCutFileKeepsItsWholeRecordsAndSaysSo(@TempDir Path tmp) throws IOException {
        Path source = TestData.root().resolve("testdata/blkgen-healthy-ssd/blktrace/sda.blktrace.0");
        byte[] all = Files.readAllBytes(source);
        Path cut = tmp.resolve("sda.blktrace.0");
        Files.write(cut, java.util.Arrays.copyOf(all, all.length - 20));
        Facts facts = new Facts();
        ParseContext ctx = new ParseContext("sda.blktrace.0", facts);
        new BlktraceFormat().parse(new BundleFile("sda.blktrace.0", cut, Files.size(cut), false), ctx);
        var summary = ctx.summary("blktrace", "test");
        assertTrue(summary.records() > 100, "records " + summary.records());
        assertEquals(1, summary.warnings().size(), summary.warnings().toString());
        assertTrue(summary.warnings().get(0).message().contains("cut short"), summary.warnings().toString());
    }

    @Test
    void aBlkparseDumpGivesTheEventsOfItsPerCpuFiles(@TempDir Path tmp) throws Exception {
        Path source = TestData.root().resolve("testdata/blkgen-mixed-multidevice/blktrace");
        Path dump = Files.createDirectories(tmp.resolve("dump")).resolve("trace.bin");
        List<String> command = new ArrayList<>(List.of("blkparse"));
        for (String dev : List.of("sda", "sdb", "sdc", "dm-0", "dm-1")) {
            command.addAll(List.of("-i", source.resolve(dev).toString()));
        }
        command.addAll(List.of("-d", dump.toString(), "-O"));
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(tmp.resolve("log").toFile()).start();
        } catch (IOException e) {
            org.junit.jupiter.api.Assumptions.abort("blkparse is not installed (apt-get install blktrace): " + e.getMessage());
            return;
        }
        assertEquals(0, p.waitFor(), Files.readString(tmp.resolve("log")));
        List<String> perCpu = binaryEvents(source).stream().map(BlktraceFormatTest::fields).toList();
        List<String> fromDump = binaryEvents(dump.getParent()).stream().map(BlktraceFormatTest::fields).toList();
        assertEquals(perCpu, fromDump);
    }

    /** The same records written by a big-endian machine: every header field swapped, payloads kept. */
    static byte[] byteSwapped(byte[] le) {
        ByteBuffer in = ByteBuffer.wrap(le).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer out = ByteBuffer.allocate(le.length).order(ByteOrder.BIG_ENDIAN);
        int at = 0;
        while (at + 48 <= le.length) {
            out.putInt(at, in.getInt(at));
            out.putInt(at + 4, in.getInt(at + 4));
            out.putLong(at + 8, in.getLong(at + 8));
            out.putLong(at + 16, in.getLong(at + 16));
            for (int f = 24; f < 44; f += 4) {
                out.putInt(at + f, in.getInt(at + f));
            }
            out.putShort(at + 44, in.getShort(at + 44));
            int pdu = Short.toUnsignedInt(in.getShort(at + 46));
            out.putShort(at + 46, (short) pdu);
            System.arraycopy(le, at + 48, out.array(), at + 48, pdu);
            at += 48 + pdu;
        }
        return out.array();
    }
}
