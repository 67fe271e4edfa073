package dev.ioverdict.model.kernel;

import dev.ioverdict.model.Fact;

/** A fact of the kernel log: a storage message, or a hung task with its stack. */
public sealed interface KernelFact extends Fact permits KernelEvent, HungTask {
}
