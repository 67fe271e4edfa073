package dev.ioverdict.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A big file's facts are analysed on a thread beside its parser ({@link FactHandoff}); the
 * report must be the one the parser's own thread gives. Every testdata bundle is read both ways
 * (every file inline, then every file alongside) and the two report.json compared.
 */
class AnalysedAlongsideTest {
    static Stream<String> bundles() throws Exception {
        return ReportUnder.bundles();
    }

    @ParameterizedTest
    @MethodSource("bundles")
    void theReportIsTheSameWhenTheAnalysesRunBesideTheParser(String bundle) throws Exception {
        String inline = ReportUnder.properties(bundle, Map.of(CaseCompiler.ALONGSIDE_FROM_BYTES, Long.toString(Long.MAX_VALUE)));
        String alongside = ReportUnder.properties(bundle, Map.of(CaseCompiler.ALONGSIDE_FROM_BYTES, "0"));
        assertEquals(inline, alongside, bundle);
    }
}
