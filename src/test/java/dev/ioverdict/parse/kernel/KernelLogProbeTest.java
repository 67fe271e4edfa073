package dev.ioverdict.parse.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.kernel.HungTask;
import dev.ioverdict.model.kernel.KernelEvent;
import dev.ioverdict.parse.FloorProbe;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The floor probe makes the facts the production reading makes, so bench/floor-probe.sh measures the real work. */
class KernelLogProbeTest {
    /** Every kernel log of testdata, as KernelLogQuickReadingTest finds them. */
    private static List<Path> logs() throws IOException {
        Path root = TestData.root().resolve("testdata");
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).filter(p -> {
                String rel = root.relativize(p).toString();
                String file = p.getFileName().toString();
                return rel.startsWith("external/kernel-log/") || file.startsWith("kernel-") && file.endsWith(".txt")
                        || file.equals("dmesg") || file.startsWith("messages");
            }).sorted().toList();
        }
    }

    @Test
    void probeMakesAsManyFactsAsTheReaderWholeOrInChunksOnTwoThreads() throws Exception {
        List<Path> logs = logs();
        assertTrue(logs.size() >= 10, logs.toString());
        long all = 0;
        long hung = 0;
        for (Path file : logs) {
            ParseRun run = ParseRun.of(new KernelLogFormat(), file);
            long facts = run.all(KernelEvent.class).size() + run.all(HungTask.class).size();
            all += facts;
            hung += run.all(HungTask.class).size();
            FloorProbe.Result whole = FloorProbe.decode(file, 1, 1 << 30, KernelLogProbe::new);
            assertEquals(facts, whole.made(), file.toString());
            assertEquals(run.summary().lines(), whole.lines(), file.toString());
            FloorProbe.Result chunked = FloorProbe.decode(file, 2, 1 << 10, KernelLogProbe::new);
            assertEquals(facts, chunked.made(), file.toString());
            assertEquals(run.summary().lines(), chunked.lines(), file.toString());
        }
        assertEquals(57, all); // the storage facts of every log: events of each kind and one hung task
        assertEquals(1, hung);
    }
}
