package dev.ioverdict.report;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;

/** The renderers, by the name --format takes. */
public enum ReportFormat {
    HTML(HtmlRenderer::new), PDF(PdfRenderer::new), JSON(JsonRenderer::new);

    private final Supplier<ReportRenderer> renderer;

    ReportFormat(Supplier<ReportRenderer> renderer) {
        this.renderer = renderer;
    }

    public ReportRenderer renderer() {
        return renderer.get();
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ReportFormat parse(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        return Arrays.stream(values()).filter(f -> f.name().equals(t)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown format '" + text.trim() + "' (expected html, pdf or json)"));
    }
}
