package dev.ioverdict.parse.host;

import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import java.io.IOException;

/** {@code uname -a} output (also sosreport's sos_commands/kernel/uname_-a): host name, kernel release, architecture. */
public final class UnameFormat extends TextFormat {
    public UnameFormat() {
        super("uname", "`uname -a`: host name, kernel, architecture (`case.host` in report.json)",
                Recogniser.of(Signature.certain("a 'Linux HOST RELEASE #...' uname -a line",
                        Clue.lines(l -> UnameLine.parse(l) != null), Clue.lineCount().atMost(3))));
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        String line;
        while ((line = in.nextNonBlank()) != null) {
            if (UnameLine.emit(ctx, in.number(), line)) {
                ctx.record();
            } else if (!line.contains("uname")) {
                ctx.skip(in.number(), "not uname -a output: " + line.strip());
            }
        }
    }
}
