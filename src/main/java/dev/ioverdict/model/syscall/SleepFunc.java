package dev.ioverdict.model.syscall;

/** A kernel function a syscall slept in (LinuxKI "Sleep Func" row): count, total/avg/max seconds. */
public record SleepFunc(String function, long count, double total, Double avg, Double max) {
}
