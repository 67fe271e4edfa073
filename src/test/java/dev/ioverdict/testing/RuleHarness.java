package dev.ioverdict.testing;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.pipeline.CaseRequest;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.Finding;
import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.rules.RuleEngine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The one way tests run rules: a bundle, or a bundle made of chosen files of one (copied into a
 * temporary folder), goes through the real {@link CaseCompiler} (detection, parsing, analyses,
 * engine) with only the rule under test. The engine is strict under test, so a rule that throws
 * fails the test rather than hiding in the report.
 */
public final class RuleHarness {
    private RuleHarness() {
    }

    /** A testdata case's whole bundle. */
    public static List<Finding> bundle(Rule rule, String testCase, Map<String, String> config) {
        return compile(rule, TestData.bundle(testCase).resolve("bundle"), config).report().findings();
    }

    /** A bundle of just these files (a rule's view of part of a capture). */
    public static List<Finding> files(Rule rule, Map<String, String> config, Path... files) {
        return withFolder(files, dir -> compile(rule, dir, config)).report().findings();
    }

    public static List<Finding> files(Rule rule, Path... files) {
        return files(rule, Map.of(), files);
    }

    /** What the analyses make of these files, read as the compiler reads a bundle. */
    public static CaseData data(Path... files) {
        return withFolder(files, dir -> compile(null, dir, Map.of())).data();
    }

    /**
     * The engine on results a test builds itself: for edge cases no capture holds (a device with
     * outliers only), never for what a real capture can show.
     */
    public static List<Finding> results(Rule rule, Map<String, String> config, Consumer<Results> setup) {
        Results results = new Results();
        setup.accept(results);
        CaseData data = new CaseData("test", List.of(), new Facts(), results);
        return new RuleEngine(List.of(rule), RuleConfig.of(config), true).evaluate(data).findings();
    }

    private static CaseCompiler.Compiled compile(Rule rule, Path bundle, Map<String, String> config) {
        try {
            RuleConfig rc = RuleConfig.of(config);
            rc.validate(rule == null ? List.of() : List.of(rule));
            return new CaseCompiler(rc, rule == null ? List.of() : List.of(rule)).compile(CaseRequest.of(bundle).withCaseId("test"));
        } catch (Exception e) {
            throw new AssertionError("compiling " + bundle + ": " + e, e);
        }
    }

    private static <T> T withFolder(Path[] files, java.util.function.Function<Path, T> body) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("ioverdict-harness");
            for (Path f : files) {
                Path target = dir.resolve(f.getFileName().toString());
                if (Files.exists(target)) {
                    throw new IllegalArgumentException("two files named " + f.getFileName());
                }
                Files.copy(f, target);
            }
            return body.apply(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(dir);
        }
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
