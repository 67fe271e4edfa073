package dev.ioverdict.pipeline;

import dev.ioverdict.model.Figures;
import dev.ioverdict.report.model.BatchSummary.CaseResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * One case in a child JVM of its own (--case-memory): its heap bounded by -Xmx, the JVM ended at
 * the first OutOfMemoryError (a parser that catches it cannot carry on half-read), its time bounded
 * by killing the process. Either limit marks the case failed with the reason; the batch goes on.
 * The child runs the same java and class path as this process, so the shipped runtime serves too.
 */
final class CaseProcess {
    private final long memoryBytes;
    private final Duration timeLimit;

    CaseProcess(long memoryBytes, Duration timeLimit) {
        this.memoryBytes = memoryBytes;
        this.timeLimit = timeLimit;
    }

    CaseResult run(CaseJob job) {
        Path scratch = null;
        try {
            scratch = Files.createTempDirectory("ioverdict-case");
            Path jobFile = scratch.resolve("job.json");
            Path resultFile = scratch.resolve("result.json");
            Path errFile = scratch.resolve("output");
            CaseJob.json().writeValue(jobFile.toFile(), job);
            List<String> command = new ArrayList<>(List.of(java(), "-Xmx" + Math.max(1, memoryBytes >> 20) + "m",
                    "-XX:+ExitOnOutOfMemoryError", "-Djava.awt.headless=true"));
            command.addAll(startUpOptions());
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), CaseJob.class.getName(),
                    jobFile.toString(), resultFile.toString()));
            // the JVM tells an OutOfMemoryError on stdout, its other troubles on stderr: both kept for the reason
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(errFile.toFile()).start();
            boolean ended = timeLimit == null ? waitFor(p) : p.waitFor(timeLimit.toMillis(), TimeUnit.MILLISECONDS);
            if (!ended) {
                p.destroyForcibly().waitFor();
                return failed(job, "exceeded " + timeLimit.toSeconds() + " s (--case-timeout)");
            }
            String err = Files.readString(errFile, StandardCharsets.UTF_8);
            if (p.exitValue() != 0 && err.contains("OutOfMemoryError")) {
                return failed(job, "exceeded " + Figures.bytes((double) memoryBytes) + " of memory (--case-memory)");
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(resultFile)) {
                String last = err.strip().lines().reduce((a, b) -> b).orElse("");
                return failed(job, "the case's process ended with exit status " + p.exitValue()
                        + (last.isEmpty() ? "" : ": " + last));
            }
            return CaseJob.json().readValue(resultFile.toFile(), CaseResult.class);
        } catch (IOException e) {
            return failed(job, "cannot run the case in a process of its own: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed(job, "interrupted");
        } finally {
            deleteQuietly(scratch);
        }
    }

    private static boolean waitFor(Process p) throws InterruptedException {
        p.waitFor();
        return true;
    }

    /**
     * The start-up cache this JVM was given (the launcher's AOT cache or a CDS archive, same jar), so
     * each case's JVM starts as fast as the batch's; a case's start is most of a small case's time.
     */
    private static List<String> startUpOptions() {
        try {
            return java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                    .filter(a -> a.startsWith("-XX:AOTCache=") || a.startsWith("-XX:SharedArchiveFile=")
                            || a.startsWith("-Xlog:aot") || a.startsWith("-Xlog:cds") || a.startsWith("-Xshare:"))
                    .toList();
        } catch (RuntimeException | LinkageError e) {
            return List.of();
        }
    }

    private static String java() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    private static CaseResult failed(CaseJob job, String reason) {
        return CaseLimits.failed(job.caseId(), job.bundle(), reason);
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // a scratch folder left in the temporary directory harms nothing
        }
    }
}
