package dev.ioverdict.analysis.block;

import dev.ioverdict.analysis.LogHistogram;
import dev.ioverdict.model.block.Phase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The tracker's own data structures against plain Java ones, on random operations. */
class StructuresTest {
    private static QueuedIo io(long start, long sectors) {
        BlockEvent q = new BlockEvent("t", 1, "", 8, 0, 0, 0, 1, BlockAction.QUEUE, "W", start, (int) sectors,
                sectors * 512, "p", 0, -1, -1, -1);
        return new QueuedIo(null, q, start, start + sectors);
    }

    @Property(tries = 50)
    void queueTreeStaysARedBlackSearchTree(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        Random r = new Random(seed);
        QueueTree tree = new QueueTree();
        TreeMap<Long, QueuedIo> model = new TreeMap<>();
        for (int i = 0; i < 400; i++) {
            if (model.isEmpty() || r.nextInt(3) > 0) {
                QueuedIo q = io(r.nextInt(200) * 8L, 8);
                QueuedIo replaced = tree.insert(q);
                assertSame(model.put(q.start, q), replaced);
            } else {
                List<Long> keys = new ArrayList<>(model.keySet());
                QueuedIo victim = model.remove(keys.get(r.nextInt(keys.size())));
                tree.remove(victim);
            }
            assertEquals(model.size(), tree.size());
            for (QueuedIo q : model.values()) {
                assertSame(q, tree.find(q.start + 3));
            }
        }
        Found all = new Found();
        tree.collectInside(0, Long.MAX_VALUE, all);
        assertEquals(model.size(), all.size);
        QueuedIo root = model.isEmpty() ? null : rootOf(model.firstEntry().getValue());
        if (root != null) {
            assertTrue(!root.red);
            blackHeight(root);
        }
    }

    private static QueuedIo rootOf(QueuedIo n) {
        while (n.parent != null) {
            n = n.parent;
        }
        return n;
    }

    /** Checks order, parent links and the red-black rules below n; returns its black height. */
    private static int blackHeight(QueuedIo n) {
        if (n == null) {
            return 1;
        }
        if (n.left != null) {
            assertSame(n, n.left.parent);
            assertTrue(n.left.start < n.start);
            assertTrue(!(n.red && n.left.red), "red node with a red child");
        }
        if (n.right != null) {
            assertSame(n, n.right.parent);
            assertTrue(n.right.start > n.start);
            assertTrue(!(n.red && n.right.red), "red node with a red child");
        }
        int l = blackHeight(n.left);
        assertEquals(l, blackHeight(n.right));
        return l + (n.red ? 0 : 1);
    }

    @Test
    void queueTreeFindsByRangeAndCollectsContainedIos() {
        QueueTree tree = new QueueTree();
        QueuedIo a = io(100, 16);
        QueuedIo b = io(108, 8);
        tree.insert(a);
        tree.insert(b);
        // btt's search stops at the first node whose range holds the sector: the root, a
        assertSame(a, tree.find(110));
        Found f = new Found();
        tree.collectInside(108, 116, f);
        // a [100,116) is the root and not inside, and its end is not below 116: btt never looks right
        assertEquals(0, f.size);
        // nor for [100,116], which holds both: a is taken, and the walk ends there as well
        tree.collectInside(100, 116, f);
        assertEquals(1, f.size);
        assertSame(a, f.items[0]);
    }

    @Property(tries = 30)
    void longMapAgreesWithHashMap(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        Random r = new Random(seed);
        LongMap<Long> map = new LongMap<>();
        Map<Long, Long> model = new HashMap<>();
        for (int i = 0; i < 3000; i++) {
            long k = r.nextInt(500) * 8L - 100;
            switch (r.nextInt(3)) {
                case 0 -> assertEquals(model.put(k, (long) i), map.put(k, (long) i));
                case 1 -> assertEquals(model.remove(k), map.remove(k));
                default -> assertEquals(model.get(k), map.get(k));
            }
            assertEquals(model.size(), map.size());
        }
        for (Map.Entry<Long, Long> e : model.entrySet()) {
            assertEquals(e.getValue(), map.get(e.getKey()));
        }
        map.clear();
        assertNull(map.get(0));
    }


    @Test
    void latencyBucketsCoverAnyValue() {
        LogHistogram h = new LogHistogram();
        h.record(1);
        h.record(1_500);
        h.record(Long.MAX_VALUE / 2);
        var buckets = LatencyBuckets.of("8,0", Phase.D2C, h).buckets();
        assertEquals(1e-6, buckets.get(0).upTo());
        assertEquals(1, buckets.get(0).count());
        assertEquals(1, buckets.get(1).count());
        assertEquals(3, buckets.stream().mapToLong(b -> b.count()).sum());
    }
}
