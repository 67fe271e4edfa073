package dev.ioverdict.model.iostat;

import dev.ioverdict.model.Fact;

/**
 * One report's CPU line of Linux iostat ({@code avg-cpu:  %user ... %idle} and the values under it):
 * {@code busyPct} is the share of the CPUs' time not idle, neither in {@code %idle} nor in {@code %iowait}
 * (a CPU waiting for I/O is free to run anything). {@code sinceBoot}: the first report of a run, averaged
 * since boot.
 */
public record IostatCpu(String input, long line, String text, boolean sinceBoot, double busyPct) implements Fact {
}
