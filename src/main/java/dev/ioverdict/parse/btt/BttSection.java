package dev.ioverdict.parse.btt;

/** The sections btt prints, by their header names (btt/output.c). */
enum BttSection {
    PER_PROCESS("Per Process"),
    PER_DEVICE("Per Device"),
    ALL_DEVICES("All Devices"),
    OVERHEAD("Device Overhead"),
    MERGES("Device Merge Information"),
    Q2Q_SEEKS("Device Q2Q Seek Information"),
    D2D_SEEKS("Device D2D Seek Information"),
    PLUGS("Plug Information"),
    ACTIVE_REQUESTS("Active Requests At Q Information"),
    ACTIVE_PERIODS("I/O Active Period Information"),
    Q2D_HISTOGRAM("Q2D Histogram"),
    /** The "# Total System" / "# Per device" q and c activity data btt appends to its report. */
    ACTIVITY("#"),
    NONE(""),
    UNKNOWN("?");

    private final String title;

    BttSection(String title) {
        this.title = title;
    }

    String title() {
        return title;
    }

    static BttSection byName(String name) {
        for (BttSection s : values()) {
            if (s.title.equalsIgnoreCase(name)) {
                return s;
            }
        }
        return UNKNOWN;
    }

    boolean isPhaseTable() {
        return this == PER_PROCESS || this == PER_DEVICE || this == ALL_DEVICES;
    }
}
