package dev.ioverdict.pipeline;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.report.BatchIndex;
import dev.ioverdict.report.JsonRenderer;
import dev.ioverdict.report.ReportWriter;
import dev.ioverdict.report.Version;
import dev.ioverdict.report.model.Report;
import dev.ioverdict.report.model.BatchSummary;
import dev.ioverdict.report.model.BatchSummary.CaseResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ioverdict merge}: one summary.json and index.html over the outputs of several
 * {@code batch --shard} runs. Each case's report link is rewritten relative to the merged
 * output, so the index works wherever the shard folders sit beside it. What is merged is checked
 * first: a summary of another schema, or whose reports have another schema, is refused; one of
 * another ioverdict version is merged and warned of with both versions; a case whose counts are
 * negative or disagree with the findings it lists is refused, and so is a case id already merged
 * (from the first shard named). The merged summary records each shard's version and schemas.
 */
public final class ShardMerge {
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /**
     * The merged summary, what did not merge cleanly, and per shard folder (as named) the ids of the
     * cases merged from it: the case archive merges those and no others.
     */
    public record Merged(BatchSummary summary, List<String> problems, Map<Path, java.util.Set<String>> casesOf) {
    }

    private ShardMerge() {
    }

    public static Merged merge(List<Path> shardDirs, Path output) throws IOException {
        return merge(shardDirs, output, Version.get());
    }

    /** As above, merged by ioverdict {@code toolVersion}. */
    public static Merged merge(List<Path> shardDirs, Path output, String toolVersion) throws IOException {
        Files.createDirectories(output);
        Path out = output.toAbsolutePath().normalize();
        Map<String, CaseResult> byId = new LinkedHashMap<>();
        Map<String, Path> shardOf = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        List<BatchSummary.Shard> shards = new ArrayList<>();
        Map<Path, java.util.Set<String>> casesOf = new LinkedHashMap<>();
        for (Path dir : shardDirs) {
            Path file = dir.resolve("summary.json");
            if (!Files.isRegularFile(file)) {
                problems.add(dir + ": no summary.json (is it the output of a batch?)");
                continue;
            }
            BatchSummary s;
            try {
                s = JSON.readValue(file.toFile(), BatchSummary.class);
            } catch (IOException | RuntimeException e) {
                problems.add(file + ": not a batch summary (" + firstLine(e) + "): refused");
                continue;
            }
            String refused = refusedSummary(s);
            if (refused != null) {
                problems.add(file + ": " + refused + ": refused");
                continue;
            }
            String version = s.tool() == null ? null : s.tool().version();
            if (version == null) {
                problems.add(file + ": written by an ioverdict that did not record its version (before "
                        + "summary.json named it); merged by " + toolVersion);
            } else if (!version.equals(toolVersion)) {
                problems.add(file + ": written by ioverdict " + version + ", merged by " + toolVersion
                        + ": its cases are merged, but their figures may differ from this version's");
            }
            Path shard = dir.toAbsolutePath().normalize();
            int merged = 0;
            for (CaseResult c : s.cases()) {
                String bad = refusedCase(c);
                if (bad != null) {
                    problems.add(file + ": case " + (c == null ? "?" : c.caseId()) + " " + bad + ": refused");
                    continue;
                }
                if (byId.containsKey(c.caseId())) {
                    problems.add(dir + ": case " + c.caseId() + " is also in " + shardOf.get(c.caseId())
                            + " (a case in two shards: the same shard named twice, or shards of different runs); "
                            + "the first one is kept, this one refused");
                    continue;
                }
                List<String> reports = c.reports().stream().map(r -> link(out, shard, r))
                        .filter(java.util.Objects::nonNull).toList();
                byId.put(c.caseId(), withReport(c, c.report() == null ? null : link(out, shard, c.report()), reports));
                shardOf.put(c.caseId(), dir);
                casesOf.computeIfAbsent(dir, k -> new java.util.HashSet<>()).add(c.caseId());
                merged++;
            }
            shards.add(new BatchSummary.Shard(dir.toString(), s.tool(), s.schema(), s.reportSchema(), merged));
        }
        List<CaseResult> cases = new ArrayList<>(byId.values());
        cases.sort(Comparator.comparing(CaseResult::caseId));
        BatchSummary merged = new BatchSummary(BatchSummary.SCHEMA, new Report.Tool("ioverdict", toolVersion),
                Report.SCHEMA, cases, shards);
        ReportWriter.atomically(output.resolve("summary.json"), f -> JsonRenderer.writer().writeValue(f.toFile(), merged));
        BatchIndex.write(output, merged, java.time.Instant.now());
        return new Merged(merged, problems, casesOf);
    }

