package dev.ioverdict.parse.config;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.model.Fact;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Sample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** One file parsed by one format in a test: its facts and its inventory line. */
record Parsed(Facts facts, InputSummary summary) {
    /** Parses {@code file}, naming it {@code bundlePath} inside the imagined bundle. */
    static Parsed of(InputFormat format, Path file, String bundlePath) {
        try {
            Facts facts = new Facts();
            ParseContext ctx = new ParseContext(bundlePath, facts);
            format.parse(new BundleFile(bundlePath, file, Files.size(file), false), ctx);
            return new Parsed(facts, ctx.summary(format.id(), "test"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Parsed of(InputFormat format, Path file) {
        return of(format, file, file.getFileName().toString());
    }

    /** Parses text written to a temporary file named {@code bundlePath}'s last segment. */
    static Parsed text(InputFormat format, String text, String bundlePath) {
        try {
            Path tmp = Files.createTempFile("ioverdict-config", ".txt");
            try {
                Files.writeString(tmp, text, StandardCharsets.UTF_8);
                return of(format, tmp, bundlePath);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Sample sample(Path file, String bundlePath) {
        try {
            String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            return new Sample(bundlePath, text.lines().limit(200).toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Sample sample(String text, String bundlePath) {
        return new Sample(bundlePath, List.of(text.split("\n", -1)));
    }

    /** Line {@code number} (1-based) of a file, as the parser saw it. */
    static String lineOf(Path file, int number) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8).get(number - 1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    <T extends Fact> List<T> all(Class<T> type) {
        return facts.all(type);
    }
}
