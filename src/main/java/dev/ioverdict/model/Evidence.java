package dev.ioverdict.model;

/** One captured line that proves a finding: where it is and what it says, verbatim. */
public record Evidence(String input, long line, String text) {
    public String location() {
        return input + ":" + line;
    }
}
