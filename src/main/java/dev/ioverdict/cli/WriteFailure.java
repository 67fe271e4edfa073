package dev.ioverdict.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NotDirectoryException;

/** "could not write X: the reason", the reason in the user's words (no space, no permission, not a folder). */
final class WriteFailure {
    private WriteFailure() {
    }

    static String message(String what, IOException e) {
        return "could not write " + what + ": " + reason(e);
    }

    static String reason(IOException e) {
        if (e instanceof AccessDeniedException a) {
            return "permission denied" + (a.getFile() == null ? "" : " (" + a.getFile() + ")");
        }
        if (e instanceof FileAlreadyExistsException f) {
            return f.getFile() + " is a file, not a folder";
        }
        if (e instanceof NotDirectoryException n) {
            return n.getFile() + " is not a folder";
        }
        String m = e instanceof FileSystemException f && f.getReason() != null
                ? f.getReason() + (f.getFile() == null ? "" : " (" + f.getFile() + ")")
                : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (m.contains("No space left")) {
            return "no space left on the device" + (m.contains("(") ? m.substring(m.indexOf(" (")) : "");
        }
        if (m.contains("Not a directory")) {
            return "a file, not a folder, is in the way" + (m.contains("(") ? m.substring(m.indexOf(" (")) : "");
        }
        if (m.contains("Read-only file system")) {
            return "the file system is read-only";
        }
        return m;
    }

}
