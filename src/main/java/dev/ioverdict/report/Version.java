package dev.ioverdict.report;

/** The version stamped into the jar by Maven ({@code Implementation-Version}). */
public final class Version {
    private Version() {
    }

    public static String get() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
