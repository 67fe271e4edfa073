package dev.ioverdict.parse.host;

import dev.ioverdict.parse.InputFile;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.Lines;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import java.io.IOException;

/** {@code uname -a} output (also sosreport's sos_commands/kernel/uname_-a): host name, kernel release, architecture. */
public final class UnameFormat implements InputFormat {
    @Override
    public String id() {
        return "uname";
    }

    @Override
    public String description() {
        return "`uname -a`: host name, kernel, architecture (`case.host` in report.json)";
    }

    @Override
    public Recognition recognise(Sample sample) {
        int lines = 0;
        boolean uname = false;
        for (String l : sample.lines()) {
            if (l.isBlank()) {
                continue;
            }
            lines++;
            uname |= UnameLine.parse(l) != null;
        }
        return uname && lines <= 3 ? Recognition.certain("a 'Linux HOST RELEASE #...' uname -a line") : Recognition.NO;
    }

    @Override
    public void parse(InputFile file, ParseContext ctx) throws IOException {
        try (Lines lines = Lines.of(file, ctx)) {
            String line;
            while ((line = lines.next()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                if (UnameLine.emit(ctx, lines.number(), line)) {
                    ctx.record();
                } else if (!line.contains("uname")) {
                    ctx.skip(lines.number(), "not uname -a output: " + line.strip());
                }
            }
            ctx.lines(lines.number());
        }
    }
}
