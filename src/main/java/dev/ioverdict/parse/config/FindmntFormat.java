package dev.ioverdict.parse.config;

import dev.ioverdict.parse.text.Tokens;
import dev.ioverdict.model.config.Mount;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code findmnt} (tree, with UTF-8 or ASCII glyphs) and {@code findmnt -l}: a
 * {@code TARGET SOURCE FSTYPE OPTIONS} header, then one mount per line. A bind mount's source is
 * printed {@code device[/path]}: the device is what is kept. Each line is a {@link Mount}, as
 * /proc/mounts gives them.
 */
public final class FindmntFormat extends TextFormat {
    private static final List<String> HEADER = List.of("TARGET", "SOURCE", "FSTYPE");

    public FindmntFormat() {
        super("findmnt", "`findmnt`, `findmnt -l`",
                Recogniser.of(Signature.certain("findmnt header 'TARGET SOURCE FSTYPE ...'",
                        Clue.lines(l -> tokens(l).size() >= 3 && tokens(l).subList(0, 3).equals(HEADER)).within(1))));
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        List<String> header = null;
        String line;
        while ((line = in.nextNonBlank()) != null) {
            long n = in.number();
            List<String> t = tokens(line);
            if (header == null) {
                if (t.size() >= 3 && t.get(0).equals("TARGET") && t.contains("SOURCE") && t.contains("FSTYPE")) {
                    header = t;
                } else {
                    ctx.skip(n, "before the findmnt header: " + line.strip());
                }
                continue;
            }
            int src = header.indexOf("SOURCE");
            int type = header.indexOf("FSTYPE");
            int opts = header.indexOf("OPTIONS");
            if (t.size() < header.size()) {
                ctx.skip(n, "findmnt row with " + t.size() + " columns where the header has " + header.size());
                continue;
            }
            String target = stripTree(t.get(0));
            String source = t.get(src);
            int bracket = source.indexOf('[');
            if (bracket > 0) {
                source = source.substring(0, bracket);
            }
            List<String> options = opts < 0 ? List.of() : List.of(t.get(opts).split(","));
            ctx.emit(new Mount(source, target, t.get(type), options, null, ctx.input(), n, line));
            ctx.record();
        }
    }

    /** The tree glyphs before the target: {@code │ ├─/sys/kernel} -> {@code /sys/kernel}. */
    private static String stripTree(String s) {
        int i = 0;
        while (i < s.length() && "│├└─|`- ".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        return s.substring(i);
    }

    /** Whitespace-separated fields; the tree's leading glyph columns are joined to the target they precede. */
    private static List<String> tokens(String line) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = line.length();
        // the first field runs from the start to the first space after a non-glyph character
        int s = 0;
        while (i < n && ("│├└─|`- ".indexOf(line.charAt(i)) >= 0)) {
            i++;
        }
        while (i < n && line.charAt(i) != ' ') {
            i++;
        }
        if (i > s) {
            out.add(line.substring(s, i).strip());
        }
        while (i < n) {
            i = Tokens.skipSpaces(line, i);
            int b = i;
            while (i < n && line.charAt(i) != ' ') {
                i++;
            }
            if (i > b) {
                out.add(line.substring(b, i));
            }
        }
        return out;
    }
}