    private static String firstLine(Exception e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int nl = m.indexOf('\n');
        return (nl < 0 ? m : m.substring(0, nl)).strip();
    }

    /** Why a whole summary cannot be merged (its rows or its reports mean something else), or null. */
    static String refusedSummary(BatchSummary s) {
        if (!BatchSummary.SCHEMA.equals(s.schema())) {
            return "schema " + s.schema() + ", not " + BatchSummary.SCHEMA;
        }
        if (s.reportSchema() != null && !Report.SCHEMA.equals(s.reportSchema())) {
            return "its reports have schema " + s.reportSchema() + " (ioverdict "
                    + (s.tool() == null ? "?" : s.tool().version()) + "), not " + Report.SCHEMA;
        }
        if (s.cases() == null) {
            return "no list of cases";
        }
        return null;
    }

    /**
     * Why one case's row cannot be merged, or null: no id or status, a negative count, or counts that
     * disagree with the findings the row lists (a totals row would show "critical -3").
     */
    static String refusedCase(CaseResult c) {
        if (c == null || c.caseId() == null || c.caseId().isBlank()) {
            return "without an id";
        }
        if (c.status() == null) {
            return "without a status";
        }
        if (c.critical() < 0 || c.warning() < 0 || c.info() < 0) {
            return "has a negative count (critical " + c.critical() + ", warning " + c.warning() + ", info "
                    + c.info() + ")";
        }
        int total = c.critical() + c.warning() + c.info();
        if (!c.status().diagnosed() && total > 0) {
            return "is " + c.status().id() + " yet counts " + total + " finding(s)";
        }
        if (!c.findingDetails().isEmpty()) {
            int[] bySeverity = new int[3];
            for (BatchSummary.FindingRef f : c.findingDetails()) {
                int k = f == null || f.severity() == null ? -1 : switch (f.severity()) {
                    case "critical" -> 0;
                    case "warning" -> 1;
                    case "info" -> 2;
                    default -> -1;
                };
                if (k < 0) {
                    return "lists a finding of no known severity";
                }
                bySeverity[k]++;
            }
            if (bySeverity[0] != c.critical() || bySeverity[1] != c.warning() || bySeverity[2] != c.info()) {
                return String.format(java.util.Locale.ROOT, "counts critical %d, warning %d, info %d but lists "
                        + "%d, %d, %d such findings", c.critical(), c.warning(), c.info(), bySeverity[0], bySeverity[1],
                        bySeverity[2]);
            }
        } else if (!c.findings().isEmpty() && c.findings().size() != total) {
            return "counts " + total + " finding(s) but lists " + c.findings().size();
        } else if (c.findings().isEmpty() && total > 0 && c.status().diagnosed()) {
            return "counts " + total + " finding(s) but lists none";
        }
        return null;
    }

    /** {@code report} of a shard, as a relative link from the merged output ('/' separators). */
    public static String link(Path out, Path shard, String report) {
        Path target = shard.resolve(report).normalize();
        if (!target.startsWith(shard)) {
            return null; // a link that leaves its shard is not followed
        }
        return out.relativize(target).toString().replace('\\', '/');
    }

    private static CaseResult withReport(CaseResult c, String report, List<String> reports) {
        return new CaseResult(c.caseId(), c.source(), c.status(), c.message(), c.critical(), c.warning(), c.info(),
                c.findings(), report, c.verdict(), c.findingDetails(), reports);
    }
}
