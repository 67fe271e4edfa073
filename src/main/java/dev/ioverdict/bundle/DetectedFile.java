package dev.ioverdict.bundle;

import dev.ioverdict.parse.InputFormat;
import java.util.Optional;

/**
 * A bundle file with the format its content was recognised as (empty: unknown) and why;
 * {@code unreadable} when its bytes could not be read at all (the reason is in {@code because}).
 */
public record DetectedFile(BundleFile file, Optional<InputFormat> format, String because, boolean unreadable) {
    public DetectedFile(BundleFile file, Optional<InputFormat> format, String because) {
        this(file, format, because, false);
    }

    public String formatId() {
        return format.map(InputFormat::id).orElse("unknown");
    }
}
