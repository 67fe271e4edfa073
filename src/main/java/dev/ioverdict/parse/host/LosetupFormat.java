package dev.ioverdict.parse.host;

import dev.ioverdict.model.config.DeviceIdentity;
import dev.ioverdict.parse.InputFile;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.Lines;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.parse.text.Tokens;
import java.io.IOException;
import java.util.List;

/**
 * {@code losetup -l} / {@code --list}: {@code NAME SIZELIMIT OFFSET AUTOCLEAR RO BACK-FILE DIO LOG-SEC}.
 * Each loop device becomes a {@link DeviceIdentity} whose {@code vendor} is its backing file, so a
 * report names {@code loop0} with the file it reads and writes.
 */
public final class LosetupFormat implements InputFormat {
    @Override
    public String id() {
        return "losetup";
    }

    @Override
    public String description() {
        return "`losetup -l`: loop devices' backing files";
    }

    @Override
    public Recognition recognise(Sample sample) {
        String first = sample.firstNonBlank();
        return first.startsWith("NAME") && first.contains("BACK-FILE")
                ? Recognition.certain("losetup -l header 'NAME ... BACK-FILE'") : Recognition.NO;
    }

    @Override
    public void parse(InputFile file, ParseContext ctx) throws IOException {
        try (Lines lines = Lines.of(file, ctx)) {
            List<String> header = null;
            String line;
            while ((line = lines.next()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                List<String> t = Tokens.split(line);
                if (header == null) {
                    header = t;
                    continue;
                }
                int back = header.indexOf("BACK-FILE");
                if (back < 0 || t.size() < header.size() || !t.get(0).startsWith("/dev/loop")) {
                    ctx.skip(lines.number(), "not a losetup -l row: " + line.strip());
                    continue;
                }
                // a backing file name with spaces takes the extra fields
                String file0 = String.join(" ", t.subList(back, back + 1 + t.size() - header.size()));
                ctx.emit(new DeviceIdentity(t.get(0).substring(5), null, null, null, List.of(), "file " + file0,
                        ctx.input(), lines.number(), line));
                ctx.record();
            }
            ctx.lines(lines.number());
        }
    }
}
