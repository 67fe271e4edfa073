package dev.ioverdict.pipeline;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.report.BatchIndex;
import dev.ioverdict.report.JsonRenderer;
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
 * output, so the index works wherever the shard folders sit beside it; a case id found in two
 * shards is kept once, from the first shard named, and the second is reported.
 */
public final class ShardMerge {
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /** The merged summary and what did not merge cleanly (one line each). */
    public record Merged(BatchSummary summary, List<String> problems) {
    }

    private ShardMerge() {
    }

    public static Merged merge(List<Path> shardDirs, Path output) throws IOException {
        Files.createDirectories(output);
        Path out = output.toAbsolutePath().normalize();
        Map<String, CaseResult> byId = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (Path dir : shardDirs) {
            Path file = dir.resolve("summary.json");
            if (!Files.isRegularFile(file)) {
                problems.add(dir + ": no summary.json (is it the output of a batch?)");
                continue;
            }
            BatchSummary s = JSON.readValue(file.toFile(), BatchSummary.class);
            Path shard = dir.toAbsolutePath().normalize();
            for (CaseResult c : s.cases()) {
                if (byId.containsKey(c.caseId())) {
                    problems.add(dir + ": case " + c.caseId() + " is also in an earlier shard; the earlier one is kept");
                    continue;
                }
                List<String> reports = c.reports().stream().map(r -> link(out, shard, r))
                        .filter(java.util.Objects::nonNull).toList();
                byId.put(c.caseId(), withReport(c, c.report() == null ? null : link(out, shard, c.report()), reports));
            }
        }
        List<CaseResult> cases = new ArrayList<>(byId.values());
        cases.sort(Comparator.comparing(CaseResult::caseId));
        BatchSummary merged = new BatchSummary("ioverdict.batch/1", cases);
        JsonRenderer.writer().writeValue(output.resolve("summary.json").toFile(), merged);
        Files.writeString(output.resolve("index.html"), BatchIndex.html(merged, java.time.Instant.now()), StandardCharsets.UTF_8);
        return new Merged(merged, problems);
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
