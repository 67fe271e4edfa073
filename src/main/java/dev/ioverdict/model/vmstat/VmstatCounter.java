package dev.ioverdict.model.vmstat;

import dev.ioverdict.model.Fact;

/** One counter line of {@code vmstat -s}, e.g. {@code 126424 total name lookups (cache hits 96%)}. */
public record VmstatCounter(String input, long line, String text, String name, long value, Integer percent) implements Fact {
}
