package dev.ioverdict.model.syscall;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The asynchronous I/O view of one process: time in io_submit against time in io_getevents
 * (io_pgetevents included), seconds. {@code submitSharePct}: io_submit's share of the two totals;
 * asynchronous I/O that works spends its waiting in io_getevents, not in io_submit.
 * {@code iocbs}: I/O requests the trace showed being submitted (null when it does not show them).
 */
@JsonPropertyOrder({"source", "input", "pid", "comm", "submits", "submitTotal", "submitAvg", "submitMax",
    "getevents", "geteventsTotal", "geteventsAvg", "geteventsMax", "submitSharePct", "iocbs"})
public record AioProcess(String source, String input, Integer pid, String comm, long submits, Double submitTotal,
                         Double submitAvg, Double submitMax, long getevents, Double geteventsTotal,
                         Double geteventsAvg, Double geteventsMax, Double submitSharePct, Long iocbs) {
}
