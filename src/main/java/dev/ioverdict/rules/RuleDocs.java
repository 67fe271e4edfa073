package dev.ioverdict.rules;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A rule's documentation page, generated from the rule's own metadata (id, title, severity,
 * inputs, thresholds) and the side-car prose {@code <id>.md} beside the rule class (Error Prone's
 * and PMD's way): docs/rules/, {@code ioverdict rules ID} and the report appendix say the same
 * thing, and a test fails when the committed docs differ from what this writes.
 */
public final class RuleDocs {
    public static final String REGENERATE = "./ioverdict rules --write-docs docs/rules";

    private RuleDocs() {
    }

    /** The side-car prose of a rule, as written beside its class. */
    public static String prose(Rule rule) {
        String name = rule.info().id() + ".md";
        try (InputStream in = rule.getClass().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(rule.getClass().getName() + " has no side-car " + name + " beside it");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where the side-car lives in the source tree. */
    public static String prosePath(Rule rule) {
        return "src/main/resources/" + rule.getClass().getPackageName().replace('.', '/') + "/" + rule.info().id() + ".md";
    }

    public static String markdown(Rule rule) {
        RuleInfo i = rule.info();
        StringBuilder md = new StringBuilder();
        md.append("# ").append(i.id()).append(" \u2014 ").append(i.title()).append("\n\n");
        md.append("**Severity:** ").append(i.severity().id()).append(" \u00b7 **Rule:** `")
                .append(rule.getClass().getName()).append("`\n\n");
        md.append(i.description()).append("\n\n");
        md.append("## Inputs\n");
        inputs(md, "Requires", i.requires());
        inputs(md, "Requires one of", i.anyOf());
        inputs(md, "Uses when present", i.optional());
        if (i.requires().isEmpty() && i.anyOf().isEmpty() && i.optional().isEmpty()) {
            md.append("None.\n");
        }
        md.append("\nWithout the required inputs the report lists the rule as not evaluated, with the commands above.\n\n");
        md.append("## Thresholds\n");
        if (i.thresholds().isEmpty()) {
            md.append("None.\n\n");
        } else {
            md.append("| key | default | allowed | meaning |\n|---|---|---|---|\n");
            for (Threshold t : i.thresholds()) {
                md.append("| `").append(t.key()).append("` | ").append(t.defaultText()).append(" | ")
                        .append(t.allowed().replace("a number of ", "")).append(" | ")
                        .append(t.description().replace("|", "\\|")).append(" |\n");
            }
            Threshold first = i.thresholds().get(0);
            md.append("\nChange them with `--config FILE`, a line per value, e.g. `").append(i.id()).append('.')
                    .append(first.key()).append(" = ").append(dev.ioverdict.model.Figures.number(first.defaultValue()))
                    .append("`; `").append(i.id()).append(".enabled = false` switches the rule off.\n\n");
        }
        meaning(md, rule.meaning());
        md.append(prose(rule)).append("\n\n");
        md.append("---\n*Generated from the rule's metadata and `").append(prosePath(rule))
                .append("`; regenerate with `").append(REGENERATE).append("`.*\n");
        return md.toString();
    }

    /** What the diagnosis and the report make of its findings, as the rule declares it. */
    private static void meaning(StringBuilder md, Meaning m) {
        md.append("## What its findings mean\n");
        md.append("- **Layer:** ").append(words(m.layer().name())).append(" (").append(m.layer().description())
                .append(")\n");
        List<String> cells = m.use().stream()
                .sorted(java.util.Comparator.comparing((Meaning.UseCell c) -> c.resource()).thenComparing(c -> c.use()))
                .map(c -> words(c.resource().name()) + " " + words(c.use().name())).toList();
        if (!cells.isEmpty()) {
            md.append("- **USE table:** a finding marks ").append(String.join(" and ", cells))
                    .append(" of its device a problem\n");
        }
        if (!m.evidence().isEmpty()) {
            md.append("- **Shown by:** ").append(String.join(", ", m.evidence().stream().map(EvidenceKind::label)
                    .toList())).append("\n");
        }
        for (Meaning.Explains e : m.explains()) {
            md.append("- **Explains** `").append(e.symptom()).append("` (shown under it as a symptom) ")
                    .append(e.condition()).append("\n");
        }
        if (m.insideView() != null) {
            md.append("- **Restates iostat:** under a finding measured in the block layer, iostat's findings about the "
                    + "same device are restated in its terms\n");
        }
        if (m.outsideView()) {
            md.append("- **Read from outside:** its findings read a device from iostat's averages; a cause measured in "
                    + "the block layer restates them\n");
        }
        md.append("\n");
    }

    private static String words(String constant) {
        return constant.toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }

    private static void inputs(StringBuilder md, String what, List<Input<?>> inputs) {
        for (Input<?> in : inputs) {
            md.append("- **").append(what).append(":** ").append(in.description()).append(in.collectable()
                    ? ". Collect: `" + in.howToCollect() + "`\n" : " (read from the inputs it names)\n");
        }
    }
}
