package dev.ioverdict.parse.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.config.BlockDevice;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** lsblk -J -b types sizes and sector sizes as JSON numbers; they read as the strings' figures do. */
class LsblkJsonNumbersTest {
    @Test
    void numbersTypedAsNumbers() {
        Path file = TestData.root().resolve("testdata/odd-layouts/lsblk-J-b-O.json");
        ParseRun run = ParseRun.of(new LsblkJsonFormat(), file);
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
        BlockDevice vda = run.all(BlockDevice.class).stream().filter(d -> d.name().equals("vda")).findFirst().orElseThrow();
        // as lsblk printed them: "size": 274877906944, "log-sec": 512, "rota": true, "rq-size": 256
        assertEquals(List.of("254:0", "274877906944", "mq-deadline", true, 512, 256),
                List.of(vda.majMin(), vda.size(), vda.scheduler(), vda.rotational(), vda.logicalSectorSize(),
                        vda.requestQueueSize()));
        assertEquals(2, run.summary().records());
    }
}
