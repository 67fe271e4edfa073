package dev.ioverdict.parse.host;

import dev.ioverdict.model.config.ListedDevice;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.text.Tokens;
import java.io.IOException;
import java.util.List;

/**
 * {@code losetup -l} / {@code --list}: {@code NAME SIZELIMIT OFFSET AUTOCLEAR RO BACK-FILE DIO LOG-SEC}.
 * Each loop device becomes a {@link ListedDevice} whose {@code vendor} is its backing file, so a
 * report names {@code loop0} with the file it reads and writes.
 */
public final class LosetupFormat extends TextFormat {
    public LosetupFormat() {
        super("losetup", "`losetup -l`: loop devices' backing files",
                Recogniser.of(Signature.certain("losetup -l header 'NAME ... BACK-FILE'",
                        Clue.lines(l -> l.startsWith("NAME") && l.contains("BACK-FILE")).within(1))));
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        List<String> header = null;
        String line;
        while ((line = in.nextNonBlank()) != null) {
            List<String> t = Tokens.split(line);
            if (header == null) {
                header = t;
                continue;
            }
            int back = header.indexOf("BACK-FILE");
            if (back < 0 || t.size() < header.size() || !t.get(0).startsWith("/dev/loop")) {
                ctx.skip(in.number(), "not a losetup -l row: " + line.strip());
                continue;
            }
            // a backing file name with spaces takes the extra fields
            String file0 = String.join(" ", t.subList(back, back + 1 + t.size() - header.size()));
            ctx.emit(new ListedDevice(t.get(0).substring(5), null, null, null, List.of(), "file " + file0,
                    ctx.input(), in.number(), line));
            ctx.record();
        }
    }
}
