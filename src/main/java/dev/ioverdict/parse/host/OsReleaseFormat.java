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
 * The distribution: {@code /etc/os-release} ({@code PRETTY_NAME="..."}, else NAME and VERSION) or
 * {@code /etc/redhat-release}-style one-liners ({@code Red Hat Enterprise Linux release 8.0 (Ootpa)},
 * {@code CentOS Linux release 7.7.1908 (Core)}), as sosreports copy them.
 */
public final class OsReleaseFormat extends TextFormat {
    public OsReleaseFormat() {
        super("os-release", "`/etc/os-release`, `/etc/redhat-release`",
                Recogniser.of(
                        Signature.certain("os-release keys (PRETTY_NAME=, VERSION_ID=)",
                                Clue.startsWith("PRETTY_NAME=", "VERSION_ID=")),
                        Signature.likely("a '<distribution> release N' line",
                                Clue.lines(OsReleaseFormat::isReleaseLine), Clue.lineCount().atMost(1))));
    }

    private static boolean isReleaseLine(String l) {
        int r = l.indexOf(" release ");
        return r > 0 && r + 9 < l.length() && Character.isDigit(l.charAt(r + 9)) && l.length() < 120;
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        String name = null;
        String version = null;
        long nameLine = 0;
        String nameText = null;
        boolean pretty = false;
        String line;
        while ((line = in.next()) != null) {
            long n = in.number();
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            ctx.record();
            if (line.startsWith("PRETTY_NAME=") && !pretty) {
                ctx.emit(new HostFact("os", unquote(line.substring(12)), ctx.input(), n, line));
                pretty = true;
            } else if (line.startsWith("NAME=")) {
                name = unquote(line.substring(5));
                nameLine = n;
                nameText = line;
            } else if (line.startsWith("VERSION=")) {
                version = unquote(line.substring(8));
            } else if (isReleaseLine(line)) {
                ctx.emit(new HostFact("os", line.strip(), ctx.input(), n, line));
            }
        }
        if (name != null && !pretty) {
            ctx.emit(new HostFact("os", version == null ? name : name + " " + version, ctx.input(), nameLine,
                    nameText));
        }
    }

    private static String unquote(String v) {
        String s = v.strip();
        return s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"))
                ? s.substring(1, s.length() - 1) : s;
    }
}
