package dev.ioverdict.parse.perf;

import dev.ioverdict.model.perf.PerfEvent;
import dev.ioverdict.model.syscall.IoOp;
import dev.ioverdict.model.syscall.IoRequest;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.parse.OpenItems;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.text.Errno;
import dev.ioverdict.parse.text.Numbers;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Syscall tracepoints: {@code syscalls:sys_enter_X} / {@code sys_exit_X} (payload as
 * trace_syscalls.c prints it: {@code ctx_id: 0x7f.., nr: 0x00000001, iocbpp: 0x..} and {@code 0x1})
 * and {@code raw_syscalls:sys_enter} / {@code sys_exit} ({@code NR 209 (7f.., 1, ..)} and
 * {@code NR 209 = 1}). Pairs enter and exit per thread into {@link SyscallCall}s timed by their
 * tracepoint stamps. Where both families are recorded, a syscall seen through {@code syscalls:*}
 * is not counted again from {@code raw_syscalls:*}.
 */
final class SyscallTracepointHandler implements PerfEventHandler {
    private static final String SOURCE = "perf-script";

    /**
     * An enter waiting for its exit. A {@code syscalls:*} enter keeps its payload and reads the
     * few arguments it needs at its exit ({@code namedPayload}); a raw one keeps its numbers.
     */
    private record Enter(String name, long timeNs, long line, String text, List<Long> args, String namedPayload) {
    }

    /** What an event name stands for, found once per distinct name rather than per event. */
    private record Kind(int family, String call) {
    }

    private static final int NAMED_ENTER = 0;
    private static final int NAMED_EXIT = 1;
    private static final int RAW_ENTER = 2;
    private static final int RAW_EXIT = 3;

    /** Enters per thread awaiting their exit: bounded, a million threads may each leave one. */
    private final OpenItems<Enter> named = new OpenItems<>(Enter::line);
    private final OpenItems<Enter> raw = new OpenItems<>(Enter::line);
    private final Set<String> namedSeen = new HashSet<>();
    private final Map<String, Kind> kinds = new HashMap<>();

    @Override
    public boolean accepts(String event) {
        return event.startsWith("syscalls:sys_enter_") || event.startsWith("syscalls:sys_exit_")
                || event.equals("raw_syscalls:sys_enter") || event.equals("raw_syscalls:sys_exit");
    }

    @Override
    public void handle(PerfEvent e, ParseContext ctx) {
        Kind kind = kinds.get(e.event());
        if (kind == null) {
            kind = kind(e.event());
            kinds.put(e.event(), kind);
        }
        if (kind.family == NAMED_ENTER) {
            namedSeen.add(kind.call);
            named.put(e.tid(), new Enter(kind.call, e.timeNs(), e.line(), e.text(), List.of(), e.payload()));
        } else if (kind.family == NAMED_EXIT) {
            Enter in = named.remove(e.tid());
            if (in != null && in.name.equals(kind.call)) {
                String ret = e.payload().strip();
                emit(in, e, Numbers.parseLong(ret, 0, ret.length(), 0), ctx);
            }
        } else if (kind.family == RAW_ENTER) {
            Enter in = rawEnter(e);
            if (in != null && !namedSeen.contains(in.name)) {
                raw.put(e.tid(), in);
            }
        } else {
            Enter in = raw.remove(e.tid());
            String p = e.payload();
            int eq = p.indexOf("= ");
            if (in != null && eq > 0) {
                emit(in, e, Numbers.parseLong(p, eq + 2, p.length(), 0), ctx);
            }
        }
    }

    /** Enters still open at the end are left out, as before; those given up to the bound are told. */
    @Override
    public void finish(ParseContext ctx) {
        String consequence = "an exit that follows is passed over, as an exit whose enter was not recorded is";
        named.report(ctx, "syscalls:sys_enter events without their exit", consequence);
        raw.report(ctx, "raw_syscalls:sys_enter events without their exit", consequence);
    }

    private static Kind kind(String event) {
        if (event.startsWith("syscalls:sys_enter_")) {
            return new Kind(NAMED_ENTER, event.substring("syscalls:sys_enter_".length()));
        }
        if (event.startsWith("syscalls:sys_exit_")) {
            return new Kind(NAMED_EXIT, event.substring("syscalls:sys_exit_".length()));
        }
        return new Kind(event.equals("raw_syscalls:sys_enter") ? RAW_ENTER : RAW_EXIT, null);
    }

