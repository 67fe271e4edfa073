import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * {@code java src/build/ModernClassFiles.java IN.jar OUT.jar}: copies the jar with every class
 * file older than Java 6 (version < 50) rewritten as a Java 8 class file (version 52) with its
 * stack maps computed. Needs Java >= 24 (the class-file API); the launcher runs it once per build
 * before it makes the AOT cache.
 *
 * <p>Why: the JVM's class archives (AppCDS, the AOT cache of JEP 483) skip classes older than Java
 * 6, so picocli (compiled for Java 5), Batik and the XML APIs were parsed and verified from the jar
 * on every run: about 0.1 s of each {@code inspect} of a small bundle (docs/PERFORMANCE.md,
 * "Issue 23, round six: start-up"). The bytecode is unchanged; only the version and the stack map
 * tables differ. A class that a newer version forbids (jsr/ret subroutines) is kept as it was.
 *
 * <p>Prints one line, the number of classes rewritten and kept; exits non-zero on failure, and
 * then OUT.jar is not written (the launcher runs the original jar).
 */
public final class ModernClassFiles {
    private static final int JAVA_6 = 50;
    private static final int JAVA_8 = 52;

    private ModernClassFiles() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: java src/build/ModernClassFiles.java IN.jar OUT.jar");
            System.exit(2);
        }
        Path in = Path.of(args[0]);
        Path out = Path.of(args[1]);
        Path partial = out.resolveSibling(out.getFileName() + ".part");
        Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
        int rewritten = 0;
        int kept = 0;
        // the zip file system rewrites the entries changed and copies the others as they are packed
        try (URLClassLoader classes = new URLClassLoader(new URL[] {in.toUri().toURL()}, null);
             FileSystem jar = FileSystems.newFileSystem(partial);
             Stream<Path> entries = Files.walk(jar.getPath("/"))) {
            // stack maps name the common super type of two branches: the jar's own classes answer that
            ClassFile files = ClassFile.of(ClassFile.StackMapsOption.GENERATE_STACK_MAPS,
                    ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.defaultResolver()
                            .orElse(ClassHierarchyResolver.ofResourceParsing(classes))));
            for (Path entry : (Iterable<Path>) entries.filter(p -> p.toString().endsWith(".class"))::iterator) {
                byte[] bytes = Files.readAllBytes(entry);
                if (!isOld(bytes)) {
                    continue;
                }
                byte[] modern = modern(files, bytes);
                if (modern == null) {
                    kept++;
                } else {
                    Files.write(entry, modern);
                    rewritten++;
                }
            }
        }
        Files.move(partial, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        System.out.println(rewritten + " class files older than Java 6 rewritten as Java 8, " + kept + " kept");
    }

    private static boolean isOld(byte[] b) {
        return b.length > 8 && (b[0] & 0xff) == 0xCA && (b[1] & 0xff) == 0xFE
                && ((b[6] & 0xff) << 8 | (b[7] & 0xff)) < JAVA_6;
    }

    /** The class as version 52 with stack maps; null when its code cannot be (jsr/ret). */
    private static byte[] modern(ClassFile files, byte[] bytes) {
        ClassModel model = files.parse(bytes);
        try {
            // every method body rebuilt, so that its stack map table is generated
            return files.transformClass(model, ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL)
                    .andThen(ClassTransform.endHandler(c -> c.withVersion(JAVA_8, 0))));
        } catch (IllegalArgumentException subroutines) {
            return null;
        }
    }
}
