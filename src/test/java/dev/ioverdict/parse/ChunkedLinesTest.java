package dev.ioverdict.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ioverdict.testing.TestData;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * A file fed in pieces on several threads tells its sink exactly what one {@link Lines} over the
 * whole file tells: every line, its number, blank ones apart, each cut just before its line, the
 * end, and the count; whatever the terminators, the bytes, the byte order mark, lines longer than a
 * piece or than the cutting allows. Each hint reaches the line it was made of.
 */
class ChunkedLinesTest {

    /** What a sink is told, one entry per call, a hint shown as what it was made of. */
    private static final class Told implements LineSink {
        final List<String> said = new ArrayList<>();

        @Override
        public void line(String line, long number) {
            said.add(number + " " + line);
        }

        @Override
        public void line(String line, long number, Object hint) {
            if (hint != null && !hint.equals("<" + line + ">")) {
                said.add(number + " hint " + hint + " for " + line);
            }
            line(line, number);
        }

        @Override
        public void blank(long number) {
            said.add(number + " (blank)");
        }

        @Override
        public void end() {
            said.add("end");
        }
    }

    /** Hints that are the line itself, marked: a hint given to any other line shows. */
    private static final class Marks implements LineHints {
        @Override
        public Reading reading() {
            return new Reading() {
                @Override
                public Object of(String line) {
                    return "<" + line + ">";
                }
            };
        }
    }

    private static List<String> oneThread(byte[] file, int maxLength) throws IOException {
        Told sink = new Told();
        Lines lines = new Lines(new ByteArrayInputStream(file), maxLength,
                (line, length, kept) -> sink.said.add(line + " cut " + length + " to " + kept));
        String line;
        while ((line = lines.next()) != null) {
            if (line.isBlank()) {
                sink.blank(lines.number());
            } else {
                sink.line(line, lines.number());
            }
        }
        sink.end();
        sink.said.add("lines " + lines.number());
        return sink.said;
    }

    private static List<String> inPieces(byte[] file, int workers, int piece, int longest, int maxLength, boolean hints)
            throws IOException {
        Told sink = new Told();
        long n = new ChunkedLines(new ByteArrayInputStream(file), workers, piece, longest, maxLength,
                (line, length, kept) -> sink.said.add(line + " cut " + length + " to " + kept),
                hints ? Marks::new : null).feed(sink);
        sink.said.add("lines " + n);
        return sink.said;
    }

    @Provide
    Arbitrary<byte[]> files() {
        // the pieces files are made of: words, blanks, every terminator, a byte order mark, UTF-8 of
        // two and four bytes, a byte that is no UTF-8, and runs long enough to outgrow a piece
        Arbitrary<byte[]> bit = Arbitraries.of(
                b("word"), b(" "), b("\t"), b("\n"), b("\r"), b("\r\n"), b("\n\n"),
                new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}, b("é"), b("𝄞"), new byte[] {(byte) 0xff},
                b("x".repeat(70)), b("y".repeat(300)));
        return bit.list().ofMaxSize(120).map(parts -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            parts.forEach(out::writeBytes);
            return out.toByteArray();
        });
    }

    @Property(tries = 400)
    void piecesTellWhatOneReaderTells(@ForAll("files") byte[] file, @ForAll @IntRange(min = 1, max = 3) int workers,
                                      @ForAll @IntRange(min = 1, max = 64) int piece,
                                      @ForAll @IntRange(min = 1, max = 512) int longest,
                                      @ForAll @IntRange(min = 1, max = 100) int maxLength,
                                      @ForAll boolean hints) throws IOException {
        assertEquals(oneThread(file, maxLength), inPieces(file, workers, piece, longest, maxLength, hints));
    }

    @Test
    void aRealTraceCutAtManyPlacesReadsTheSame() throws IOException {
        byte[] file = Files.readAllBytes(TestData.bundle("xfs-unaligned-512b").resolve("bundle/iostat-x.txt"));
        List<String> whole = oneThread(file, Lines.DEFAULT_MAX_LENGTH);
        for (int piece : new int[] {1, 97, 4096, 1 << 20}) {
            assertEquals(whole, inPieces(file, 2, piece, 8 << 20, Lines.DEFAULT_MAX_LENGTH, true), "pieces of " + piece);
        }
    }

    @Test
    void aLineLongerThanAnyPieceLeavesTheRestToOneReader() throws IOException {
        byte[] file = ("first\n" + "z".repeat(5000) + "\r\nafter\n\nlast").getBytes(StandardCharsets.UTF_8);
        List<String> told = inPieces(file, 2, 16, 1024, 4000, true);
        assertEquals(oneThread(file, 4000), told);
        assertEquals("2 cut 5000 to 4000", told.get(1));
    }

    @Test
    void aFailingStreamIsTheCallersFailure() {
        InputStream failing = new InputStream() {
            private int left = 100;

            @Override
            public int read() throws IOException {
                if (left-- <= 0) {
                    throw new IOException("disk gone");
                }
                return left % 10 == 0 ? '\n' : 'a';
            }
        };
        IOException e = assertThrows(IOException.class,
                () -> new ChunkedLines(failing, 2, 16, 64, 100, (l, n, k) -> { }, null).feed(new Told()));
        assertEquals("disk gone", e.getMessage());
    }

    @Test
    void aSinkThatFailsStopsTheReading() {
        byte[] file = "a\nb\nc\n".repeat(1000).getBytes(StandardCharsets.UTF_8);
        LineSink failing = (line, number) -> {
            if (number == 1500) {
                throw new IllegalStateException("sink failed at " + number);
            }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new ChunkedLines(new ByteArrayInputStream(file), 2, 64, 256, 100, (l, n, k) -> { }, null).feed(failing));
        assertEquals("sink failed at 1500", e.getMessage());
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
