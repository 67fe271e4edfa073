package dev.ioverdict.testing;

import java.util.SplittableRandom;

/**
 * The seed of a randomised test. Each run draws a new one, unless {@code -DPROPERTY=N} names it,
 * which replays that run exactly. The seed is printed and goes into the name of every test made
 * from it ({@link #tag()}), so a failure, wherever it is reported, carries what replays it.
 */
public record TestSeed(String property, long value) {
    public static TestSeed of(String property, String test) {
        Long named = Long.getLong(property);
        TestSeed seed = new TestSeed(property, named != null ? named : new SplittableRandom().nextLong() & 0xffffffL);
        System.out.println(test + ": seed " + seed.value + " (replay: " + seed.replay(test) + ")");
        return seed;
    }

    /** The Maven command line that reruns {@code test} with this seed. */
    public String replay(String test) {
        return "./mvnw -B -ntp test -Dtest=" + test + " -D" + property + "=" + value;
    }

    /** Appended to a generated test's name. */
    public String tag() {
        return "[-D" + property + "=" + value + "]";
    }
}
