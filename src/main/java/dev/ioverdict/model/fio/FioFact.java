package dev.ioverdict.model.fio;

import dev.ioverdict.model.Fact;

/** A fact of a fio run: a job's results, a group's summary, a device's disk statistics, or a job file's options. */
public sealed interface FioFact extends Fact permits FioJob, FioJobFile, FioGroupStatus, FioDiskStats {
}
