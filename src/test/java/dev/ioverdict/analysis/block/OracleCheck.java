package dev.ioverdict.analysis.block;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;

/**
 * Compares ioverdict with btt for blkgen-style case folders (blkparse.txt + expected.json):
 * {@code OracleCheck DIR...}; prints the differences, exits 1 when any.
 */
public final class OracleCheck {
    private OracleCheck() {
    }

    public static void main(String[] args) throws Exception {
        int bad = 0;
        for (String a : args) {
            Path dir = Path.of(a);
            Traces.Analysed r = Traces.analyse(dir.resolve("blkparse.txt"));
            List<String> d = BttOracle.differences(new ObjectMapper().readTree(dir.resolve("expected.json").toFile()),
                    r.trace().section());
            if (!d.isEmpty() || !r.input().warnings().isEmpty()) {
                bad++;
                System.out.println(dir + ": " + r.input().warnings() + "\n  " + String.join("\n  ", d));
            }
        }
        System.out.println(args.length + " checked, " + bad + " differ");
        System.exit(bad == 0 ? 0 : 1);
    }
}
