package dev.ioverdict.model;

/**
 * How sure a finding is, apart from how bad it is (SpotBugs keeps rank and confidence apart too):
 * high when independent layers agree, lower when a figure rests on an assumption.
 */
public enum Confidence {
    HIGH, MEDIUM, LOW;

    /** The lower of two confidences. */
    public Confidence atMost(Confidence other) {
        return ordinal() >= other.ordinal() ? this : other;
    }
}