    private static void emit(Enter in, PerfEvent exit, long ret, ParseContext ctx) {
        Integer nr = null;
        List<IoRequest> io = List.of();
        switch (in.name) {
            case "io_submit" -> nr = intArg(in, "nr", 1);
            case "io_getevents", "io_pgetevents" -> nr = intArg(in, "min_nr", 1);
            case "pread64", "pwrite64" -> {
                Integer fd = intArg(in, "fd", 0);
                Long count = arg(in, "count", 2);
                Long pos = arg(in, "pos", 3);
                if (fd != null && count != null && pos != null) {
                    io = List.of(new IoRequest(fd, null, in.name.equals("pread64") ? IoOp.READ : IoOp.WRITE,
                            count, pos, null));
                }
            }
            default -> {
            }
        }
        String text = in.text == null || exit.text() == null ? null : in.text + "\n" + exit.text();
        ctx.emit(new SyscallCall(SOURCE, ctx.input(), in.line, exit.line(), text, exit.pid(), exit.tid(), exit.comm(),
                in.name, in.timeNs / 1e9, (exit.timeNs() - in.timeNs) / 1e9, ret, Errno.of(ret), nr, io, List.of()));
    }

    private static Long arg(Enter in, String name, int position) {
        if (in.namedPayload != null) {
            return namedArg(in.namedPayload, name);
        }
        return position < in.args.size() ? in.args.get(position) : null;
    }

    private static Integer intArg(Enter in, String name, int position) {
        Long v = arg(in, name, position);
        return v == null ? null : (int) (long) v;
    }

    /**
     * The value of argument {@code name} in {@code ctx_id: 0x7f.., nr: 0x00000001, iocbpp: 0x5645ade8ef10}
     * (the last one if repeated), or null.
     */
    static Long namedArg(String payload, String name) {
        Long found = null;
        int i = 0;
        int n = payload.length();
        while (i < n) {
            int colon = payload.indexOf(": ", i);
            if (colon < 0) {
                break;
            }
            int nameStart = i;
            while (nameStart < colon && payload.charAt(nameStart) == ' ') {
                nameStart++;
            }
            int comma = payload.indexOf(", ", colon);
            int end = comma < 0 ? n : comma;
            if (colon - nameStart == name.length() && sameAt(payload, nameStart, name)) {
                long v = Numbers.parseLong(payload, colon + 2, end, Long.MIN_VALUE);
                if (v != Long.MIN_VALUE) {
                    found = v;
                }
            }
            i = comma < 0 ? n : comma + 2;
        }
        return found;
    }

    /**
     * Whether {@code s} holds {@code name} at {@code from} (the caller knows it fits): names of two to
     * six characters, which a plain loop compares sooner than startsWith's vectorised mismatch starts.
     */
    private static boolean sameAt(String s, int from, String name) {
        for (int k = 0, n = name.length(); k < n; k++) {
            if (s.charAt(from + k) != name.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** {@code NR 209 (7f1e21527000, 1, 7ffd5d1b2f30, 0, 0, 0)}: the number and the hex arguments. */
    private static Enter rawEnter(PerfEvent e) {
        String p = e.payload();
        if (!p.startsWith("NR ")) {
            return null;
        }
        int open = p.indexOf('(');
        long nr = Numbers.parseLong(p, 3, open < 0 ? p.length() : open, -1);
        if (nr < 0) {
            return null;
        }
        java.util.ArrayList<Long> args = new java.util.ArrayList<>();
        if (open > 0) {
            int close = p.indexOf(')', open);
            int i = open + 1;
            int end = close < 0 ? p.length() : close;
            while (i < end) {
                int comma = p.indexOf(',', i);
                int to = comma < 0 || comma > end ? end : comma;
                while (i < to && p.charAt(i) == ' ') {
                    i++;
                }
                args.add(hex(p, i, to));
                i = to + 1;
            }
        }
        return new Enter(SyscallNumbers.name(nr), e.timeNs(), e.line(), e.text(), args, null);
    }

    /** raw_syscalls prints arguments in hex without a 0x. */
    private static long hex(String s, int from, int to) {
        long v = 0;
        for (int i = from; i < to; i++) {
            int d = Character.digit(s.charAt(i), 16);
            if (d < 0) {
                break;
            }
            v = (v << 4) | d;
        }
        return v;
    }
}
