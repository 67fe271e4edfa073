package dev.ioverdict.analysis.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SlowestIosTest {
    @Test
    void theEventsOfAnIoInBlktracesBinaryFilesAreInTimeOrder(@TempDir Path tmp) throws Exception {
        // recorded by the kernel's blk tracer, which writes sequence number 0 in every record: the events of one
        // I/O tie on their file and "line", and came out in a different order now and then
        Path out = tmp.resolve("out");
        Cli r = Cli.run("report", TestData.root().resolve("testdata/grid/blk-cgroup-read-iops100-1ms-ssd/bundle")
                .toString(), "-o", out.toString(), "--format", "json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode slowest = new ObjectMapper().readTree(out.resolve("report.json").toFile()).path("block").path("slowest");
        assertTrue(slowest.size() > 0);
        for (JsonNode io : slowest) {
            double last = 0;
            for (JsonNode line : io.path("lines")) {
                double t = Double.parseDouble(line.path("text").asText().trim().split("\\s+")[3]);
                assertTrue(t >= last, io.path("lines").toString());
                last = t;
            }
        }
    }
}
