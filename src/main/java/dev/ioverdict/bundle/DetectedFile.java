package dev.ioverdict.bundle;

import dev.ioverdict.parse.InputFormat;
import java.util.Optional;

/** A bundle file with the format its content was recognised as (empty: unknown) and why. */
public record DetectedFile(BundleFile file, Optional<InputFormat> format, String because) {
    public String formatId() {
        return format.map(InputFormat::id).orElse("unknown");
    }
}
