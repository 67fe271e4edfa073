package dev.ioverdict.model.fio;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** One job of a fio job file with its options ([global] ones included, the job's own winning). */
public record FioJobFile(String job, Map<String, String> options, String input, long line, String text) implements FioFact {
    public FioJobFile {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }
}
