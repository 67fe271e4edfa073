package dev.ioverdict.parse.host;

import dev.ioverdict.model.host.HostFact;
import dev.ioverdict.parse.InputFile;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.Lines;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import java.io.IOException;

/**
 * The output of {@code hostname} (sosreport's {@code hostname} and {@code sos_commands/host/hostname}):
 * one word, which nothing in the content marks as a host name. Like a sysfs value file, the path
 * says what it is: a file named {@code hostname} holding one host-name-like word.
 */
public final class HostnameFormat implements InputFormat {
    @Override
    public String id() {
        return "hostname";
    }

    @Override
    public String description() {
        return "a file named `hostname` holding one name (sosreport)";
    }

    @Override
    public Recognition recognise(Sample sample) {
        String name = sample.fileName();
        if (!(name.equals("hostname") || name.endsWith("/hostname") || name.equals("hostname.txt"))) {
            return Recognition.NO;
        }
        long lines = sample.lines().stream().filter(l -> !l.isBlank()).count();
        String first = sample.firstNonBlank().strip();
        return lines == 1 && isHostName(first) ? Recognition.likely("a file named hostname holding one name")
                : Recognition.NO;
    }

    static boolean isHostName(String s) {
        if (s.isEmpty() || s.length() > 253) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '-' && c != '.' && c != '_') {
                return false;
            }
        }
        return true;
    }

    @Override
    public void parse(InputFile file, ParseContext ctx) throws IOException {
        try (Lines lines = Lines.of(file, ctx)) {
            String line;
            while ((line = lines.next()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                if (isHostName(line.strip())) {
                    ctx.emit(new HostFact("hostname", line.strip(), ctx.input(), lines.number(), line));
                    ctx.record();
                } else {
                    ctx.skip(lines.number(), "not a host name: " + line.strip());
                }
            }
            ctx.lines(lines.number());
        }
    }
}
