package dev.ioverdict.model;

/**
 * What a parser emits: one record of one input, handed through {@link Facts} to the analyses.
 * The set is closed: every fact belongs to one family, a sealed interface in the family's package
 * that permits its records, so a switch over a family is checked for exhaustiveness. This type
 * itself cannot name the families in a {@code permits} clause (Java allows a sealed type to permit
 * subtypes of other packages only inside a named module, and ioverdict is not one); FactTest checks
 * instead that every fact is a record under one of the sealed families.
 */
public interface Fact {
}
