package dev.ioverdict.cli;

import dev.ioverdict.bundle.Limits;
import java.util.Locale;
import picocli.CommandLine.Option;

/** What one bundle may cost: the options behind {@link Limits}, each with its default. */
final class LimitsOption {
    @Option(names = "--max-extract", paramLabel = "SIZE",
            description = "Bytes an archive may expand to, nested archives included (suffix K, M, G; default 8G).")
    String maxExtract;

    @Option(names = "--max-ratio", paramLabel = "N",
            description = "Expanded bytes per compressed byte before an archive or compressed file is stopped "
                    + "(checked past 16 MiB; default 200).")
    Long maxRatio;

    @Option(names = "--max-entries", paramLabel = "N", description = "Archive entries read (default 20000).")
    Integer maxEntries;

    @Option(names = "--max-depth", paramLabel = "N", description = "Levels of archives inside the bundle that are opened, the bundle itself not counted "
                    + "(default 3: an archive in an archive in an archive in the bundle; 0: none).")
    Integer maxDepth;

    @Option(names = "--max-line-length", paramLabel = "N",
            description = "Characters of one line kept; the rest is cut and counted as a warning (default 4194304).")
    Integer maxLineLength;

    Limits limits() {
        Limits d = Limits.DEFAULT;
        long extract = maxExtract == null ? d.maxExtractedBytes() : size(maxExtract);
        try {
            return new Limits(extract, maxRatio == null ? d.maxRatio() : maxRatio,
                    maxEntries == null ? d.maxEntries() : maxEntries, maxDepth == null ? d.maxDepth() : maxDepth,
                    maxLineLength == null ? d.maxLineLength() : maxLineLength);
        } catch (IllegalArgumentException e) {
            throw new UserError(ExitCodes.USAGE, "--max-extract, --max-ratio and --max-entries must be at least 1, "
                    + "--max-depth at least 0, --max-line-length at least 80");
        }
    }

    static long size(String text) {
        return size(text, "--max-extract");
    }

    /** {@code text} as bytes (suffix K, M, G, T), or a usage error naming {@code option}. */
    static long size(String text, String option) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        if (t.endsWith("IB")) {
            t = t.substring(0, t.length() - 2);
        } else if (t.endsWith("B")) {
            t = t.substring(0, t.length() - 1);
        }
        if (!t.isEmpty()) {
            switch (t.charAt(t.length() - 1)) {
                case 'K' -> unit = 1L << 10;
                case 'M' -> unit = 1L << 20;
                case 'G' -> unit = 1L << 30;
                case 'T' -> unit = 1L << 40;
                default -> unit = 1;
            }
            if (unit > 1) {
                t = t.substring(0, t.length() - 1);
            }
        }
        try {
            long n = Long.parseLong(t.trim());
            if (n < 1 || n > Long.MAX_VALUE / unit) {
                throw new NumberFormatException();
            }
            return n * unit;
        } catch (NumberFormatException e) {
            throw new UserError(ExitCodes.USAGE, option + " " + text + ": not a size (e.g. 8G, 512M, 1000000)");
        }
    }
}
