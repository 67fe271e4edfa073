package dev.ioverdict.analysis.syscall;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.model.syscall.FileAlignment;
import org.junit.jupiter.api.Test;

class AlignmentTest {

    @Test
    void classIndexNamesTheClassFileAlignmentGives() {
        long[] edges = {0, 1, 511, 512, 1024, 1536, 2048, 3072, 4096, 6144, 8192, 12288, 16384, 1L << 40, (1L << 40) + 512, -1, -512};
        for (long v : edges) {
            assertEquals(FileAlignment.classOf(v), FileAlignment.CLASSES.get(Alignment.classIndex(v)), "value " + v);
        }
        for (long v = 0; v < 70_000; v += 256) {
            assertEquals(FileAlignment.classOf(v), FileAlignment.CLASSES.get(Alignment.classIndex(v)), "value " + v);
        }
    }
}
