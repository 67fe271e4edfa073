package dev.ioverdict.rules.block;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.analysis.btt.BttSectionAnalysis;
import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.btt.BttFormat;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.rules.RuleEngine;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A case for one block rule: btt text read by the real parser and analysis, or a trace built in the test. */
final class BlockCase {
    private final Facts facts = new Facts();
    private final List<InputSummary> inputs = new ArrayList<>();
    private BlockTrace trace;

    /** btt output in a testdata case, e.g. ("perf-scheduler-latency", "oracle/btt.txt"). */
    static BlockCase btt(String testCase, String file) throws Exception {
        return new BlockCase().read(TestData.bundle(testCase).resolve(file));
    }

    static BlockCase resource(String name) throws Exception {
        return new BlockCase().read(Path.of(BlockCase.class.getResource(name).toURI()));
    }

    static BlockCase traced(BlockTrace trace) {
        BlockCase c = new BlockCase();
        c.trace = trace;
        return c;
    }

    BlockCase read(Path file) throws Exception {
        String name = file.getFileName().toString();
        ParseContext ctx = new ParseContext(name, facts);
        new BttFormat().parse(new BundleFile(name, file, Files.size(file), false), ctx);
        inputs.add(ctx.summary("btt", "test"));
        return this;
    }

    BlockCase with(Object fact) {
        facts.add(fact);
        return this;
    }

    CaseData data() {
        Results results = new Results();
        if (trace != null) {
            results.put(BlockTrace.class, trace);
            results.put(BlockSection.class, trace.section());
        }
        new BttSectionAnalysis().finish(facts, results);
        return new CaseData("test", inputs, facts, results);
    }

    List<Finding> run(Rule rule) {
        return run(rule, Map.of());
    }

    List<Finding> run(Rule rule, Map<String, String> config) {
        return new RuleEngine(List.of(rule), RuleConfig.of(config)).evaluate(data()).findings();
    }
}
