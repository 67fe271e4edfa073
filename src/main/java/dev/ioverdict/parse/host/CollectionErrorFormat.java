package dev.ioverdict.parse.host;

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
 * A sosreport command that failed during collection: sos keeps the command's output file even when
 * all it holds is the command's own error ("/host: No such file or directory", "command not
 * found", a timeout) or nothing. Listed as "collected with an error" with the command's message,
 * so the reader sees that the collection, not the tool, lost the data; no records, never damage.
 */
public final class CollectionErrorFormat extends TextFormat {
    public static final String ID = "collection-error";

    /** What failing commands print; a line of sos output holding one of these and nothing else. */
    private static final List<String> ERRORS = List.of("No such file or directory", "command not found",
            "timeout:", "timed out", "Timed out", "Not a XFS mount point", "is not a mounted XFS filesystem",
            "Permission denied", "Operation not permitted", "not found", "cannot open", "Cannot open",
            "No such device", "Input/output error", "Unknown command", "not supported", "Failed to",
            "failed:", "error:", "Error:", "ERROR:", "Killed", "cannot access");

    public CollectionErrorFormat() {
        super(ID, "a sosreport command's output that holds only the command's error (or nothing): collected with an error",
                Recogniser.of(Signature.certain("the output of a sosreport command holding only its error ({0} line(s))",
                        Clue.fileName(CollectionErrorFormat::inSosCommands),
                        Clue.lines(CollectionErrorFormat::isError).share(100), Clue.lineCount().atMost(5))));
    }

    /** sos writes every command's output under {@code sos_commands/PLUGIN/}. */
    public static boolean inSosCommands(String path) {
        return path.startsWith("sos_commands/") || path.contains("/sos_commands/");
    }

    static boolean isError(String line) {
        String s = line.strip();
        if (s.isEmpty() || s.length() > 300) {
            return false;
        }
        for (String e : ERRORS) {
            if (s.contains(e)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The command a sos output file is named after: sos mangles {@code xfs_info /host} into
     * {@code xfs_info_.host} and {@code parted -s /dev/sda} into {@code parted_-s_.dev.sda}, so the
     * command ends where an argument ({@code _-} or {@code _.}) starts.
     */
    public static String command(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        int end = name.length();
        for (String arg : List.of("_-", "_.")) {
            int i = name.indexOf(arg);
            if (i > 0 && i < end) {
                end = i;
            }
        }
        return name.substring(0, end);
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        List<String> message = new ArrayList<>();
        String line;
        while ((line = in.nextNonBlank()) != null && message.size() < 5) {
            message.add(line.strip());
        }
        String command = command(ctx.input());
        ctx.note("collected with an error: " + command + ": "
                + (message.isEmpty() ? "no output (an empty file)" : String.join(" / ", message)));
    }
}
