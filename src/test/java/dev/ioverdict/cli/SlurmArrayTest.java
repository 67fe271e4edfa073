package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.LocalSlurm;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The batch on a real scheduler: a one-node Slurm cluster on this machine runs {@code ioverdict
 * batch} as a 4-task job array (each task finds its shard in SLURM_ARRAY_TASK_ID and
 * SLURM_ARRAY_TASK_COUNT, as docs/cluster.md's sbatch script does), {@code ioverdict merge}
 * joins the four outputs, and the merged summary must say what one batch on one machine says.
 * Skipped, saying why, where Slurm is not installed or its daemons cannot start (not root, no
 * Linux); .ci/run installs slurm-wlm and munge when it runs as root.
 */
class SlurmArrayTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int TASKS = 4;
    /** The testdata bundles up to this size: every kind of input, and the array done in well under a minute. */
    private static final long MAX_BUNDLE_BYTES = 240 * 1024;

    @TempDir
    Path tmp;

    @Test
    void aJobArrayOfFourTasksMergesToWhatOneBatchSays() throws Exception {
        Path cases = smallTestdataCases(tmp.resolve("cases"));
        LocalSlurm slurm;
        try {
            slurm = LocalSlurm.start(Files.createDirectories(tmp.resolve("slurm")));
        } catch (LocalSlurm.Unavailable e) {
            Assumptions.abort("no Slurm cluster on this machine: " + e.getMessage());
            return;
        }
        try (slurm) {
            Path out = Files.createDirectories(tmp.resolve("out"));
            Path script = Files.writeString(tmp.resolve("ioverdict.sbatch"), jobScript(cases, out));
            LocalSlurm.Result submitted = slurm.command(List.of("sbatch", "--wait", "--array=0-" + (TASKS - 1),
                    "--job-name=ioverdict", "--output=" + out.resolve("task-%a.log"), "--chdir=" + tmp,
                    script.toString()), Duration.ofMinutes(4));
            StringBuilder taskLogs = new StringBuilder();
            for (int i = 0; i < TASKS; i++) {
                Path log = out.resolve("task-" + i + ".log");
                taskLogs.append("\n--- task ").append(i).append('\n')
                        .append(Files.exists(log) ? Files.readString(log) : "(no log)");
            }
            Cli whole = Cli.run("batch", cases.toString(), "-o", tmp.resolve("whole").toString(), "--format", "json");
            // sbatch --wait exits with the highest exit status of the array's tasks: 1 where a shard holds
            // the case with damaged input, as the one batch does
            assertEquals(whole.exitCode(), submitted.exitCode(), submitted.out() + taskLogs + slurm.logs());
            for (int i = 0; i < TASKS; i++) {
                String log = Files.readString(out.resolve("task-" + i + ".log"));
                assertTrue(log.contains("shard " + i + "/" + TASKS + " from the Slurm job array"), log);
            }

            List<String> merge = new ArrayList<>(List.of("merge"));
            for (int i = 0; i < TASKS; i++) {
                merge.add(out.resolve("shard-" + i).toString());
            }
            merge.addAll(List.of("-o", out.resolve("all").toString()));
            Cli merged = Cli.run(merge.toArray(String[]::new));
            assertEquals(whole.exitCode(), merged.exitCode(), merged.out() + merged.err());

            JsonNode one = withoutLinks(JSON.readTree(tmp.resolve("whole/summary.json").toFile()));
            JsonNode all = withoutLinks(JSON.readTree(out.resolve("all/summary.json").toFile()));
            long count;
            try (Stream<Path> s = Files.list(cases)) {
                count = s.count();
            }
            assertEquals(count, all.path("cases").size(), merged.out());
            // a merged summary also lists the shards it was made of (their versions, their counts)
            assertEquals(TASKS, all.path("shards").size(), all.toString());
            ((ObjectNode) all).remove("shards");
            assertEquals(one, all);
        }
    }

    /** Each task runs the batch as the docs' sbatch script does: no --shard, the array tells it. */
    private static String jobScript(Path cases, Path out) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return "#!/bin/sh\n"
                + "# one task of the array; --shard comes from SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT\n"
                + "exec " + quoted(java) + " -Xmx384m -Djava.awt.headless=true"
                + " -cp " + quoted(System.getProperty("java.class.path")) + " dev.ioverdict.cli.Main batch "
                + quoted(cases.toString()) + " -o " + quoted(out.toString()) + "/shard-\"$SLURM_ARRAY_TASK_ID\""
                + " --format json --jobs 1\n";
    }

    private static String quoted(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private static Path smallTestdataCases(Path cases) throws Exception {
        Files.createDirectories(cases);
        List<Path> bundles;
        try (Stream<Path> s = Files.list(TestData.root().resolve("testdata"))) {
            bundles = s.map(t -> t.resolve("bundle")).filter(Files::isDirectory).sorted().toList();
        }
        for (Path b : bundles) {
            if (size(b) <= MAX_BUNDLE_BYTES) {
                TestData.copyTree(b, cases.resolve(b.getParent().getFileName().toString()), StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
        return cases;
    }

    private static long size(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }


    private static JsonNode withoutLinks(JsonNode summary) {
        JsonNode copy = summary.deepCopy();
        copy.path("cases").forEach(c -> ((ObjectNode) c).remove(List.of("report", "reports")));
        return copy;
    }
}
