package dev.ioverdict.parse.bpf;

import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import java.io.IOException;

/**
 * biolatency's log2 histograms of block I/O latency: bcc's (one, or per disk with -D, per set of
 * request flags with -F, in msecs with -m, per interval with -T, with -e's average line) and
 * bpftrace's biolatency.bt ({@code @usecs:} maps). Whether -Q (time queued in the kernel
 * included) was given is not in the output: the histograms are of issue to completion, or of queue
 * insertion to completion under -Q, and report.json says so.
 */
public final class BiolatencyFormat extends TextFormat {
    static final String BANNER = "Tracing block device I/O";

    public BiolatencyFormat() {
        super("biolatency", "bcc's `biolatency` (-D per disk, -F per flag, -Q, -m, -T, -e, -j) and bpftrace's `biolatency.bt`: log2 histograms of block I/O latency",
                Recogniser.of(
                        Signature.certain("biolatency banner '{line}' with log2 histogram rows",
                                Clue.startsWith(BANNER).within(10), Clue.lines(BiolatencyFormat::histogramLine)),
                        Signature.certain("bcc biolatency -j histograms ('{line}')",
                                Clue.lines(Log2Histograms::jsonLine).share(50)),
                        Signature.likely("bcc log2 histograms per disk or request flags ('{line}')",
                                Clue.lines(s -> section(s, "disk") || section(s, "flags")), Clue.lines(BiolatencyFormat::bccUnitHeader)),
                        Signature.likely("bcc log2 histogram ('{line}') in a file named for biolatency",
                                Clue.lines(BiolatencyFormat::bccUnitHeader), Clue.fileName(n -> n.toLowerCase().contains("biolat")))));
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        new Log2Histograms(ctx, new Log2Histograms.Naming() {
            @Override
            public String tool(String banner, String mapKey) {
                return "biolatency";
            }

            @Override
            public String keyKind(String said) {
                // bcc's default section header is "Bucket ptr"; biolatency's sections are disks and flag sets
                return said.equals("ptr") ? "disk" : said;
            }

            @Override
            public String key(String mapKey) {
                return mapKey;
            }

            @Override
            public String mapKeyKind(String mapKey) {
                return "key";
            }
        }).read(in);
    }

    /** bcc's {@code usecs : count distribution} or a bpftrace {@code @usecs:} map header. */
    static boolean histogramLine(String s) {
        String t = s.strip();
        return bccUnitHeader(t) || (t.startsWith("@") && t.endsWith(":")) || (t.startsWith("[") && t.endsWith("|"));
    }

    static boolean bccUnitHeader(String s) {
        String t = s.strip();
        return (t.startsWith("usecs") || t.startsWith("msecs") || t.startsWith("nsecs"))
                && t.contains(": count") && t.endsWith("distribution");
    }

    /** A bcc section line {@code disk = 'sda'}, {@code Bucket disk = 'xvdb'}, {@code flags = Read}. */
    static boolean section(String s, String kind) {
        String t = s.strip();
        return t.startsWith(kind + " = ") || t.startsWith("Bucket " + kind + " = ");
    }
}
