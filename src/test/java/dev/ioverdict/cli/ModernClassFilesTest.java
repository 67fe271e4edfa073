package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * src/build/ModernClassFiles.java, which the launcher runs before it makes the AOT cache: picocli's
 * jar (Java 5 class files, which the JVM's class archives skip) comes out as Java 8 class files that
 * the JVM verifies and runs, the CLI's help and a usage error read the same through them.
 */
class ModernClassFilesTest {
    private static final Path TOOL = Path.of("src/build/ModernClassFiles.java");

    @TempDir
    Path dir;

    @Test
    void picocliComesOutAsJava8ClassFilesThatTheCliRunsOn() throws Exception {
        assumeTrue(Runtime.version().feature() >= 24, "the class-file API is final from Java 24");
        Path picocli = Path.of(CommandLine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertTrue(versions(picocli).stream().anyMatch(v -> v < 50), "picocli's jar holds Java 5 class files");

        Path modern = dir.resolve("picocli-modern.jar");
        Run tool = java(List.of(TOOL.toString(), picocli.toString(), modern.toString()));
        assertEquals(0, tool.code(), tool.output());
        List<Integer> versions = versions(modern);
        assertTrue(versions.stream().allMatch(v -> v == 52), "every class rewritten: " + versions);
        assertTrue(tool.output().startsWith(versions.size() + " class files older than Java 6 rewritten as Java 8, 0 kept"),
                tool.output());

        // the CLI on the rewritten picocli, every class verified: the same text as on the original
        String classes = System.getProperty("java.class.path");
        String on = classes.replace(picocli.toString(), modern.toString());
        for (List<String> args : List.of(List.of("rules", "--help"), List.of("inspect", "--no-such-option"))) {
            Run original = cli(classes, args);
            Run rewritten = cli(on, args);
            assertEquals(original.code(), rewritten.code(), rewritten.output());
            assertEquals(original.output(), rewritten.output());
        }
        assertEquals(2, cli(on, List.of("inspect", "--no-such-option")).code());
    }

    private Run cli(String classpath, List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+BytecodeVerificationRemote",
                "-Djava.awt.headless=true", "-cp", classpath, Main.class.getName()));
        command.addAll(args);
        return java(command);
    }

    private record Run(int code, String output) {
    }

    private Run java(List<String> args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(args);
        Path log = Files.createTempFile(dir, "run", ".log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "still running: " + command);
        return new Run(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    /** The class-file version of every class in the jar. */
    private static List<Integer> versions(Path jar) throws IOException {
        List<Integer> versions = new ArrayList<>();
        try (FileSystem fs = FileSystems.newFileSystem(jar); Stream<Path> all = Files.walk(fs.getPath("/"))) {
            for (Path p : (Iterable<Path>) all.filter(f -> f.toString().endsWith(".class")
                    && !f.toString().endsWith("module-info.class"))::iterator) {
                byte[] b = Files.readAllBytes(p);
                versions.add((b[6] & 0xff) << 8 | (b[7] & 0xff));
            }
        }
        return versions;
    }
}
