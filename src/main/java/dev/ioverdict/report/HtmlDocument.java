package dev.ioverdict.report;

import dev.ioverdict.model.Severity;
import dev.ioverdict.report.charts.Chart;
import dev.ioverdict.report.model.Report;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleCatalogue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.exceptions.TemplateEngineException;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;
import org.thymeleaf.templateresolver.FileTemplateResolver;

/**
 * The report as one XHTML document from the Thymeleaf templates. Templates read the typed report
 * model itself ({@code r.findings}, {@code f.impact.seconds}: a record's components by name, as
 * report.json names them) and a few view records beside it ({@code tally}, {@code evidence.of(f)},
 * {@code charts}, {@code inputsListed}, {@code rules}). A user's --templates folder overrides the
 * built-in templates file by file.
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
        String page = SafeText.xml(process(engine(templates), template, ctx, templates));
        try {
            // the same finishing as the report's: contents, PDF bookmarks, units kept with their figures
            return DocumentFinish.finish(page, forPdf);
        } catch (RuntimeException e) {
            throw TemplateError.ofPage(e, templates);
        }
    }

    static String render(RenderInput input, boolean forPdf) {
        if (input.templates() == null) {
            // the built-in templates ask ${pdf} only for the body's class: the HTML and the PDF
            // finish one templated page (the templates are the larger part of a small report's time)
            String page = input.shared().page(() -> templated(input, false));
            return finish(page, forPdf, input.templates(), true);
        }
        return finish(templated(input, forPdf), forPdf, input.templates(), false);
    }

    private static String finish(String page, boolean forPdf, Path templates, boolean setBodyClass) {
        try {
            return DocumentFinish.finish(page, forPdf, setBodyClass);
        } catch (RuntimeException e) {
            throw TemplateError.ofPage(e, templates);
        }
    }

    /** The templates' page before {@link DocumentFinish}, a NUL or ESC of a file name or line taken out. */
    static String templated(RenderInput input, boolean forPdf) {
        TemplateEngine engine = engine(input.templates());
        Context ctx = new Context(java.util.Locale.ROOT);
        Report report = input.report();
        ctx.setVariable("r", report);
        ctx.setVariable("evidence", new EvidenceView());
        ctx.setVariable("syscallRows", new SyscallRows());
        Map<String, List<Chart>> bySection = new LinkedHashMap<>();
        for (Chart c : input.charts()) {
            bySection.computeIfAbsent(c.section(), k -> new ArrayList<>()).add(c);
        }
        ctx.setVariable("charts", bySection);
        ctx.setVariable("tally", Tally.of(report));
        ctx.setVariable("missingData", MissingData.of(report.notEvaluated()));
        InputTable inputs = InputTable.of(report.inputs(), InputTable.listedLimit());
        ctx.setVariable("inputsListed", inputs.listed());
        ctx.setVariable("inputsGrouped", inputs.grouped());
        ctx.setVariable("rules", RuleCatalogue.all().stream().map(Rule::info).toList());
        ctx.setVariable("terms", terms(report));
        ctx.setVariable("fmt", new Fmt());
        ctx.setVariable("top", new Top());
        ctx.setVariable("pdf", forPdf);
        if (input.brief()) {
            ctx.setVariable("brief", BriefText.of(input.report()));
        }
        // a NUL or ESC from a file name or line would stop the PDF renderer (and is no text in HTML either)
        return SafeText.xml(process(engine, input.template(), ctx, input.templates()));
    }

    /** The front page's count of findings per severity and of rules not evaluated ({@code ${tally['critical']}}). */
    public record Tally(long critical, long warning, long info, long notEvaluated, long notApplicable) {
        static Tally of(Report r) {
            return new Tally(count(r, Severity.CRITICAL), count(r, Severity.WARNING), count(r, Severity.INFO),
                    r.notEvaluated().stream().filter(n -> n.applicable()).count(),
                    r.notEvaluated().stream().filter(n -> !n.applicable()).count());
        }

        private static long count(Report r, Severity severity) {
            return r.findings().stream().filter(f -> f.severity() == severity).count();
        }
    }

    /** Which groups of the glossary this report uses: a term is explained only where it is printed. */
    private static java.util.Set<String> terms(dev.ioverdict.report.model.Report r) {
        java.util.Set<String> t = new java.util.HashSet<>();
        if (r.block() != null || r.bpf() != null) {
            // the eBPF section names D2C and Q2C too
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

    /**
     * The built-in templates' engine, made once: it keeps the parsed templates, so the PDF's page
     * and every case of a batch after the first skip parsing them again (an engine is thread-safe).
     */
    private static final class BuiltIn {
        static final TemplateEngine ENGINE = newEngine(null);
    }

    private static TemplateEngine engine(Path templates) {
        return templates == null ? BuiltIn.ENGINE : newEngine(templates);
    }

    private static TemplateEngine newEngine(Path templates) {
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



}
