package dev.ioverdict.pipeline;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Case ids that are safe as one folder name under the batch output: letters, digits, '.', '-' and
 * '_' only (no separator, control character, ':' or leading dot, so never ".", ".." or a URL
 * scheme), no Windows reserved name, at most {@link #MAX} characters, and unique in the batch
 * (compared without case; a collision gets "-2", "-3" ... in source order).
 */
public final class CaseIds {
    static final int MAX = 100;
    private static final Pattern RESERVED = Pattern.compile("(?i)(con|prn|aux|nul|com[0-9]|lpt[0-9])(\\..*)?");

    private CaseIds() {
    }

    /** {@code name} made safe as a folder name; never empty. */
    public static String safe(String name) {
        StringBuilder sb = new StringBuilder();
        name.codePoints().forEach(c -> {
            boolean ok = c < 128 ? Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_'
                    : Character.isLetterOrDigit(c);
            sb.append(ok ? Character.toString(c) : "_");
        });
        String s = sb.toString();
        if (s.startsWith(".")) {
            s = "_" + s.substring(1);
        }
        if (s.isEmpty()) {
            s = "case";
        }
        if (RESERVED.matcher(s).matches()) {
            s = "_" + s;
        }
        if (s.length() > MAX) {
            s = s.substring(0, MAX);
        }
        return s;
    }

    /** A safe, unique id for each source, in the order given. */
    public static Map<Path, String> assign(List<Path> sources) {
        Map<Path, String> ids = new LinkedHashMap<>();
        Set<String> taken = new HashSet<>();
        for (Path p : sources) {
            String base = safe(CaseCompiler.defaultCaseId(p));
            String id = base;
            for (int n = 2; !taken.add(id.toLowerCase(Locale.ROOT)); n++) {
                id = base + "-" + n;
            }
            ids.put(p, id);
        }
        return ids;
    }
}
