package dev.ioverdict.model.iostat;

import java.util.List;

/** The report's {@code iostat} list: every device of every iostat file, in file order. */
public record IostatSection(List<IostatDevice> devices) {
    public IostatSection {
        devices = List.copyOf(devices);
    }
}
