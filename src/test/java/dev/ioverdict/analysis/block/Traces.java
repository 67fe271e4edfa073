package dev.ioverdict.analysis.block;

import dev.ioverdict.analysis.Results;
import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.InputFile;
import dev.ioverdict.parse.blkparse.BlkparseFormat;
import dev.ioverdict.parse.blktrace.BlktraceFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Runs blkparse text through the parser and the block analysis, as a case would. */
final class Traces {
    record Analysed(BlockTrace trace, InputSummary input) {
    }

    private Traces() {
    }

    static Analysed analyse(Path blkparseText) throws IOException {
        Facts facts = new Facts();
        BlockAnalysis analysis = new BlockAnalysis();
        analysis.attach(facts);
        String name = blkparseText.getFileName().toString();
        ParseContext ctx = new ParseContext(name, facts);
        new BlkparseFormat().parse(new BundleFile(name, blkparseText, Files.size(blkparseText), false), ctx);
        Results results = new Results();
        analysis.finish(facts, results);
        return new Analysed(results.get(BlockTrace.class).orElse(null), ctx.summary("blkparse", "test"));
    }

    /** Every binary file of {@code folder} read together as one trace, as a case reads a blktrace folder. */
    static Analysed analyseBinary(Path folder) throws IOException {
        Facts facts = new Facts();
        BlockAnalysis analysis = new BlockAnalysis();
        analysis.attach(facts);
        List<InputFile> files = new ArrayList<>();
        List<ParseContext> contexts = new ArrayList<>();
        try (Stream<Path> s = Files.list(folder)) {
            for (Path p : s.sorted().toList()) {
                String name = p.getFileName().toString();
                files.add(new BundleFile(name, p, Files.size(p), false));
                contexts.add(new ParseContext(name, facts));
            }
        }
        new BlktraceFormat().parseTogether(files, contexts);
        Results results = new Results();
        analysis.finish(facts, results);
        return new Analysed(results.get(BlockTrace.class).orElse(null), contexts.get(0).summary("blktrace", "test"));
    }
}
