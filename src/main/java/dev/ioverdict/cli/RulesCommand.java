package dev.ioverdict.cli;

import dev.ioverdict.report.JsonRenderer;
import dev.ioverdict.rules.Requirement;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code ioverdict rules}: the catalogue with severities, thresholds and the evidence each rule needs. */
@Command(name = "rules", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class,
        description = "List the rule catalogue: id, severity, thresholds, and what evidence each rule needs.")
final class RulesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print the catalogue as JSON.")
    boolean json;

    @Mixin
    DebugOption debug;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        List<RuleInfo> infos = RuleCatalogue.all().stream().map(Rule::info).toList();
        if (json) {
            out.println(JsonRenderer.writer().writeValueAsString(infos.stream().map(RulesCommand::asMap).toList()));
            out.flush();
            return ExitCodes.OK;
        }
        for (RuleInfo i : infos) {
            out.printf(Locale.ROOT, "%s  [%s]  %s%n", i.id(), i.severity().id(), i.title());
            out.println("    " + i.description());
            for (Threshold t : i.thresholds()) {
                out.printf(Locale.ROOT, "    threshold %s.%s = %s %s  (%s)%n", i.id(), t.key(),
                        new dev.ioverdict.report.Fmt().any(t.defaultValue()), t.unit(), t.meaning());
            }
            for (Requirement r : i.requires()) {
                out.printf(Locale.ROOT, "    needs %s  (collect: %s)%n", r.description(), r.howToCollect());
            }
            if (!i.anyOf().isEmpty()) {
                out.printf(Locale.ROOT, "    needs one of: %s%n",
                        String.join(" | ", i.anyOf().stream().map(Requirement::description).toList()));
            }
            out.println("    doc: " + i.docPath());
            out.println();
        }
        out.flush();
        return ExitCodes.OK;
    }

    private static Map<String, Object> asMap(RuleInfo i) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", i.id());
        m.put("severity", i.severity());
        m.put("title", i.title());
        m.put("description", i.description());
        m.put("thresholds", i.thresholds());
        m.put("requires", i.requires().stream().map(r -> Map.of("id", r.id(), "description", r.description(),
                "howToCollect", r.howToCollect())).toList());
        m.put("anyOf", i.anyOf().stream().map(r -> Map.of("id", r.id(), "description", r.description(),
                "howToCollect", r.howToCollect())).toList());
        m.put("doc", i.docPath());
        return m;
    }
}
