package dev.ioverdict.parse.host;

import dev.ioverdict.model.host.HostFact;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import java.io.IOException;

/**
 * The output of {@code hostname} (sosreport's {@code hostname} and {@code sos_commands/host/hostname}):
 * one word, which nothing in the content marks as a host name. Like a sysfs value file, the path
 * says what it is: a file named {@code hostname} holding one host-name-like word.
 */
public final class HostnameFormat extends TextFormat {
    public HostnameFormat() {
        super("hostname", "a file named `hostname` holding one name (sosreport)",
                Recogniser.of(Signature.likely("a file named hostname holding one name",
                        Clue.fileName(n -> n.equals("hostname") || n.endsWith("/hostname") || n.equals("hostname.txt")),
                        Clue.lines(l -> isHostName(l.strip())).within(1), Clue.lineCount().atMost(1))));
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
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        String line;
        while ((line = in.nextNonBlank()) != null) {
            if (isHostName(line.strip())) {
                ctx.emit(new HostFact("hostname", line.strip(), ctx.input(), in.number(), line));
                ctx.record();
            } else {
                ctx.skip(in.number(), "not a host name: " + line.strip());
            }
        }
    }
}
