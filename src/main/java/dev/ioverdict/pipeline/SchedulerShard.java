package dev.ioverdict.pipeline;

import java.util.Map;
import java.util.Optional;

/**
 * Which share of a batch this process runs, taken from the environment of the cluster scheduler
 * that started it, so one job definition serves every task: Slurm job arrays
 * ({@code SLURM_ARRAY_TASK_ID} less {@code SLURM_ARRAY_TASK_MIN}, of {@code SLURM_ARRAY_TASK_COUNT}),
 * Kubernetes Indexed Jobs ({@code JOB_COMPLETION_INDEX}) and AWS Batch array jobs
 * ({@code AWS_BATCH_JOB_ARRAY_INDEX}). The last two do not tell the number of tasks: it is passed
 * in ({@code --shard-count N} or {@code IOVERDICT_SHARD_COUNT}).
 */
public record SchedulerShard(int index, int count, String from) {
    public static final String COUNT_VARIABLE = "IOVERDICT_SHARD_COUNT";

    /** Thrown when the environment names a task but its index or count is missing or out of range. */
    public static final class Invalid extends RuntimeException {
        Invalid(String message) {
            super(message);
        }
    }

    /** The shard the environment names, or empty when no scheduler variable is set. */
    public static Optional<SchedulerShard> fromEnvironment(Map<String, String> env, Integer countGiven) {
        Integer count = countGiven != null ? countGiven : number(env, COUNT_VARIABLE);
        String slurm = env.get("SLURM_ARRAY_TASK_ID");
        if (slurm != null) {
            int id = number(env, "SLURM_ARRAY_TASK_ID");
            Integer min = number(env, "SLURM_ARRAY_TASK_MIN");
            Integer slurmCount = number(env, "SLURM_ARRAY_TASK_COUNT");
            int n = countGiven != null ? countGiven : slurmCount != null ? slurmCount : require(count, "SLURM_ARRAY_TASK_COUNT");
            return Optional.of(checked(id - (min == null ? 0 : min), n, "Slurm job array (SLURM_ARRAY_TASK_ID=" + id + ")"));
        }
        if (env.get("JOB_COMPLETION_INDEX") != null) {
            int id = number(env, "JOB_COMPLETION_INDEX");
            return Optional.of(checked(id, require(count, "--shard-count or " + COUNT_VARIABLE
                    + " (the Job's completions)"), "Kubernetes Indexed Job (JOB_COMPLETION_INDEX=" + id + ")"));
        }
        if (env.get("AWS_BATCH_JOB_ARRAY_INDEX") != null) {
            int id = number(env, "AWS_BATCH_JOB_ARRAY_INDEX");
            return Optional.of(checked(id, require(count, "--shard-count or " + COUNT_VARIABLE
                    + " (the array size)"), "AWS Batch array job (AWS_BATCH_JOB_ARRAY_INDEX=" + id + ")"));
        }
        return Optional.empty();
    }

    private static SchedulerShard checked(int index, int count, String from) {
        if (count < 1 || index < 0 || index >= count) {
            throw new Invalid(from + ": task " + index + " is not one of 0.." + (count - 1));
        }
        return new SchedulerShard(index, count, from);
    }

    private static int require(Integer value, String what) {
        if (value == null) {
            throw new Invalid("the number of tasks is not known: pass " + what);
        }
        return value;
    }

    private static Integer number(Map<String, String> env, String name) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            return null;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new Invalid(name + "=" + v + " is not a number");
        }
    }
}
