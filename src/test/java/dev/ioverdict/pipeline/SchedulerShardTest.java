package dev.ioverdict.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SchedulerShardTest {
    @Test
    void slurmArraysCountFromTheirFirstTask() {
        var s = SchedulerShard.fromEnvironment(Map.of("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_MIN", "1",
                "SLURM_ARRAY_TASK_COUNT", "4"), null).orElseThrow();
        assertEquals(2, s.index());
        assertEquals(4, s.count());
    }

    @Test
    void kubernetesAndAwsNeedTheCountPassedIn() {
        var k = SchedulerShard.fromEnvironment(Map.of("JOB_COMPLETION_INDEX", "7"), 10).orElseThrow();
        assertEquals(7, k.index());
        assertEquals(10, k.count());
        var a = SchedulerShard.fromEnvironment(Map.of("AWS_BATCH_JOB_ARRAY_INDEX", "0",
                SchedulerShard.COUNT_VARIABLE, "3"), null).orElseThrow();
        assertEquals(3, a.count());
        var e = assertThrows(SchedulerShard.Invalid.class,
                () -> SchedulerShard.fromEnvironment(Map.of("JOB_COMPLETION_INDEX", "7"), null));
        assertTrue(e.getMessage().contains("--shard-count"), e.getMessage());
        assertThrows(SchedulerShard.Invalid.class,
                () -> SchedulerShard.fromEnvironment(Map.of("JOB_COMPLETION_INDEX", "7"), 5));
    }

    @Test
    void noSchedulerNoShard() {
        assertTrue(SchedulerShard.fromEnvironment(Map.of("HOME", "/root"), null).isEmpty());
    }
}
