package dev.ioverdict.analysis.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.blkparse.BlkparseFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The samples written on a thread of their own give the figures written on the tracker's thread. */
class SampleWriterTest {
    private static List<BlockEvent> events(Path file) throws IOException {
        List<BlockEvent> events = new ArrayList<>();
        Facts facts = new Facts();
        facts.stream(BlockEvent.class, events::add);
        new BlkparseFormat().parse(new BundleFile("blkparse.txt", file, Files.size(file), false),
                new ParseContext("blkparse.txt", facts));
        return events;
    }

    private static BttTracker track(List<BlockEvent> events, SampleWriter writer) {
        BttTracker t = new BttTracker(writer);
        events.forEach(t::accept);
        return t;
    }

    /** Each distribution with its bins (records compare arrays by identity). */
    private static List<String> bins(BttTracker t) {
        return BlockAnalysis.distributions(t).distributions().stream()
                .map(d -> d.device() + " " + d.phase() + " " + d.direction() + " " + d.sumSeconds() + " "
                        + Arrays.toString(d.upTo()) + Arrays.toString(d.counts())).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"blkgen-mixed-multidevice", "blkgen-mpath-rq-lgwr", "blkgen-merge-heavy",
        "blkgen-i2d-dominant"})
    void batchesHandedToAnotherThreadGiveTheSameFigures(String capture) throws IOException {
        List<BlockEvent> events = events(Path.of("testdata", capture, "bundle", "blkparse.txt"));
        assertTrue(events.size() > 1000, capture);
        BttTracker inline = track(events, new SampleWriter(false));
        // batches of 7: thousands of hand-offs, and a batch cut between any two writes of a bio
        BttTracker apart = track(events, new SampleWriter(true, 7));
        assertEquals(BlockAnalysis.trace(inline, "blkparse"), BlockAnalysis.trace(apart, "blkparse"));
        assertEquals(bins(inline), bins(apart));
        assertEquals(BlockAnalysis.processTimes(inline), BlockAnalysis.processTimes(apart));
        assertEquals(inline.allQ2q().stat(), apart.allQ2q().stat());
    }
}
