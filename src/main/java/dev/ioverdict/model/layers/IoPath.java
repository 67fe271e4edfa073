package dev.ioverdict.model.layers;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.block.BlockIo;

/**
 * One of the application's longest waits for I/O followed down to the device: the call as
 * captured ({@code call}), and the traced I/O it waited for with its phases and device path
 * ({@code io}, null when none could be tied to it). {@code match} says how the two were tied (one
 * clock and the completion inside the wait, or process and size across two clocks) or why not.
 */
@JsonPropertyOrder({"name", "pid", "comm", "duration", "call", "io", "match", "exact"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record IoPath(String name, int pid, String comm, double duration, Evidence call, BlockIo io, String match,
                     boolean exact) {
}
