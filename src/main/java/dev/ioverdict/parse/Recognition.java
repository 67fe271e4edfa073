package dev.ioverdict.parse;

/** How sure a format is that a file is one of its own (0 = not at all, 100 = certain) and why. */
public record Recognition(int score, String reason) {
    public static final Recognition NO = new Recognition(0, "");

    public static Recognition certain(String reason) {
        return new Recognition(100, reason);
    }

    public static Recognition likely(String reason) {
        return new Recognition(70, reason);
    }

    public static Recognition possible(String reason) {
        return new Recognition(40, reason);
    }

    public boolean matches() {
        return score > 0;
    }
}
