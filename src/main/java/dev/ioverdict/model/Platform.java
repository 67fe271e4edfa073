package dev.ioverdict.model;

/**
 * The operating system a capture comes from, as far as its inputs tell: what the report may
 * advise (sysfs and blktrace on Linux, tunefs and /etc/system on Solaris) depends on it.
 */
public enum Platform {
    LINUX("Linux"),
    SOLARIS("Solaris");

    private final String label;

    Platform(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
