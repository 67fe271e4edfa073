package dev.ioverdict.parse.blkparse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.parse.ParseContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The primitive map answers as the map of records it replaced: the same Qs found, in the same order. */
class EarlyCompletionsTest {
    private record Key(int major, int minor, long sector) {
    }

    private record Seen(long timeNs, long line) {
    }

    /** The former implementation: a LinkedHashMap in insertion order, the eldest dropped past KEEP. */
    private static final class Reference {
        final Map<Key, Seen> recent = new LinkedHashMap<>(256, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Seen> eldest) {
                return size() > EarlyCompletions.KEEP;
            }
        };
        final List<String> found = new ArrayList<>();

        void see(BlockEvent e) {
            if (e.sector() < 0 || e.sectors() == 0) {
                return;
            }
            Key k = new Key(e.major(), e.minor(), e.sector());
            if (e.action() == BlockAction.COMPLETE) {
                recent.put(k, new Seen(e.timeNs(), e.line()));
            } else if (e.action() == BlockAction.QUEUE) {
                Seen c = recent.get(k);
                if (c != null && e.timeNs() <= c.timeNs()) {
                    recent.remove(k);
                    found.add(e.line() + "<-" + c.line());
                }
            }
        }
    }

    @Test
    void findsWhatTheLinkedMapFound() {
        for (int round = 0; round < 20; round++) {
            Random r = new Random(round);
            // few distinct sectors make re-puts, removals and evictions frequent; many make the map fill
            int sectors = round % 2 == 0 ? 300 : 20_000;
            Reference ref = new Reference();
            EarlyCompletions early = new EarlyCompletions();
            long t = 0;
            for (int line = 1; line <= 60_000; line++) {
                t += r.nextInt(1000) - 300;
                boolean complete = r.nextBoolean();
                int minor = r.nextInt(3) * 16;
                long sector = r.nextInt(sectors) * 8L;
                BlockEvent e = new BlockEvent("x", line, null, 8, minor, 0, t, 1,
                        complete ? BlockAction.COMPLETE : BlockAction.QUEUE, "W", sector, 8, 4096, "fio", 0, -1, -1,
                        -1);
                ref.see(e);
                early.see(e);
            }
            assertEquals(ref.found.size(), early.count(), "round " + round);
            ParseContext ctx = new ParseContext("x", new Facts());
            early.report(ctx);
            if (!ref.found.isEmpty()) {
                String first = ref.found.get(0);
                String warning = ctx.summary("blkparse", "t").warnings().get(0).message();
                assertEquals(true, warning.contains("its completion at line " + first.substring(first.indexOf("<-") + 2)
                        + " "), warning);
            }
        }
    }
}
