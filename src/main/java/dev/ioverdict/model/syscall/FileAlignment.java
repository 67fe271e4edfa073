package dev.ioverdict.model.syscall;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ioverdict.model.Evidence;
import java.util.List;
import java.util.Map;

/**
 * The I/O one trace showed against one file (path, else {@code fd N (pid P)}), per syscall
 * ({@code via}: io_submit, pwrite64 ...) and direction: how its sizes, offsets and whole requests
 * (the coarser of size and offset) fall into alignment classes: the largest of 512, 1K, 2K, 4K
 * that divides them, "larger" for multiples of 8 KiB, "<512" for none. {@code direct}: opened with
 * O_DIRECT (null: not seen). {@code fs*}: the filesystem the file lives on as far as the bundle
 * tells ({@code fsResolvedBy} says how, e.g. its mount point or the assumption made), and
 * {@code unalignedToFsBlock} the requests whose size or offset is not a multiple of its block
 * size (null when the block size is unknown). {@code examples}: captured calls with such requests.
 */
@JsonPropertyOrder({"source", "input", "file", "via", "op", "direct", "requests", "bytes", "minSize", "maxSize",
    "sizeClasses", "offsetClasses", "requestClasses", "unalignedTo4K", "fsType", "fsMount", "fsBlockSize",
    "fsResolvedBy", "unalignedToFsBlock"})
public record FileAlignment(String source, String input, String file, String via, String op, Boolean direct,
                            long requests, long bytes, long minSize, long maxSize, Map<String, Long> sizeClasses,
                            Map<String, Long> offsetClasses, Map<String, Long> requestClasses, String fsType,
                            String fsMount, Integer fsBlockSize, String fsResolvedBy, Long unalignedToFsBlock,
                            @JsonIgnore Evidence fsEvidence, @JsonIgnore List<Evidence> examples) {
    public static final List<String> CLASSES = List.of("<512", "512", "1K", "2K", "4K", "larger");

    public FileAlignment {
        examples = List.copyOf(examples);
    }

    /** The alignment class of a size or offset. */
    public static String classOf(long v) {
        if (v % 512 != 0) {
            return "<512";
        }
        if (v % 8192 == 0) {
            return "larger";
        }
        if (v % 4096 == 0) {
            return "4K";
        }
        if (v % 2048 == 0) {
            return "2K";
        }
        return v % 1024 == 0 ? "1K" : "512";
    }

    /** Requests not aligned to {@code block} bytes (a power of two up to 4096), from the request classes. */
    public long unalignedTo(int block) {
        return unalignedTo(requestClasses, block);
    }

    /** Requests of {@code classes} (alignment class -> count) not aligned to {@code block} bytes. */
    public static long unalignedTo(Map<String, Long> classes, int block) {
        long n = 0;
        for (Map.Entry<String, Long> e : classes.entrySet()) {
            if (alignmentOf(e.getKey()) < block) {
                n += e.getValue();
            }
        }
        return n;
    }

    /** The alignment a class guarantees, in bytes (1 for "<512"). */
    public static int alignmentOf(String cls) {
        return switch (cls) {
            case "512" -> 512;
            case "1K" -> 1024;
            case "2K" -> 2048;
            case "4K" -> 4096;
            case "larger" -> 8192;
            default -> 1;
        };
    }

    /** Requests not aligned to 4 KiB (XFS's default block size and the common page size). */
    @JsonProperty("unalignedTo4K")
    public long unalignedTo4K() {
        return unalignedTo(4096);
    }

    /** Whether these requests are direct I/O: opened O_DIRECT, or native AIO whose open the trace did not show. */
    @JsonIgnore
    public boolean likelyDirect() {
        return Boolean.TRUE.equals(direct) || (direct == null && via.equals("io_submit"));
    }
}
