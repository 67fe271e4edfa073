package dev.ioverdict.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.thymeleaf.exceptions.TemplateProcessingException;

/**
 * A user's template (--templates DIR) that cannot be rendered: a usage error of the one who wrote
 * it, named by its file and line, not a defect of ioverdict. A built-in template that fails stays
 * a defect (the exception is handed on as it was).
 */
public final class TemplateError extends RuntimeException {
    // TemplateProcessingException.getMessage() appends where; the reason is what comes before
    private static final Pattern WHERE = Pattern.compile("\\s*\\(template: \"[^\"]*\"(?:(?:,| -) line \\d+, col \\d+)?\\)");

    private final Path file;
    private final Integer line;

    private TemplateError(Path file, Integer line, Integer column, String reason, Throwable cause) {
        this("template " + file + (line == null ? "" : ", line " + line + (column == null ? "" : ", column " + column))
                + ": " + reason, file, line, cause);
    }

    private TemplateError(String message, Path file, Integer line, Throwable cause) {
        super(message, cause);
        this.file = file;
        this.line = line;
    }

    /**
     * {@code e}, a failure to finish the page (outline, glossary links, PDF layout: all read it as
     * XML), as a TemplateError when the user's templates gave a page that is not well-formed XHTML.
     * Thymeleaf does not say which template wrote a line of the page, so the page's line is named.
     */
    static RuntimeException ofPage(RuntimeException e, Path templates) {
        if (templates == null) {
            return e;
        }
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof org.xml.sax.SAXParseException x) {
                return new TemplateError("the templates of " + templates + " give a page that is not well-formed "
                        + "XHTML: line " + x.getLineNumber() + ", column " + x.getColumnNumber()
                        + " of the page: " + x.getMessage(), templates, null, e);
            }
        }
        return e;
    }

    public Path file() {
        return file;
    }

    /** The line in {@link #file()}, or null when Thymeleaf did not say. */
    public Integer line() {
        return line;
    }

    /**
     * {@code e} as a TemplateError when it arose in a file of the user's {@code templates} folder;
     * otherwise {@code e} itself. The innermost place in a user's file names it: an expression that
     * fails inside a user's fragment is reported in the fragment's file, not where it is included.
     */
    static RuntimeException of(RuntimeException e, Path templates) {
        if (templates == null) {
            return e;
        }
        Path file = null;
        Integer line = null;
        Integer column = null;
        String reason = null;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof TemplateProcessingException p && p.hasTemplateName()) {
                Path user = userFile(p.getTemplateName(), templates);
                if (user != null) {
                    file = user;
                    line = p.getLine();
                    column = p.getCol();
                    reason = WHERE.matcher(p.getMessage()).replaceAll("");
                } else if (file != null && !builtIn(p.getTemplateName()) && line == null && p.hasLineAndCol()) {
                    // a template that does not exist (a fragment's wrong name): Thymeleaf gives the place
                    // of the inclusion, in the file that includes it
                    line = p.getLine();
                    column = p.getCol();
                }
            }
            if (t.getCause() == null && file != null && t.getMessage() != null && !t.getMessage().equals(reason)
                    && !(t instanceof TemplateProcessingException)) {
                String first = t.getMessage().lines().findFirst().orElse("").strip();
                reason = reason == null ? first : reason + ": " + first;
            }
        }
        if (file == null) {
            return e;
        }
        return new TemplateError(file, line, column, reason == null ? e.toString() : reason.strip(), e);
    }

    private static boolean builtIn(String name) {
        return TemplateError.class.getClassLoader().getResource(name) != null
                || TemplateError.class.getClassLoader().getResource("templates/" + name + ".html") != null;
    }

    /** The file of the user's folder a template name stands for (Thymeleaf names it by path or by name). */
    private static Path userFile(String name, Path templates) {
        Path dir = templates.toAbsolutePath().normalize();
        for (String candidate : new String[] {name, name + ".html"}) {
            Path p = Path.of(candidate);
            Path f = (p.isAbsolute() ? p : dir.resolve(p)).normalize();
            if (f.startsWith(dir) && Files.isRegularFile(f)) {
                return f;
            }
        }
        return null;
    }
}
