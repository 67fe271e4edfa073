package dev.ioverdict.cli;

import dev.ioverdict.report.JsonRenderer;
import dev.ioverdict.rules.Input;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.rules.RuleDocs;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ioverdict rules [ID]}: the catalogue with severities, thresholds and the evidence each rule
 * needs; with an id, that rule's full page, the same text as docs/rules/ID.md.
 */
@Command(name = "rules",
        description = "List the rule catalogue: id, severity, thresholds, and what evidence each rule needs. "
                + "With a rule id, print that rule's documentation page.")
final class RulesCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "ID", description = "A rule id: print its documentation page.",
            completionCandidates = RuleIds.class)
    String id;

    @Option(names = "--json", description = "Print the catalogue as JSON.")
    boolean json;

    @Option(names = "--write-docs", paramLabel = "DIR",
            description = "Write every rule's page as DIR/ID.md (how docs/rules/ is made).")
    Path writeDocs;

    @Mixin
    CommonOptions common;


    @Override
    public Integer call() throws IOException {
        PrintWriter out = common.out();
        List<Rule> rules = id == null ? RuleCatalogue.all() : List.of(RuleCatalogue.byId(id).orElseThrow(() ->
                new UserError(ExitCodes.USAGE, "no rule '" + id + "'; rules: "
                        + String.join(", ", RuleCatalogue.all().stream().map(r -> r.info().id()).toList()))));
        if (writeDocs != null) {
            Files.createDirectories(writeDocs);
            for (Rule r : rules) {
                Path page = writeDocs.resolve(r.info().id() + ".md");
                Files.writeString(page, RuleDocs.markdown(r), StandardCharsets.UTF_8);
                out.println("wrote " + page);
            }
        } else if (json) {
            out.println(JsonRenderer.writer().writeValueAsString(rules.stream().map(r -> asMap(r.info())).toList()));
        } else if (id != null) {
            out.print(RuleDocs.markdown(rules.get(0)));
        } else {
            rules.forEach(r -> summary(out, r.info()));
        }
        out.flush();
        return ExitCodes.OK;
    }

    private static void summary(PrintWriter out, RuleInfo i) {
        out.printf(Locale.ROOT, "%s  [%s]  %s%n", i.id(), i.severity().id(), i.title());
        out.println("    " + i.description());
        for (Threshold t : i.thresholds()) {
            out.printf(Locale.ROOT, "    threshold %s.%s = %s  (%s; %s)%n", i.id(), t.key(), t.defaultText(),
                    t.description(), t.allowed());
        }
        for (Input<?> in : i.requires()) {
            out.printf(Locale.ROOT, "    needs %s  (collect: %s)%n", in.description(), in.howToCollect());
        }
        if (!i.anyOf().isEmpty()) {
            out.printf(Locale.ROOT, "    needs one of: %s%n",
                    String.join(" | ", i.anyOf().stream().map(Input::description).toList()));
        }
        for (Input<?> in : i.optional()) {
            out.printf(Locale.ROOT, "    uses when present: %s%n", in.description());
        }
        out.println("    doc: " + i.docPath() + "   (ioverdict rules " + i.id() + ")");
        out.println();
    }

    private static Map<String, Object> asMap(RuleInfo i) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", i.id());
        m.put("severity", i.severity());
        m.put("title", i.title());
        m.put("description", i.description());
        m.put("thresholds", i.thresholds());
        m.put("requires", inputs(i.requires()));
        m.put("anyOf", inputs(i.anyOf()));
        m.put("optional", inputs(i.optional()));
        m.put("doc", i.docPath());
        return m;
    }

    private static List<Map<String, String>> inputs(List<Input<?>> inputs) {
        return inputs.stream().map(r -> Map.of("id", r.id(), "description", r.description(),
                "howToCollect", r.howToCollect())).toList();
    }

    /** Rule ids for shell completion of {@code ioverdict rules ID}. */
    static final class RuleIds implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return RuleCatalogue.all().stream().map(r -> r.info().id()).iterator();
        }
    }
}
