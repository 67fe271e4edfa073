package dev.ioverdict.parse;

import java.io.IOException;
import java.io.InputStream;

/** One file of a bundle, readable as often as needed (content already decompressed). */
public interface InputFile {
    /** Path inside the bundle, with '/' separators: the name evidence and warnings use. */
    String path();

    long size();

    InputStream open() throws IOException;
}
