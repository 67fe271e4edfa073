package dev.ioverdict.testing;

import dev.ioverdict.model.Fact;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.parse.InputFile;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Parses one text with one format, as the case compiler would, and keeps the facts and the summary. */
public record ParseRun(Facts facts, InputSummary summary) {

    public static ParseRun of(InputFormat format, String name, String text) {
        Facts facts = new Facts();
        ParseContext ctx = new ParseContext(name, facts);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        InputFile file = TestInputs.of(name, bytes);
        try {
            format.parse(file, ctx);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ParseRun(facts, ctx.summary(format.id(), "test"));
    }

    public static ParseRun of(InputFormat format, Path file) {
        try {
            return of(format, file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Recognition recognise(InputFormat format, Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            return format.recognise(new Sample(file.getFileName().toString(), lines.subList(0, Math.min(200, lines.size()))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public <T extends Fact> List<T> all(Class<T> type) {
        return facts.all(type);
    }
}
