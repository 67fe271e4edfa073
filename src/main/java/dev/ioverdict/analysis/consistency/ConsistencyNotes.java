package dev.ioverdict.analysis.consistency;

import dev.ioverdict.model.ConsistencyNote;
import java.util.List;

/** Where the bundle's sources disagree with each other, found before anything is judged. */
public record ConsistencyNotes(List<ConsistencyNote> notes) {
    public ConsistencyNotes {
        notes = List.copyOf(notes);
    }
}
