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
        md.append(prose(rule)).append("\n\n");
        md.append("---\n*Generated from the rule's metadata and `").append(prosePath(rule))
                .append("`; regenerate with `").append(REGENERATE).append("`.*\n");
        return md.toString();
    }

    private static void inputs(StringBuilder md, String what, List<Input<?>> inputs) {
        for (Input<?> in : inputs) {
            md.append("- **").append(what).append(":** ").append(in.description()).append(". Collect: `")
                    .append(in.howToCollect()).append("`\n");
        }
    }
}
