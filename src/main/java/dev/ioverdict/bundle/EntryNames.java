package dev.ioverdict.bundle;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Archive entry names as GNU tar judges them. A name is only ever a label here: bytes are written
 * to numbered files in the temporary folder, so no name becomes a path; still, a name that would
 * escape (absolute, '..'), hold a NUL or be too long is skipped with a warning rather than shown
 * as if it were an ordinary file of the bundle.
 */
final class EntryNames {
    static final int MAX_NAME = 4096;
    static final int MAX_COMPONENT = 255;

    private EntryNames() {
    }

    /** Why {@code name} is unsafe, or null when it is fine. */
    static String unsafe(String name) {
        if (name.indexOf('\0') >= 0) {
            return "its name holds a NUL byte";
        }
        if (name.length() > MAX_NAME) {
            return "its name is " + name.length() + " characters long (more than " + MAX_NAME + ")";
        }
        if (name.startsWith("/") || name.startsWith("\\") || name.length() >= 2 && name.charAt(1) == ':'
                && Character.isLetter(name.charAt(0))) {
            return "it is an absolute path";
        }
        for (String part : name.split("[/\\\\]")) {
            if (part.equals("..")) {
                return "its name climbs out of the archive with '..'";
            }
            if (part.getBytes(StandardCharsets.UTF_8).length > MAX_COMPONENT) {
                return "a part of its name is longer than " + MAX_COMPONENT + " bytes";
            }
        }
        return null;
    }

    /** {@code name} without "./" parts, doubled separators or a trailing '/'; "" when nothing is left. */
    static String clean(String name) {
        StringBuilder sb = new StringBuilder();
        for (String part : name.split("[/\\\\]")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (!sb.isEmpty()) {
                sb.append('/');
            }
            sb.append(part);
        }
        return sb.toString();
    }

    /**
     * Where a link named {@code target} leads, seen from folder {@code from} of the archive
     * ("" for its root): a clean name, or null when it leads out of the archive.
     */
    static String resolve(String from, String target) {
        if (target.startsWith("/") || target.indexOf('\0') >= 0) {
            return null;
        }
        Deque<String> parts = new ArrayDeque<>();
        for (String p : (from.isEmpty() ? target : from + "/" + target).split("/")) {
            if (p.isEmpty() || p.equals(".")) {
                continue;
            }
            if (p.equals("..")) {
                if (parts.isEmpty()) {
                    return null;
                }
                parts.removeLast();
            } else {
                parts.addLast(p);
            }
        }
        return String.join("/", parts);
    }

    static String parent(String name) {
        int slash = name.lastIndexOf('/');
        return slash < 0 ? "" : name.substring(0, slash);
    }
}
