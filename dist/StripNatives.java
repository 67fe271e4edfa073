import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * {@code java dist/StripNatives.java JAR PLATFORM}: removes from the jar the DuckDB native
 * libraries of every platform but PLATFORM (linux_amd64, linux_arm64). DuckDB's JDBC jar carries
 * Linux, macOS and Windows libraries, some 80 MB packed; the self-contained archive is for one
 * platform. Java's own zip file system does it: the build machine needs no zip tool.
 */
public class StripNatives {
    public static void main(String[] args) throws Exception {
        String keep = "libduckdb_java.so_" + args[1];
        try (FileSystem jar = FileSystems.newFileSystem(Path.of(args[0]))) {
            boolean found = false;
            try (Stream<Path> s = Files.list(jar.getPath("/"))) {
                for (Path p : s.toList()) {
                    String name = p.getFileName().toString();
                    if (name.equals(keep)) {
                        found = true;
                    } else if (name.startsWith("libduckdb_java.so_")) {
                        Files.delete(p);
                    }
                }
            }
            if (!found) {
                throw new IllegalStateException(args[0] + " has no " + keep);
            }
        }
    }
}
