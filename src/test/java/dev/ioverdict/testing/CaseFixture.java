package dev.ioverdict.testing;

import dev.ioverdict.analysis.Analyses;
import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.rules.RuleEngine;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A case built from chosen files (recognised and parsed as the compiler would) plus facts a test
 * supplies itself, e.g. filesystem descriptions whose parser lives on another branch.
 */
public final class CaseFixture {
    private CaseFixture() {
    }

    public static CaseData read(List<Path> files, List<Object> extraFacts) {
        Facts facts = new Facts();
        List<Analysis> analyses = Analyses.fresh();
        analyses.forEach(a -> a.attach(facts));
        List<InputSummary> inputs = new ArrayList<>();
        for (Path p : files) {
            InputFormat best = null;
            Recognition r = Recognition.NO;
            for (InputFormat f : InputFormats.all()) {
                Recognition x = ParseRun.recognise(f, p);
                if (x.score() > r.score()) {
                    best = f;
                    r = x;
                }
            }
            if (best == null) {
                throw new IllegalArgumentException("no format recognises " + p);
            }
            String name = p.getFileName().toString();
            ParseContext ctx = new ParseContext(name, facts);
            try {
                best.parse(new dev.ioverdict.parse.InputFile() {
                    @Override
                    public String path() {
                        return name;
                    }

                    @Override
                    public long size() {
                        return p.toFile().length();
                    }

                    @Override
                    public InputStream open() throws IOException {
                        return Files.newInputStream(p);
                    }
                }, ctx);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            inputs.add(ctx.summary(best.id(), r.reason()));
        }
        extraFacts.forEach(facts::add);
        Results results = new Results();
        analyses.forEach(a -> a.finish(facts, results));
        return new CaseData("test", inputs, facts, results);
    }

    /** The findings of one rule on a case, with threshold overrides {@code key -> value}. */
    public static List<Finding> findings(Rule rule, CaseData data, Map<String, String> config) {
        var outcome = new RuleEngine(List.of(rule), RuleConfig.of(config)).evaluate(data);
        if (!outcome.failures().isEmpty()) {
            throw new AssertionError(outcome.failures().toString());
        }
        return outcome.findings();
    }

    public static Path file(String testCase, String name) {
        return TestData.bundle(testCase).resolve("bundle").resolve(name);
    }

    /** Line {@code n} (1-based) of a file, as captured. */
    public static String line(Path file, int n) {
        try (var lines = Files.lines(file)) {
            return lines.skip(n - 1).findFirst().orElseThrow();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
