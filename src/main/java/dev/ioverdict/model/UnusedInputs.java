package dev.ioverdict.model;

import java.util.List;

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
        return inputs.stream().map(i -> {
            List<String> why = entries.stream().filter(e -> e.input().equals(i.path())).map(Entry::why).toList();
            return why.isEmpty() ? i : i.withNotes(why);
        }).toList();
    }
}
