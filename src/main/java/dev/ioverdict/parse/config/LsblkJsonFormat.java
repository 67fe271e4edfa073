package dev.ioverdict.parse.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.model.config.BlockDevice;
import dev.ioverdict.parse.InputFile;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.parse.Signature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code lsblk -J} / {@code --json} with any column set: {@code {"blockdevices": [ ... ]}}, children
 * nested under their parent. Each device becomes the same {@link BlockDevice} as a text lsblk row;
 * the line is that of its {@code "name"} key. util-linux 2.37+ prints {@code mountpoints} as an array.
 */
public final class LsblkJsonFormat implements InputFormat {
    private static final Recogniser RECOGNISER = Recogniser.of(Signature.certain("lsblk -J '\"blockdevices\": [' key",
            Clue.lines(l -> l.strip().startsWith("\"blockdevices\"")).within(4)));

    @Override
    public String id() {
        return "lsblk";
    }

    @Override
    public String description() {
        return "`lsblk -J` (JSON)";
    }

    @Override
    public Recognition recognise(Sample sample) {
        return RECOGNISER.recognise(sample);
    }

    /**
     * lsblk -J of a host with ten thousand devices is a few MB; more is no lsblk output, and a tree
     * read whole would take several times its size in heap. Refused with a note, not read.
     */
    static final long MAX_BYTES = 32L << 20;

    @Override
    public void parse(InputFile file, ParseContext ctx) throws IOException {
        long size = file.size();
        if (size > MAX_BYTES) {
            ctx.skip(0, String.format(java.util.Locale.ROOT,
                    "%s not read: lsblk -J of %,d bytes, more than the %d MiB any real lsblk prints",
                    ctx.input(), size, MAX_BYTES >> 20));
            return;
        }
        byte[] bytes;
        try (InputStream in = file.open()) {
            bytes = in.readNBytes((int) MAX_BYTES + 1);
        }
        if (bytes.length > MAX_BYTES) {
            ctx.skip(0, ctx.input() + " not read: lsblk -J of more than " + (MAX_BYTES >> 20) + " MiB");
            return;
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        String[] lines = text.split("\n", -1); // a config file of a few KB
        ctx.lines(text.endsWith("\n") ? lines.length - 1 : lines.length);
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(text);
        } catch (IOException e) {
            ctx.skip(1, "not valid JSON: " + e.getMessage().lines().findFirst().orElse(""));
            return;
        }
        JsonNode devices = root == null ? null : root.get("blockdevices");
        if (devices == null || !devices.isArray()) {
            ctx.skip(1, "no \"blockdevices\" array");
            return;
        }
        int[] cursor = {0};
        for (JsonNode d : devices) {
            walk(d, List.of(), lines, cursor, ctx);
        }
    }

    private static void walk(JsonNode d, List<String> parents, String[] lines, int[] cursor, ParseContext ctx) {
        String name = text(d, "name");
        if (name == null) {
            ctx.skip(0, "a device without \"name\"");
            return;
        }
        int line = find(lines, cursor, "\"name\"", name);
        String mount = text(d, "mountpoint");
        if (mount == null && d.has("mountpoints") && d.get("mountpoints").isArray()) {
            for (JsonNode m : d.get("mountpoints")) {
                if (!m.isNull()) {
                    mount = m.asText();
                    break;
                }
            }
        }
        Boolean rota = d.has("rota") && !d.get("rota").isNull()
                ? d.get("rota").isBoolean() ? d.get("rota").asBoolean() : "1".equals(d.get("rota").asText()) : null;
        BlockDevice b = new BlockDevice(name, text(d, "kname"), text(d, "maj:min"), text(d, "type"), text(d, "size"),
                mount, text(d, "fstype"), rota, integer(d, "log-sec"), integer(d, "phy-sec"), integer(d, "min-io"),
                text(d, "sched"), integer(d, "rq-size"), null, parents, text(d, "wwn"), text(d, "serial"), ctx.input(), line,
                line > 0 ? lines[line - 1] : name);
        ctx.emit(b);
        ctx.record();
        JsonNode children = d.get("children");
        if (children != null && children.isArray()) {
            for (JsonNode c : children) {
                walk(c, List.of(name), lines, cursor, ctx);
            }
        }
    }

    /** Line (1-based) of the next {@code "key": "value"} from the cursor on, 0 when not found. */
    private static int find(String[] lines, int[] cursor, String key, String value) {
        for (int i = cursor[0]; i < lines.length; i++) {
            String l = lines[i];
            if (l.contains(key) && l.contains("\"" + value + "\"")) {
                cursor[0] = i + 1;
                return i + 1;
            }
        }
        return 0;
    }

    private static String text(JsonNode d, String key) {
        JsonNode v = d.get(key);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static Integer integer(JsonNode d, String key) {
        JsonNode v = d.get(key);
        return v == null || v.isNull() || !v.canConvertToInt() && !v.asText().matches("\\d+") ? null : v.asInt();
    }
}
