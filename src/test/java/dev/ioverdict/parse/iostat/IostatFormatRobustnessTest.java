package dev.ioverdict.parse.iostat;

import dev.ioverdict.testing.TestInputs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Facts;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.testing.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;

/** Damage a real capture at random: the parser never throws and keeps every row it can read. */
class IostatFormatRobustnessTest {
    private static final List<String> REAL = read();

    private static List<String> read() {
        try {
            return Files.readAllLines(TestData.bundle("iostat-linux-saturated").resolve("bundle/iostat-x-t.txt"));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Property(tries = 200)
    void damagedCapturesNeverThrow(@ForAll @IntRange(min = 0, max = 287) int at,
                                   @ForAll @IntRange(min = 0, max = 250) int cut,
                                   @ForAll @StringLength(max = 40) String junk,
                                   @ForAll @IntRange(min = 0, max = 3) int how) throws Exception {
        List<String> lines = new ArrayList<>(REAL);
        String line = lines.get(at);
        switch (how) {
            case 0 -> lines.set(at, line.substring(0, Math.min(cut, line.length())));
            case 1 -> lines.add(at, junk);
            case 2 -> lines.set(at, line.substring(0, Math.min(cut, line.length())) + junk);
            default -> lines = lines.subList(0, at);
        }
        byte[] text = String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
        Facts facts = new Facts();
        ParseContext ctx = new ParseContext("x.txt", facts);
        new IostatFormat().parse(TestInputs.of("x.txt", text), ctx);
        List<IostatSample> samples = facts.all(IostatSample.class);
        assertTrue(samples.size() >= 104 - 2 * 4 - (how == 3 ? 104 : 0), "kept " + samples.size());
        for (IostatSample s : samples) {
            assertEquals(s.columns().names().size(), s.metrics().size());
        }
    }
}
