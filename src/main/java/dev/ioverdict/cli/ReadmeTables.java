package dev.ioverdict.cli;

import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.InputFormats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The README's tables of input formats and commands, written from the format registry and the
 * picocli model, so that neither can say something the program does not do. Each table sits
 * between two marker lines of README.md (and dist/README.md); ReadmeTablesTest fails while the
 * committed text differs from what this writes, and rewrites it with {@link #REGENERATE}.
 */
final class ReadmeTables {
    static final String REGENERATE = "./mvnw -B -ntp test -Dtest='Readme*Test' -Dioverdict.docs.update=true";
    static final String FORMATS = "formats";
    static final String COMMANDS = "commands";
    /** Options every command has: said once under the table, not in every row. */
    private static final Set<String> SHARED_MIXINS = Set.of("common", "limits");

    private ReadmeTables() {
    }

    /** One row per format id (two classes may read variants of one id: lsblk's tree and its JSON), by id. */
    static String formats() {
        Map<String, List<String>> byId = new TreeMap<>();
        for (InputFormat f : InputFormats.all()) {
            byId.computeIfAbsent(f.id(), k -> new ArrayList<>()).add(f.description());
        }
        StringBuilder md = new StringBuilder("| id | what |\n|---|---|\n");
        byId.forEach((id, what) -> md.append("| `").append(id).append("` | ").append(cell(String.join("; ", what)))
                .append(" |\n"));
        return md.toString();
    }

    /** One row per command: its synopsis (options every command has left out) and what it does. */
    static String commands() {
        CommandSpec root = Main.commandLine().getCommandSpec();
        StringBuilder md = new StringBuilder("| command | does |\n|---|---|\n");
        List<String> limited = new ArrayList<>();
        List<String> limits = List.of();
        for (CommandLine sub : root.subcommands().values().stream().distinct().toList()) {
            CommandSpec spec = sub.getCommandSpec();
            if (spec.userObject() instanceof CommandLine.HelpCommand) {
                continue;
            }
            md.append("| `").append(cell(synopsis(spec))).append("` | ")
                    .append(cell(String.join(" ", spec.usageMessage().description()))).append(" |\n");
            CommandSpec mixin = mixins(spec).get("limits");
            if (mixin != null) {
                limited.add("`" + spec.name() + "`");
                limits = mixin.options().stream().map(o -> "`" + o.longestName() + " " + o.paramLabel() + "`").toList();
            }
        }
        md.append("\nEvery command also takes `--quiet` (no progress line), `--debug` (stack traces of errors), "
                + "`--help` and `--version`.");
        if (!limited.isEmpty()) {
            md.append(" ").append(words(limited)).append(" take the limits a bundle may cost: ")
                    .append(String.join(", ", limits)).append(".");
        }
        return md.append("\n").toString();
    }

    static String synopsis(CommandSpec spec) {
        StringBuilder s = new StringBuilder(spec.qualifiedName(" "));
        for (PositionalParamSpec p : spec.positionalParameters()) {
            s.append(' ').append(positional(p.paramLabel(), p.arity()));
        }
        Set<OptionSpec> shared = mixins(spec).entrySet().stream().filter(e -> SHARED_MIXINS.contains(e.getKey()))
                .flatMap(e -> e.getValue().options().stream()).collect(Collectors.toSet());
        for (OptionSpec o : spec.options()) {
            if (o.usageHelp() || o.versionHelp() || shared.contains(o) || o.hidden()) {
                continue;
            }
            // an option on by default is written as the way to turn it off (--no-resume)
            boolean negated = o.negatable() && "true".equals(o.defaultValue());
            StringBuilder one = new StringBuilder(negated ? o.longestName().replaceFirst("^--", "--no-") : o.shortestName());
            if (o.arity().max() > 0 && !negated) {
                one.append(' ').append(o.paramLabel());
                if (o.splitRegex() != null && !o.splitRegex().isEmpty()) {
                    one.append(o.splitRegex().replace("\\", "")).append("...");
                }
            }
            boolean repeatable = o.isMultiValue() && (o.splitRegex() == null || o.splitRegex().isEmpty());
            s.append(' ').append(o.required() ? one : "[" + one + "]").append(repeatable ? "..." : "");
        }
        return s.toString();
    }

    /** The command's mixins by field name, with the mixins inside them (BundleOptions holds common and limits). */
    private static Map<String, CommandSpec> mixins(CommandSpec spec) {
        Map<String, CommandSpec> out = new TreeMap<>();
        spec.mixins().forEach((name, mixin) -> {
            out.put(name, mixin);
            out.putAll(mixins(mixin));
        });
        return out;
    }

    /** BUNDLE, [ID], PATH..., SIDE [SIDE]. */
    private static String positional(String label, CommandLine.Range arity) {
        boolean unbounded = arity.max() == Integer.MAX_VALUE;
        if (unbounded) {
            return arity.min() == 0 ? "[" + label + "...]" : label + "...";
        }
        List<String> words = new ArrayList<>();
        for (int i = 0; i < arity.max(); i++) {
            words.add(i < arity.min() ? label : "[" + label + "]");
        }
        return String.join(" ", words);
    }

    /** {@code text} with the lines between {@code <!-- generated: NAME -->} and its end marker replaced by {@code table}. */
    static String splice(String text, String name, String table) {
        String begin = begin(name);
        String end = "<!-- end of generated " + name + " -->";
        int from = text.indexOf(begin);
        int to = text.indexOf(end);
        if (from < 0 || to < from) {
            throw new IllegalArgumentException("no '" + begin + "' ... '" + end + "' markers");
        }
        return text.substring(0, from + begin.length()) + "\n" + table + text.substring(to);
    }

    static boolean has(String text, String name) {
        return text.contains(begin(name));
    }

    private static String begin(String name) {
        return "<!-- generated " + name + ": " + REGENERATE + " -->";
    }

    /** "a, b and c". */
    private static String words(List<String> items) {
        return items.size() == 1 ? items.get(0)
                : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    /** Text made safe for one Markdown table cell. */
    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
