package dev.ioverdict.parse.perf;

import dev.ioverdict.model.perf.PerfEvent;
import dev.ioverdict.model.syscall.IoOp;
import dev.ioverdict.model.syscall.IoRequest;
import dev.ioverdict.model.syscall.SyscallCall;
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

    private record Enter(String name, long timeNs, long line, String text, List<Long> args, Map<String, Long> named) {
    }

    private final Map<Integer, Enter> named = new HashMap<>();
    private final Map<Integer, Enter> raw = new HashMap<>();
    private final Set<String> namedSeen = new HashSet<>();

    @Override
    public boolean accepts(String event) {
        return event.startsWith("syscalls:sys_enter_") || event.startsWith("syscalls:sys_exit_")
                || event.equals("raw_syscalls:sys_enter") || event.equals("raw_syscalls:sys_exit");
    }

    @Override
    public void handle(PerfEvent e, ParseContext ctx) {
        String ev = e.event();
        if (ev.startsWith("syscalls:sys_enter_")) {
            String name = ev.substring("syscalls:sys_enter_".length());
            namedSeen.add(name);
            named.put(e.tid(), new Enter(name, e.timeNs(), e.line(), e.text(), List.of(), namedArgs(e.payload())));
        } else if (ev.startsWith("syscalls:sys_exit_")) {
            Enter in = named.remove(e.tid());
            String name = ev.substring("syscalls:sys_exit_".length());
            if (in != null && in.name.equals(name)) {
                long ret = Numbers.parseLong(e.payload().strip(), 0, e.payload().strip().length(), 0);
                emit(in, e, ret, ctx);
            }
        } else if (ev.equals("raw_syscalls:sys_enter")) {
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
        if (!in.named.isEmpty()) {
            return in.named.get(name);
        }
        return position < in.args.size() ? in.args.get(position) : null;
    }

    private static Integer intArg(Enter in, String name, int position) {
        Long v = arg(in, name, position);
        return v == null ? null : (int) (long) v;
    }

    /** {@code ctx_id: 0x7f.., nr: 0x00000001, iocbpp: 0x5645ade8ef10}. */
    static Map<String, Long> namedArgs(String payload) {
        Map<String, Long> out = new HashMap<>();
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
            long v = Numbers.parseLong(payload, colon + 2, end, Long.MIN_VALUE);
            if (v != Long.MIN_VALUE) {
                out.put(payload.substring(nameStart, colon), v);
            }
            i = comma < 0 ? n : comma + 2;
        }
        return out;
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
        return new Enter(SyscallNumbers.name(nr), e.timeNs(), e.line(), e.text(), args, Map.of());
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
