package dev.ioverdict.rules.block;

import dev.ioverdict.testing.TestData;
import java.nio.file.Path;

/** The real btt outputs and capture files the block rule tests read. */
final class BlockRuleFiles {
    private BlockRuleFiles() {
    }

    /** btt's report of a recorded capture, as btt itself wrote it (testdata/NAME/oracle/btt.txt). */
    static Path btt(String testCase) {
        return TestData.bundle(testCase).resolve("oracle/btt.txt");
    }

    static Path bundleFile(String testCase, String name) {
        return TestData.bundle(testCase).resolve("bundle").resolve(name);
    }

    /** btt -A of the blkgen d2c-dominant trace: per-device tables naming the slow disk. */
    static Path dominantPerDevice() {
        return TestData.bundle("blkgen-d2c-dominant").resolve("seed33/btt_A.txt");
    }
}
