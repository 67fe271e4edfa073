package dev.ioverdict.model.syscall;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** One syscall of one process over one input: count, errors, total/avg/max seconds (null when untimed). */
@JsonPropertyOrder({"source", "input", "pid", "comm", "name", "count", "errors", "total", "avg", "max"})
public record ProcessSyscallStat(String source, String input, Integer pid, String comm, String name, long count,
                                 long errors, Double total, Double avg, Double max) {
}
