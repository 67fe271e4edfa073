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
 * The distribution: {@code /etc/os-release} ({@code PRETTY_NAME="..."}, else NAME and VERSION) or
 * {@code /etc/redhat-release}-style one-liners ({@code Red Hat Enterprise Linux release 8.0 (Ootpa)},
 * {@code CentOS Linux release 7.7.1908 (Core)}), as sosreports copy them.
 */
public final class OsReleaseFormat implements InputFormat {
    @Override
    public String id() {
        return "os-release";
    }

    @Override
    public String description() {
        return "`/etc/os-release`, `/etc/redhat-release`";
    }

    @Override
    public Recognition recognise(Sample sample) {
        int lines = 0;
        boolean keys = false;
        boolean release = false;
        for (String l : sample.lines()) {
            if (l.isBlank()) {
                continue;
            }
            lines++;
            keys |= l.startsWith("PRETTY_NAME=") || l.startsWith("VERSION_ID=");
            release |= isReleaseLine(l);
        }
        if (keys) {
            return Recognition.certain("os-release keys (PRETTY_NAME=, VERSION_ID=)");
        }
        return release && lines == 1 ? Recognition.likely("a '<distribution> release N' line") : Recognition.NO;
    }

    private static boolean isReleaseLine(String l) {
        int r = l.indexOf(" release ");
        return r > 0 && r + 9 < l.length() && Character.isDigit(l.charAt(r + 9)) && l.length() < 120;
    }

    @Override
    public void parse(InputFile file, ParseContext ctx) throws IOException {
        try (Lines lines = Lines.of(file, ctx)) {
            String name = null;
            String version = null;
            long nameLine = 0;
            String nameText = null;
            boolean pretty = false;
            String line;
            while ((line = lines.next()) != null) {
                long n = lines.number();
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
            ctx.lines(lines.number());
        }
    }

    private static String unquote(String v) {
        String s = v.strip();
        return s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"))
                ? s.substring(1, s.length() - 1) : s;
    }
}
