package dev.ioverdict.report;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * PDFBox writes its font cache to the user's home unless told otherwise ({@code pdfbox.fontcache});
 * a report run writes nothing outside its output and temporary folders, so the cache goes to a
 * temporary folder of this run, removed when the JVM exits. A user who set the property keeps it.
 */
final class FontCache {
    private static final String PROPERTY = "pdfbox.fontcache";

    private FontCache() {
    }

    static synchronized void keepOutOfHome() {
        if (System.getProperty(PROPERTY) != null) {
            return;
        }
        try {
            Path dir = Files.createTempDirectory("ioverdict-pdfbox-");
            File d = dir.toFile();
            d.deleteOnExit();
            // deleteOnExit runs in reverse order of registration: the file before its folder
            new File(d, ".pdfbox.cache").deleteOnExit();
            System.setProperty(PROPERTY, dir.toString());
        } catch (IOException e) {
            // no temporary folder: PDFBox then keeps its cache in memory only when it cannot write
            System.setProperty(PROPERTY, System.getProperty("java.io.tmpdir"));
        }
    }
}
