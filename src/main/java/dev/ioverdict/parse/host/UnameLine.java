package dev.ioverdict.parse.host;

import dev.ioverdict.model.host.HostFact;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.text.Tokens;
import java.util.List;

/**
 * {@code uname -a}: {@code Linux HOST RELEASE #VERSION... ARCH [ARCH ARCH] GNU/Linux}; Solaris'
 * {@code SunOS HOST 5.11 11.4.0.15.0 i86pc i386 i86pc}. LinuxKI prints the same line in its headers.
 */
public final class UnameLine {
    private UnameLine() {
    }

    /** {sysname, host, release, arch} or null when the line is not uname -a output. */
    public static String[] parse(String line) {
        String s = line.strip();
        if (!s.startsWith("Linux ") && !s.startsWith("SunOS ")) {
            return null;
        }
        List<String> t = Tokens.split(s);
        if (t.size() < 4) {
            return null;
        }
        String release = t.get(2);
        if (release.isEmpty() || !Character.isDigit(release.charAt(0)) || release.indexOf('.') < 0) {
            return null;
        }
        if (t.get(0).equals("SunOS")) {
            return new String[] {"SunOS", t.get(1), release, t.size() > 5 ? t.get(5) : null};
        }
        if (!t.get(3).startsWith("#") || !t.get(t.size() - 1).equals("GNU/Linux") && !t.contains("GNU/Linux")) {
            return null;
        }
        int gnu = t.indexOf("GNU/Linux");
        String arch = gnu > 0 ? t.get(gnu - 1) : null;
        return new String[] {"Linux", t.get(1), release, arch};
    }

    /** Emits hostname, kernel, os (the kernel name) and arch of a uname line; false when it is not one. */
    public static boolean emit(ParseContext ctx, long n, String line) {
        String[] u = parse(line);
        if (u == null) {
            return false;
        }
        ctx.emit(new HostFact("hostname", u[1], ctx.input(), n, line));
        ctx.emit(new HostFact("kernel", u[2], ctx.input(), n, line));
        ctx.emit(new HostFact("os", u[0], ctx.input(), n, line));
        if (u[3] != null) {
            ctx.emit(new HostFact("arch", u[3], ctx.input(), n, line));
        }
        return true;
    }
}
