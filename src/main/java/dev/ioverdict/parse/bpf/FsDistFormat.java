package dev.ioverdict.parse.bpf;

import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import java.io.IOException;
import java.util.Locale;

/**
 * ext4dist, xfsdist (and btrfsdist, zfsdist, nfsdist): log2 histograms of file-system operation
 * latency, from the VFS call to its return, per operation (read, write, open, fsync). bcc prints
 * a section per operation ({@code operation = 'read'}); bpftrace's xfsdist.bt a map per kernel
 * function ({@code @us[xfs_file_read_iter]:}), read here as the operation it implements.
 */
public final class FsDistFormat extends TextFormat {
    public FsDistFormat() {
        super("fs-dist", "bcc's `ext4dist` / `xfsdist` / `btrfsdist` / `zfsdist` / `nfsdist` and bpftrace's `xfsdist.bt`: log2 histograms of file-system operation latency",
                Recogniser.of(
                        Signature.certain("file-system latency banner '{line}' with log2 histograms",
                                Clue.lines(FsDistFormat::banner).within(10), Clue.lines(BiolatencyFormat::histogramLine)),
                        Signature.likely("bcc log2 histograms per file-system operation ('{line}')",
                                Clue.lines(s -> BiolatencyFormat.section(s, "operation")), Clue.lines(BiolatencyFormat::bccUnitHeader))));
    }

    static boolean banner(String s) {
        return s.startsWith("Tracing ") && s.contains(" operation latency");
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        new Log2Histograms(ctx, new Log2Histograms.Naming() {
            @Override
            public String tool(String banner, String mapKey) {
                if (banner != null && banner(banner)) {
                    int end = banner.indexOf(' ', 8);
                    return banner.substring(8, end).toLowerCase(Locale.ROOT) + "dist";
                }
                if (mapKey != null && mapKey.indexOf('_') > 0) {
                    return mapKey.substring(0, mapKey.indexOf('_')) + "dist";
                }
                return "fsdist";
            }

            @Override
            public String keyKind(String said) {
                return said;
            }

            @Override
            public String key(String mapKey) {
                return operation(mapKey);
            }

            @Override
            public String mapKeyKind(String mapKey) {
                return "operation";
            }
        }).read(in);
    }

    /** xfsdist.bt's kernel functions as the operations they implement: xfs_file_read_iter is a read. */
    static String operation(String function) {
        if (function.endsWith("read_iter") || function.endsWith("_read")) {
            return "read";
        }
        if (function.endsWith("write_iter") || function.endsWith("_write")) {
            return "write";
        }
        if (function.endsWith("_open")) {
            return "open";
        }
        if (function.endsWith("_fsync")) {
            return "fsync";
        }
        return function;
    }
}
