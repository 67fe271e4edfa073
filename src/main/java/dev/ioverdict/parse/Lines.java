package dev.ioverdict.parse;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A line reader that knows the current line number (1-based). Undecodable bytes become U+FFFD
 * rather than an exception: a customer's file is never refused for its encoding.
 */
public final class Lines implements Closeable {
    private final BufferedReader reader;
    private long number;

    public Lines(InputStream in) {
        this.reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    }

    public static Lines of(InputFile file) throws IOException {
        return new Lines(file.open());
    }

    /** The next line without its terminator, or null at the end. */
    public String next() throws IOException {
        String line = reader.readLine();
        if (line != null) {
            number++;
        }
        return line;
    }

    /** Number of the line last returned by {@link #next()}. */
    public long number() {
        return number;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
