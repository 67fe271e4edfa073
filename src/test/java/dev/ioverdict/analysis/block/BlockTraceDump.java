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

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        Traces.Analysed a = Traces.analyse(Path.of(args[0]));
        long t1 = System.nanoTime();
        System.err.printf("analysed in %.3f s: %s%n", (t1 - t0) / 1e9, a.input());
        if (args.length < 2 || !args[1].equals("--quiet")) {
            System.out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(a.trace()));
        }
    }
}
