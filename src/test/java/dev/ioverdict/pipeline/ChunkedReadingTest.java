package dev.ioverdict.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.parse.LineReader;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A big file of a format with hints (iostat, sar) is fed to its reader in pieces, read on other
 * threads with hints made there ({@code ChunkedLines}, {@code LineHints}); the report must be the
 * one a single reader gives. Every testdata bundle is read both ways, the second with every such
 * file cut into pieces of a few hundred bytes on three threads (so every header and every report
 * falls on a seam somewhere, and a hint is often made under another piece's header), and the two
 * report.json compared.
 */
class ChunkedReadingTest {
    static Stream<String> bundles() throws Exception {
        return ReportUnder.bundles();
    }

    @ParameterizedTest
    @MethodSource("bundles")
    void theReportIsTheSameWhenBigFilesAreReadInPieces(String bundle) throws Exception {
        String whole = ReportUnder.properties(bundle, Map.of(LineReader.CHUNKED_FROM_BYTES, Long.toString(Long.MAX_VALUE)));
        String pieces = ReportUnder.properties(bundle, Map.of(LineReader.CHUNKED_FROM_BYTES, "0",
                LineReader.CHUNKED_PIECE_BYTES, "333", LineReader.CHUNKED_WORKERS, "3"));
        assertEquals(whole, pieces, bundle);
    }
}
