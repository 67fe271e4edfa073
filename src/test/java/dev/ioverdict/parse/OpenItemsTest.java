package dev.ioverdict.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Diagnostic;
import dev.ioverdict.model.Facts;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenItemsTest {
    /** An item open at {@code line}. */
    private record Item(long line) {
    }

    @Test
    void pastTheBoundTheItemOpenLongestIsGivenUpAndToldOnceAtItsLine() {
        OpenItems<Item> open = new OpenItems<>(2, Item::line);
        open.put(7, new Item(10));
        open.put(8, new Item(11));
        open.put(7, new Item(12)); // 7 opens again: now the newest, 8 is the eldest
        open.put(9, new Item(13));
        assertNull(open.get(8));
        assertEquals(12, open.get(7).line());
        assertEquals(1, open.givenUp());
        open.put(10, new Item(14));
        assertNull(open.get(7));
        assertEquals(List.of(13L, 14L), open.values().stream().map(Item::line).toList());

        ParseContext ctx = new ParseContext("trace.txt", new Facts());
        open.report(ctx, "unfinished calls", "left out");
        List<Diagnostic> w = ctx.summary("strace", "test").warnings();
        assertEquals(1, w.size());
        assertEquals(11, w.get(0).line());
        assertEquals("2 unfinished calls given up (the first at line 11): more than 2 threads had one open at once; left out",
                w.get(0).message());
    }

    @Test
    void withinTheBoundNothingIsGivenUpNorTold() {
        OpenItems<Item> open = new OpenItems<>(Item::line);
        for (int i = 0; i < 1000; i++) {
            open.put(i, new Item(i));
        }
        assertEquals(0, open.givenUp());
        ParseContext ctx = new ParseContext("trace.txt", new Facts());
        open.report(ctx, "unfinished calls", "left out");
        assertTrue(ctx.summary("strace", "test").warnings().isEmpty());
    }
}
