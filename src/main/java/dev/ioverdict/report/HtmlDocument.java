package dev.ioverdict.report;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleCatalogue;
import java.util.LinkedHashMap;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.exceptions.TemplateEngineException;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;
import org.thymeleaf.templateresolver.FileTemplateResolver;

/**
 * The report as one XHTML document from the Thymeleaf templates. Templates see the report as the
 * JSON tree ({@code r.findings}, ...), so report.json documents what a template can use. A user's
 * --templates folder overrides the built-in templates file by file.
 */
public final class HtmlDocument {
    private HtmlDocument() {
    }

    /**
     * Another page in the report's house style (the compare page): {@code template} from the same
     * template folders, with {@code variables}, {@code fmt} and {@code pdf} set as for the report.
     */
    public static String renderPage(String template, Map<String, Object> variables, Path templates, boolean forPdf) {
        Context ctx = new Context(java.util.Locale.ROOT);
        variables.forEach(ctx::setVariable);
        ctx.setVariable("fmt", new Fmt());
        ctx.setVariable("pdf", forPdf);
        return process(engine(templates), template, ctx, templates);
    }

    static String render(RenderInput input, boolean forPdf) {
        TemplateEngine engine = engine(input.templates());
        Context ctx = new Context(java.util.Locale.ROOT);
        Map<String, Object> report = JsonRenderer.MAPPER.convertValue(input.report(), new TypeReference<Map<String, Object>>() { });
        EvidenceView.addTo(report);
        ctx.setVariable("r", report);
        Map<String, List<Map<String, Object>>> bySection = new LinkedHashMap<>();
        for (var c : input.charts()) {
            Map<String, Object> chart = new LinkedHashMap<>(JsonRenderer.MAPPER.convertValue(c,
                    new TypeReference<Map<String, Object>>() { }));
            chart.put("csvBase64", c.csvBase64());
            bySection.computeIfAbsent(c.section(), k -> new java.util.ArrayList<>()).add(chart);
        }
        ctx.setVariable("charts", bySection);
        Map<String, Long> tally = new LinkedHashMap<>();
        for (var sev : dev.ioverdict.model.Severity.values()) {
            tally.put(sev.id(), input.report().findings().stream().filter(f -> f.severity() == sev).count());
        }
        tally.put("notEvaluated", input.report().notEvaluated().stream().filter(n -> n.applicable()).count());
        tally.put("notApplicable", input.report().notEvaluated().stream().filter(n -> !n.applicable()).count());
        ctx.setVariable("tally", tally);
        InputTable inputs = InputTable.of(input.report().inputs(), InputTable.listedLimit());
        ctx.setVariable("inputsListed", JsonRenderer.MAPPER.convertValue(inputs.listed(),
                new TypeReference<List<Map<String, Object>>>() { }));
        ctx.setVariable("inputsGrouped", JsonRenderer.MAPPER.convertValue(inputs.grouped(),
                new TypeReference<List<Map<String, Object>>>() { }));
        ctx.setVariable("rules", catalogue());
        ctx.setVariable("terms", terms(input.report()));
        ctx.setVariable("fmt", new Fmt());
        ctx.setVariable("pdf", forPdf);
        // a NUL or ESC from a file name or line would stop the PDF renderer (and is no text in HTML either)
        String page = SafeText.xml(process(engine, "report", ctx, input.templates()));
        try {
            return DocumentFinish.finish(page, forPdf);
        } catch (RuntimeException e) {
            throw TemplateError.ofPage(e, input.templates());
        }
    }

    /** Which groups of the glossary this report uses: a term is explained only where it is printed. */
    private static java.util.Set<String> terms(dev.ioverdict.report.model.Report r) {
        java.util.Set<String> t = new java.util.HashSet<>();
        if (r.block() != null) {
            t.add("block");
        }
        if (r.iostat() != null && !r.iostat().isEmpty()) {
            t.add(r.iostat().stream().anyMatch(d -> d.dialect() == dev.ioverdict.model.iostat.IostatDialect.SOLARIS)
                    ? "solaris" : "iostat");
            if (r.iostat().stream().anyMatch(d -> d.dialect() != dev.ioverdict.model.iostat.IostatDialect.SOLARIS)) {
                t.add("iostat");
            }
        }
        r.inputs().stream().filter(i -> i.format().equals("linuxki")).findAny().ifPresent(i -> t.add("linuxki"));
        if (r.syscalls() != null && !r.syscalls().aio().isEmpty()) {
            t.add("aio");
        }
        // the entries a finding's prose needs, as its rule declares them
        for (var f : r.findings()) {
            java.util.stream.Stream.concat(java.util.stream.Stream.of(f), f.symptoms().stream())
                    .flatMap(x -> RuleCatalogue.meaning(x.rule()).glossary().stream())
                    .forEach(g -> t.add(g.id()));
        }
        return t;
    }

    private static String process(TemplateEngine engine, String template, Context ctx, Path templates) {
        try {
            return engine.process(template, ctx);
        } catch (TemplateEngineException e) {
            throw TemplateError.of(e, templates);
        }
    }

    private static TemplateEngine engine(Path templates) {
        TemplateEngine engine = new TemplateEngine();
        int order = 1;
        if (templates != null) {
            FileTemplateResolver user = new FileTemplateResolver();
            user.setPrefix(templates.toAbsolutePath() + "/");
            user.setSuffix(".html");
            user.setTemplateMode(TemplateMode.HTML);
            user.setCharacterEncoding("UTF-8");
            user.setCheckExistence(true);
            user.setCacheable(false);
            user.setOrder(order++);
            engine.addTemplateResolver(user);
        }
        ClassLoaderTemplateResolver builtIn = new ClassLoaderTemplateResolver(HtmlDocument.class.getClassLoader());
        builtIn.setPrefix("templates/");
        builtIn.setSuffix(".html");
        builtIn.setTemplateMode(TemplateMode.HTML);
        builtIn.setCharacterEncoding("UTF-8");
        builtIn.setOrder(order);
        engine.addTemplateResolver(builtIn);
        return engine;
    }


    private static List<Map<String, Object>> catalogue() {
        return RuleCatalogue.all().stream().map(Rule::info).map(i -> {
            Map<String, Object> m = new LinkedHashMap<>(JsonRenderer.MAPPER.convertValue(i,
                    new TypeReference<Map<String, Object>>() { }));
            m.put("docPath", i.docPath());
            return m;
        }).toList();
    }

}
