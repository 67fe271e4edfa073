package dev.ioverdict.model.fio;

/**
 * One device of fio's disk statistics (normal output's "Disk stats (read/write):" block, JSON's
 * {@code disk_util}): I/Os, merges and ticks (milliseconds busy) per direction, in_queue and
 * util (percent of the run the device was busy), as the kernel's diskstats counted them over the
 * run. {@code under}: the device this one was listed under (a dm device's slaves), else null.
 */
public record FioDiskStats(String input, long line, String text, String device, long readIos, long writeIos,
                           long readMerges, long writeMerges, long readTicks, long writeTicks, long inQueue,
                           double util, String under) implements FioFact {
}
