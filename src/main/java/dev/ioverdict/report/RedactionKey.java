package dev.ioverdict.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The secret that makes --redact's pseudonyms: from {@code IOVERDICT_REDACT_KEY} (or the system
 * property {@code ioverdict.redact.key}) when set, so a team can share one; else the analyst's own,
 * made once at random in {@code $XDG_CONFIG_HOME/ioverdict/redact.key} (~/.config/...). Whoever
 * holds it could tell which host a pseudonym stands for by trying names; the report's reader cannot.
 */
public record RedactionKey(byte[] bytes, String id) {
    public static final String ENV = "IOVERDICT_REDACT_KEY";
    public static final String PROPERTY = "ioverdict.redact.key";

    public RedactionKey {
        bytes = bytes.clone();
    }

    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    /** A key from its text; its id is the first 8 hex digits of its SHA-256 (the key itself stays unknown). */
    public static RedactionKey of(String secret) {
        byte[] b = secret.strip().getBytes(StandardCharsets.UTF_8);
        try {
            return new RedactionKey(b, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b), 0, 4));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** The key as the environment gives it, else the analyst's key file (made on first use). */
    public static RedactionKey load() throws IOException {
        String given = System.getProperty(PROPERTY, System.getenv(ENV));
        if (given != null && !given.isBlank()) {
            return of(given);
        }
        Path file = keyFile();
        if (!Files.exists(file)) {
            Files.createDirectories(file.getParent());
            byte[] random = new byte[32];
            new SecureRandom().nextBytes(random);
            try {
                Files.createFile(file);
                try {
                    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
                } catch (UnsupportedOperationException e) {
                    // not a POSIX file system: the folder's own protection applies
                }
                Files.writeString(file, HexFormat.of().formatHex(random) + "\n", StandardCharsets.UTF_8);
            } catch (FileAlreadyExistsException e) {
                // made meanwhile by another run: use that one
            }
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        if (text.isBlank()) {
            throw new IOException(file + " is empty: delete it to make a new key, or set " + ENV);
        }
        return of(text);
    }

    static Path keyFile() {
        String xdg = System.getenv("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        return base.resolve("ioverdict").resolve("redact.key");
    }
}
