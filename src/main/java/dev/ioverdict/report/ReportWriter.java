package dev.ioverdict.report;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.Invariants;
import dev.ioverdict.report.charts.Chart;
import dev.ioverdict.report.charts.Charts;
import java.nio.charset.StandardCharsets;
import dev.ioverdict.report.model.Report;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * Writes the requested views of a compiled case into one folder. Each file is written beside its
 * target under a temporary name and renamed over it when whole, so a full disk or a failure leaves
 * the previous report or none, never half of one (nor does it write through a link planted at
 * the target's name).
 */
public final class ReportWriter {
    private ReportWriter() {
    }

    /** A view failed to render (a defect, not the disk): the other views were still written. */
    public static final class RenderFailed extends RuntimeException {
        RenderFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    public static List<Path> write(Report report, CaseData data, Set<ReportFormat> formats, Path dir,
                                   Path templates) throws IOException {
        return write(report, data, formats, dir, templates, false, null);
    }

    /**
     * The report with --redact's names gathered from it and from the parsed data; the report gains
     * the summary of what is replaced (its originals are replaced as each view is written).
     */
    public record Redacting(Report report, Redaction redaction) {
    }

    public static Redacting redacting(Report report, CaseData data, RedactionKey key) {
        Redaction redaction = Redaction.with(key).data(data).report(report).build();
        try {
            redaction.json(JsonRenderer.writer().writeValueAsString(report)); // the pseudonyms report.json will use
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("report model does not serialise: " + e, e);
        }
        Charts.draw(data, report.findings(), report.marks()).forEach(redaction::chart);
        return new Redacting(report.withRedaction(redaction.summary()), redaction);
    }

    /** As {@link #write(Report, CaseData, Set, Path, Path)}: the brief edition, and through {@code redaction} (null: none). */
    public static List<Path> write(Report report, CaseData data, Set<ReportFormat> formats, Path dir,
                                   Path templates, boolean brief, Redaction redaction) throws IOException {
        return write(report, data, formats, dir, templates, brief, redaction, false);
    }

    /**
     * As above; {@code concurrent}: the charts drawn on two threads and each view on a thread of its own (for one
     * report on its own; a batch already runs its cases side by side).
     */
    public static List<Path> write(Report report, CaseData data, Set<ReportFormat> formats, Path dir,
                                   Path templates, boolean brief, Redaction redaction, boolean concurrent)
            throws IOException {
        Files.createDirectories(dir);
        removeParts(dir); // a run killed while it wrote here left them
        boolean drawn = formats.contains(ReportFormat.HTML) || formats.contains(ReportFormat.PDF);
        List<Chart> charts = drawn ? Charts.draw(data, report.findings(), report.marks(), concurrent) : List.of();
        RenderInput input = new RenderInput(report, redaction == null ? charts
                : charts.stream().map(redaction::chart).toList(), templates, brief, redaction);
        List<ReportFormat> wanted = java.util.Arrays.stream(ReportFormat.values()).filter(formats::contains).toList();
        List<java.util.concurrent.Callable<Path>> views = new ArrayList<>();
        for (ReportFormat f : wanted) {
            views.add(() -> {
                ReportRenderer r = f.renderer();
                Path target = dir.resolve(r.fileName());
                try {
                    atomically(target, tmp -> r.render(input, tmp));
                    if (Invariants.strict()) {
                        InvariantGate.text(r.fileName(), visibleText(f, target));
                    }
                    return target;
                } catch (TemplateError e) {
                    throw e; // a user's broken template is said as such, not as a defect
                } catch (RuntimeException e) {
                    throw new RenderFailed(r.fileName() + " could not be rendered: " + e, e);
                }
            });
        }
        return run(views, concurrent && views.size() > 1);
    }

    /**
     * Each view in turn, or each on a thread of its own (the PDF, which lays the page out again,
     * takes as long as the other two together, and a single report has the cores to itself). A view
     * that fails leaves the others written; the first failure, in the order of the formats, is thrown.
     */
    private static List<Path> run(List<java.util.concurrent.Callable<Path>> views, boolean concurrent) throws IOException {
        List<java.util.concurrent.Future<Path>> results = new ArrayList<>();
        if (concurrent) {
            try (var pool = java.util.concurrent.Executors.newThreadPerTaskExecutor(
                    Thread.ofPlatform().name("ioverdict-view-", 0).factory())) {
                for (var v : views) {
                    results.add(pool.submit(v));
                }
            }
        } else {
            for (var v : views) {
                var task = new java.util.concurrent.FutureTask<>(v);
                task.run();
                results.add(task);
            }
        }
        List<Path> written = new ArrayList<>();
        RuntimeException failed = null;
        IOException ioFailed = null;
        for (var r : results) {
            try {
                written.add(r.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while the report was written", e);
            } catch (java.util.concurrent.ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof IOException io) {
                    ioFailed = ioFailed == null ? io : ioFailed;
                } else if (cause instanceof RuntimeException re) {
                    failed = failed == null ? re : failed;
                } else if (cause instanceof Error err) {
                    throw err;
                } else {
                    failed = failed == null ? new IllegalStateException(cause) : failed;
                }
            }
        }
        if (ioFailed != null) {
            throw ioFailed;
        }
        if (failed != null) {
            throw failed;
        }
        return written;
    }

    /** What a reader of the written view sees; report.json's strings are checked with its figures. */
    private static String visibleText(ReportFormat format, Path file) throws IOException {
        return switch (format) {
            case HTML -> InvariantGate.visibleText(Files.readString(file, StandardCharsets.UTF_8));
            case PDF -> {
                try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
                    yield new PDFTextStripper().getText(pdf);
                }
            }
            case JSON -> "";
        };
    }

    /** Each chart's data as DIR/CHART-ID.csv: the same files the HTML offers under each chart. */
    public static List<Path> writeCsv(CaseData data, Path dir) throws IOException {
        return writeCsv(null, data, dir);
    }

    /** The same, with the chart beside each of the report's findings (null: the sections' charts only). */
    public static List<Path> writeCsv(Report report, CaseData data, Path dir) throws IOException {
        return writeCsv(report, data, dir, null);
    }

    /** The same through {@code redaction} (null: none). */
    public static List<Path> writeCsv(Report report, CaseData data, Path dir, Redaction redaction) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        List<Chart> charts = report == null ? Charts.draw(data) : Charts.draw(data, report.findings(), report.marks());
        if (redaction != null) {
            charts = charts.stream().map(redaction::chart).toList();
        }
        for (Chart c : charts) {
            if (c.csv() != null) {
                Path target = dir.resolve(c.csvFileName());
                atomically(target, f -> Files.writeString(f, c.csv(), StandardCharsets.UTF_8));
                written.add(target);
            }
        }
        return written;
    }

    /** Something that writes a whole file at the path it is given. */
    public interface FileWriting {
        void to(Path file) throws IOException;
    }

    /** Writes {@code target} through a temporary file in the same folder, renamed over it when complete. */
    public static void atomically(Path target, FileWriting writing) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = partFile(dir, target.getFileName().toString());
        boolean done = false;
        try {
            writing.to(tmp);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** The name of {@link #partFile}'s files: {@code .NAME.HEX.part}. */
    private static final java.util.regex.Pattern PART = java.util.regex.Pattern.compile("\\..+\\.[0-9a-f]{1,16}\\.part");

    /**
     * Removes the part files a killed run left in {@code dir} (a kill leaves no chance to remove
     * them; they never look like a report, but they take space and confuse a reader of the folder).
     * Call it only on a folder no other run is writing into at the same time. Returns how many.
     */
    public static int removeParts(Path dir) throws IOException {
        if (!Files.isDirectory(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        int removed = 0;
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            for (Path p : s.toList()) {
                if (PART.matcher(p.getFileName().toString()).matches()
                        && Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    Files.deleteIfExists(p);
                    removed++;
                }
            }
        }
        return removed;
    }

    /**
     * A new, empty hidden file beside the target. Not {@code Files.createTempFile}: that makes the
     * file private (0600), and a report folder shared with a customer or a team must get the
     * permissions the user's umask gives, as any other file they write.
     */
    private static Path partFile(Path dir, String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path candidate = dir.resolve("." + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".part");
            try {
                return Files.createFile(candidate);
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
    }

    /**
     * The folder {@code name} directly under {@code output}, refused when the name would land
     * anywhere else ("..", a separator, an absolute path, or a link already there leading out).
     */
    public static Path under(Path output, String name) throws IOException {
        Path base = output.toAbsolutePath().normalize();
        Path p = base.resolve(name).normalize();
        if (name.isEmpty() || !base.equals(p.getParent())) {
            throw new IOException("case id " + SafeText.terminal(name) + " is no folder name under " + output);
        }
        if (Files.exists(p) && !p.toRealPath().startsWith(base.toRealPath())) {
            throw new IOException(p + " leads outside " + output);
        }
        return p;
    }
}
