package dev.ioverdict.model.block;

import java.util.Locale;

/**
 * An event as blkparse's default output prints it (blkparse_fmt.c {@code process_default}), for
 * events read from binary blktrace files, whose evidence has no captured text. The sequence
 * number is the event's {@code line}. Unplug counts and split points are not kept in an event
 * and are left out.
 */
final class BlkparseLine {
    private BlkparseLine() {
    }

    static String of(BlockEvent e) {
        long secs = e.timeNs() / 1_000_000_000L;
        long nanos = e.timeNs() % 1_000_000_000L;
        StringBuilder sb = new StringBuilder(96);
        sb.append(String.format(Locale.ROOT, "%3d,%-3d %2d %8d %5d.%09d %5d %2s %3s ", e.major(), e.minor(), e.cpu(),
                e.line(), secs, nanos, e.pid(), e.action().letter(), e.rwbs()));
        String extent = e.sectors() > 0 ? Long.toUnsignedString(e.sector()) + " + " + e.sectors() : "";
        switch (e.action()) {
            case COMPLETE, REQUEUE -> sb.append(e.sectors() > 0 ? extent : Long.toUnsignedString(e.sector()))
                    .append(" [").append(e.error()).append(']');
            case REMAP -> sb.append(extent).append(" <- (").append(e.fromMajor()).append(',').append(e.fromMinor())
                    .append(") ").append(Long.toUnsignedString(e.fromSector()));
            case SPLIT -> sb.append(Long.toUnsignedString(e.sector())).append(" / ? [").append(e.comm()).append(']');
            case MESSAGE, OTHER -> {
            }
            default -> {
                if (!extent.isEmpty()) {
                    sb.append(extent).append(' ');
                }
                sb.append('[').append(e.comm()).append(']');
            }
        }
        return sb.toString();
    }
}
