package dev.ioverdict.model;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Inputs read whole whose content an analysis did not count, each with why (the same block trace
 * in another form, whose figures the report shows): said on the input's row, never dropped silently.
 */
public record UnusedInputs(List<Entry> entries) {
    public static final UnusedInputs NONE = new UnusedInputs(List.of());

    public UnusedInputs {
        entries = List.copyOf(entries);
    }

    public record Entry(String input, String why) {
    }

    /** {@code inputs} with each unused one's reason added to its notes. */
    public List<InputSummary> noted(List<InputSummary> inputs) {
        if (entries.isEmpty()) {
            return inputs;
        }
        // by input, so that a bundle of thousands of per-CPU files is not read once per input
        Map<String, List<String>> why = entries.stream().collect(Collectors.groupingBy(Entry::input,
                Collectors.mapping(Entry::why, Collectors.toList())));
        return inputs.stream().map(i -> why.containsKey(i.path()) ? i.withNotes(why.get(i.path())) : i).toList();
    }
}
