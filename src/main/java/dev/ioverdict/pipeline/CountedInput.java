package dev.ioverdict.pipeline;

import dev.ioverdict.parse.InputFile;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** An input whose reads are told to a {@link Progress}, for the bytes-read figure of a status line. */
record CountedInput(InputFile file, Progress progress) implements InputFile {
    @Override
    public String path() {
        return file.path();
    }

    @Override
    public long size() {
        return file.size();
    }

    @Override
    public InputStream open() throws IOException {
        return new FilterInputStream(file.open()) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    progress.read(1);
                }
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n > 0) {
                    progress.read(n);
                }
                return n;
            }

            @Override
            public long skip(long n) throws IOException {
                long skipped = super.skip(n);
                progress.read(skipped);
                return skipped;
            }
        };
    }
}
