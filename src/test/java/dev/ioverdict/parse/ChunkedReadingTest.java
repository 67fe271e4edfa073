package dev.ioverdict.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.ioverdict.model.Fact;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.testing.TestData;
import dev.ioverdict.testing.TestInputs;
import dev.ioverdict.testing.TestSeed;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every format that reads big files on every core gives what its reading line by line gives: the
 * same facts in the same order, the same lines, records, warnings and span, on every file of every
 * testdata bundle it recognises, cut into chunks at seeded random sizes (so the seams fall inside
 * unfinished/resumed pairs, wrapped calls and multi-line records), and on a file of awkward bytes.
 */
class ChunkedReadingTest {
    private static final TestSeed SEED = TestSeed.of("ioverdict.chunks.seed", "ChunkedReadingTest");

    private record Reading(List<Fact> facts, InputSummary summary) {
    }

    private static Reading read(InputFormat format, InputFile file, int maxLength, int workers, int chunk) {
        List<Fact> facts = new ArrayList<>();
        ParseContext ctx = new ParseContext(file.path(), facts::add, maxLength, null);
        try {
            if (chunk == 0) {
                format.parse(file, ctx);
            } else {
                ((ChunkedFormat) format).parseChunked(file, ctx, workers, chunk);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Reading(facts, ctx.summary(format.id(), "test"));
    }

    private static void assertSame(InputFormat format, InputFile file, int maxLength, int workers, int chunk) {
        Reading one = read(format, file, maxLength, 1, 0);
        Reading chunked = read(format, file, maxLength, workers, chunk);
        String what = format.id() + " " + file.path() + " in chunks of " + chunk + " bytes " + SEED.tag();
        assertEquals(one.summary(), chunked.summary(), what);
        assertEquals(one.facts().size(), chunked.facts().size(), what);
        for (int i = 0; i < one.facts().size(); i++) {
            assertEquals(components(one.facts().get(i)), components(chunked.facts().get(i)), what + ", fact " + i);
        }
    }

    /** A fact's fields, arrays by their content (equals of a record or class may compare its arrays by identity). */
    private static List<Object> components(Object fact) {
        List<Object> out = new ArrayList<>();
        out.add(fact.getClass());
        for (Field f : fact.getClass().getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            try {
                f.setAccessible(true);
                Object v = f.get(fact);
                out.add(v instanceof double[] d ? Arrays.toString(d) : v instanceof long[] l ? Arrays.toString(l)
                        : v instanceof int[] n ? Arrays.toString(n) : v instanceof Object[] o ? Arrays.deepToString(o) : v);
            } catch (ReflectiveOperationException | RuntimeException e) {
                out.add(fact);
            }
        }
        return out;
    }

    private static List<ChunkedFormat> formats() {
        return InputFormats.all().stream().filter(f -> f instanceof ChunkedFormat).map(f -> (ChunkedFormat) f).toList();
    }

    private static List<Path> testdataFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> all = Files.walk(TestData.root().resolve("testdata"))) {
            all.filter(Files::isRegularFile)
                    .filter(p -> p.toString().contains("/bundle/") || p.toString().contains("/external/"))
                    .filter(p -> p.toFile().length() < (8 << 20))
                    .sorted()
                    .forEach(files::add);
        }
        return files;
    }

    private static boolean recognised(InputFormat format, Path file) {
        try {
            List<String> lines = new ArrayList<>();
            try (Lines in = new Lines(Files.newInputStream(file))) {
                String line;
                while (lines.size() < 200 && (line = in.next()) != null) {
                    lines.add(line);
                }
            }
            return format.recognise(new Sample(file.getFileName().toString(), lines)).matches();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    @TestFactory
    Stream<DynamicTest> everyTestdataFileItRecognisesReadsTheSameInRandomChunks() throws IOException {
        Random random = new Random(SEED.value());
        List<DynamicTest> tests = new ArrayList<>();
        for (ChunkedFormat format : formats()) {
            for (Path p : testdataFiles()) {
                if (!recognised(format, p)) {
                    continue;
                }
                int chunk = 16 + random.nextInt(p.toFile().length() > 200_000 ? 65_536 : 2_048);
                int workers = 1 + random.nextInt(3);
                String name = format.id() + " " + TestData.root().relativize(p) + ", chunks of " + chunk + " " + SEED.tag();
                tests.add(DynamicTest.dynamicTest(name, () -> assertSame(format, TestInputs.of(p), Lines.DEFAULT_MAX_LENGTH, workers, chunk)));
            }
        }
        assertFalse(tests.isEmpty());
        return tests.stream();
    }

    /** Bytes the line reader has rules for: terminators of every kind, a mark, blanks, cut lines, bad UTF-8. */
    @TestFactory
    Stream<DynamicTest> awkwardBytesReadTheSameInRandomChunks() throws IOException {
        Random random = new Random(SEED.value() + 1);
        List<DynamicTest> tests = new ArrayList<>();
        for (ChunkedFormat format : formats()) {
            byte[] sample = Files.readAllBytes(sampleOf(format));
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            b.write(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf});
            int half = sample.length / 2;
            while (half > 0 && sample[half - 1] != '\n') {
                half--;
            }
            b.write(sample, 0, half);
            b.write("\r\n\n   \n\rnot a record\r".getBytes(StandardCharsets.UTF_8));
            b.write(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf, 'x', (byte) 0xff, (byte) 0xc3, (byte) 0xa9, '\n'});
            b.write(("y".repeat(700) + "\n").getBytes(StandardCharsets.UTF_8));
            b.write(("é".repeat(400) + "\r\n").getBytes(StandardCharsets.UTF_8));
            b.write(sample, half, sample.length - half);
            b.write("no newline at the end".getBytes(StandardCharsets.UTF_8));
            byte[] bytes = b.toByteArray();
            for (int k = 0; k < 4; k++) {
                int chunk = 8 + random.nextInt(1_024);
                tests.add(DynamicTest.dynamicTest(format.id() + ", chunks of " + chunk + " " + SEED.tag(),
                        () -> assertSame(format, TestInputs.of(format.id() + ".txt", bytes), 300, 2, chunk)));
            }
        }
        return tests.stream();
    }

    /** A line longer than a chunk may grow to: the rest is read on the calling thread, and still the same. */
    @Test
    void aLineLongerThanAnyChunkHandsTheRestToTheCallingThread() throws IOException {
        for (ChunkedFormat format : formats()) {
            byte[] sample = Files.readAllBytes(sampleOf(format));
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            b.write(sample);
            b.write(new byte[ChunkedLines.MAX_CHUNK + 10]);
            b.write('\n');
            b.write(sample);
            byte[] bytes = b.toByteArray();
            assertSame(format, TestInputs.of(format.id() + ".txt", bytes), 1_000, 2, 4_096);
        }
    }

    private static Path sampleOf(ChunkedFormat format) {
        return switch (format.id()) {
            case "strace" -> TestData.file("xfs-aligned-4k", "strace-fio.txt");
            case "perf-script" -> TestData.file("xfs-aligned-4k", "perf-sched-stacks.txt");
            case "iostat" -> TestData.file("xfs-aligned-4k", "iostat-x.txt");
            default -> throw new IllegalArgumentException("no sample for " + format.id());
        };
    }
}
