import dev.ioverdict.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The floor of a command's start-up, measured: the same command line run N times in one JVM, each
 * run's wall time printed in seconds, one per line. The first run pays for every class and every
 * method run for the first time (what a new process pays each time); the later ones show what the
 * work itself costs once the code is compiled. "-o DIR" gets a folder of its own per run.
 *
 *   java -cp target/ioverdict.jar bench/WarmRuns.java N report BUNDLE -o DIR --format json,html,pdf
 */
public final class WarmRuns {
    private WarmRuns() {
    }

    public static void main(String[] args) throws Exception {
        int runs = Integer.parseInt(args[0]);
        String[] command = Arrays.copyOfRange(args, 1, args.length);
        int out = Arrays.asList(command).indexOf("-o");
        for (int i = 1; i <= runs; i++) {
            List<String> line = new ArrayList<>(Arrays.asList(command));
            if (out >= 0) {
                Path dir = Path.of(command[out + 1] + "-" + i);
                Files.createDirectories(dir);
                line.set(out + 1, dir.toString());
            }
            StringWriter said = new StringWriter();
            long t0 = System.nanoTime();
            int exit = Main.run(new PrintWriter(said), new PrintWriter(said), line.toArray(String[]::new));
            long t1 = System.nanoTime();
            if (exit > 1) {
                System.err.println("run " + i + " exited " + exit + ": " + said);
                System.exit(exit);
            }
            System.out.printf(Locale.ROOT, "%.3f%n", (t1 - t0) / 1e9);
        }
    }
}
