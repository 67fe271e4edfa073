package dev.ioverdict.analysis.block;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.file.Path;

/**
 * Prints the BlockTrace of a blkparse text as JSON, for looking at what the analysis derives:
 * {@code java -cp target/classes:target/test-classes:... dev.ioverdict.analysis.block.BlockTraceDump FILE}.
 */
public final class BlockTraceDump {
    private BlockTraceDump() {
    }

    /** CPU seconds per thread of this process, from /proc (JIT and GC threads included). */
    private static void printThreadCpu() throws Exception {
        java.util.Map<String, Double> byName = new java.util.TreeMap<>();
        try (var tasks = java.nio.file.Files.list(Path.of("/proc/self/task"))) {
            for (Path t : tasks.toList()) {
                String stat = java.nio.file.Files.readString(t.resolve("stat"));
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replaceAll("[0-9]+$", "#");
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                double cpu = (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0;
                byName.merge(name, cpu, Double::sum);
            }
        }
        byName.forEach((k, v) -> {
            if (v > 0.02) {
                System.err.printf("  %-24s %.2f s%n", k, v);
            }
        });
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.getInteger("rounds", 1);
        Traces.Analysed a = null;
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            a = Traces.analyse(Path.of(args[0]));
            long t1 = System.nanoTime();
            System.err.printf("analysed in %.3f s: %s%n", (t1 - t0) / 1e9, a.input());
        }
        printThreadCpu();
        if (args.length < 2 || !args[1].equals("--quiet")) {
            System.out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(a.trace()));
        }
    }
}
