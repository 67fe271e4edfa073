package dev.ioverdict.testing;

import dev.ioverdict.parse.InputFile;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Input files for parser tests: a real file named by its file name, or bytes under a name. */
public final class TestInputs {
    private TestInputs() {
    }

    public static InputFile of(Path file) {
        return new InputFile() {
            @Override
            public String path() {
                return file.getFileName().toString();
            }

            @Override
            public long size() {
                return file.toFile().length();
            }

            @Override
            public InputStream open() throws IOException {
                return Files.newInputStream(file);
            }
        };
    }

    public static InputFile of(String name, byte[] bytes) {
        return new InputFile() {
            @Override
            public String path() {
                return name;
            }

            @Override
            public long size() {
                return bytes.length;
            }

            @Override
            public InputStream open() {
                return new ByteArrayInputStream(bytes);
            }
        };
    }
}
