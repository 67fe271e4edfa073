package dev.ioverdict.report.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * report.json {@code redaction}: what --redact replaced, by kind ({@code host}, {@code ip},
 * {@code mac}, {@code wwid}, {@code serial}, {@code user}, {@code path}), how many distinct
 * originals and their pseudonyms; never the originals. {@code key}: which key made the pseudonyms
 * (reports made with the same key name the same host the same way).
 */
@JsonPropertyOrder({"note", "key", "kinds"})
public record Redacted(String note, String key, List<Kind> kinds) {
    public Redacted {
        kinds = List.copyOf(kinds);
    }

    @JsonPropertyOrder({"kind", "what", "count", "pseudonyms"})
    public record Kind(String kind, String what, int count, List<String> pseudonyms) {
        public Kind {
            pseudonyms = List.copyOf(pseudonyms);
        }
    }
}
