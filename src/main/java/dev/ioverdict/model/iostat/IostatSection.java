package dev.ioverdict.model.iostat;

import java.util.List;

/**
 * The report's {@code iostat} list: every device of every iostat file, in file order, up to the
 * devices kept of an input of very many; {@code notes} counts the others.
 */
public record IostatSection(List<IostatDevice> devices, List<String> notes) {
    public IostatSection {
        devices = List.copyOf(devices);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    public IostatSection(List<IostatDevice> devices) {
        this(devices, List.of());
    }
}
