package dev.ioverdict.parse.strace;

import dev.ioverdict.model.syscall.IoRequest;
import dev.ioverdict.parse.ChunkedLines;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A whole call on one line (nearly every line of a trace), or an unfinished/resumed pair whose two
 * lines fell in one chunk, decoded on a worker of a parallel reading: its leader and everything
 * the call says by itself. The start of a pair is a mark the reading thread ties to its pending
 * call; the resumption names that mark ({@link #partner}) and holds the whole call, used only if
 * the reading thread's pending call for the pid is the one that mark began. What depends on the lines before it
 * stays for the reading thread, in file order: the clock (a midnight passed, -r sums), the
 * descriptor table (paths and O_DIRECT of the I/O, the descriptors opened and closed: {@link #resolve}),
 * and whether the line continues a call wrapped over several lines or a -c table.
 */
final class DecodedCall {
    static final int NONE = Integer.MIN_VALUE;

    final int pid;
    /** For a resumption: the start of the pair it was joined to; null for a one-line call or a start. */
    final DecodedCall partner;
    /** A start of a pair: only its leader is set, and (on the worker) its text, for its resumption. */
    final boolean unfinished;
    private String started;
    final String comm;
    final StracePrefix.Clock clock;
    final double time;
    final String name;
    final Long ret;
    final String error;
    final String problem;
    final Double duration;
    final Integer nr;
    /** Paths as the call annotates them (-y), else null; O_DIRECT unknown: both from the table in order. */
    private final List<IoRequest> io;
    final List<Long> eventRes;
    private final int plainFd;
    private final int closedFd;
    private final int openedFd;
    private final String openedPath;
    private final Boolean openedDirect;

    /** The start of a pair: {@code text} is the call up to {@code <unfinished ...>}. */
    private DecodedCall(StracePrefix p, String text) {
        pid = p.pid;
        partner = null;
        unfinished = true;
        started = text;
        comm = p.comm;
        clock = p.clock;
        time = p.time;
        name = null;
        ret = null;
        error = null;
        problem = null;
        duration = null;
        nr = null;
        io = List.of();
        eventRes = List.of();
        plainFd = NONE;
        closedFd = NONE;
        openedFd = NONE;
        openedPath = null;
        openedDirect = null;
    }

    private DecodedCall(StracePrefix p, CallDecoder d, DecodedCall partner) {
        pid = p.pid;
        this.partner = partner;
        unfinished = false;
        comm = p.comm;
        clock = p.clock;
        time = p.time;
        name = d.name;
        ret = d.ret;
        error = d.error;
        problem = d.problem;
        duration = d.duration;
        nr = d.nr;
        io = d.io.isEmpty() ? List.of() : List.copyOf(d.io);
        eventRes = d.eventRes.isEmpty() ? List.of() : List.copyOf(d.eventRes);
        plainFd = d.plainFd == -2 ? NONE : d.plainFd;
        closedFd = d.closedFd == -2 ? NONE : d.closedFd;
        openedFd = d.openedFd == -2 ? NONE : d.openedFd;
        openedPath = d.openedPath;
        openedDirect = d.openedDirect;
    }

    /**
     * The call's I/O as a reading line by line gives it, looked up in {@code fds} as it stands
     * before this call; then the descriptor the call opens or closes is entered.
     */
    List<IoRequest> resolve(FdTable fds, int pid) {
        List<IoRequest> out = io;
        if (!io.isEmpty() && plainFd != NONE) {
            FdTable.Entry known = fds.lookup(pid, plainFd);
            if (known == null || !Boolean.TRUE.equals(known.direct())) {
                out = List.of();
            }
        }
        if (!out.isEmpty()) {
            List<IoRequest> resolved = new ArrayList<>(out.size());
            for (IoRequest r : out) {
                FdTable.Entry known = r.fd() < 0 ? null : fds.lookup(pid, r.fd());
                String path = r.path() != null ? r.path() : known == null ? null : known.path();
                resolved.add(new IoRequest(r.fd(), path, r.op(), r.nbytes(), r.offset(), known == null ? null : known.direct()));
            }
            out = resolved;
        }
        if (closedFd != NONE) {
            fds.closed(pid, closedFd);
        }
        if (openedFd != NONE) {
            fds.opened(pid, openedFd, openedPath, openedDirect);
        }
        return out;
    }

    /** The worker's side: null for every line that is not one whole call (the reading thread reads those itself). */
    static final class Decoder implements ChunkedLines.Decoder<DecodedCall> {
        private final int filePid;
        private final StracePrefix prefix = new StracePrefix();
        private final CallScanner scanner = new CallScanner();
        private final CallDecoder decoder = new CallDecoder(null);
        /** Starts of pairs met in this chunk, by pid, as the reading thread keeps them. */
        private final Map<Integer, DecodedCall> open = new HashMap<>();

        Decoder(int filePid) {
            this.filePid = filePid;
        }

        @Override
        public void chunkStart() {
            for (DecodedCall u : open.values()) {
                u.started = null;
            }
            open.clear();
        }

        @Override
        public DecodedCall decode(String line) {
            if (StraceSummaryTable.isHeader(line)) {
                return null;
            }
            prefix.parse(line);
            StraceFormat.RecordKind kind = StraceFormat.recordKind(line, prefix.content);
            int pid = prefix.pid >= 0 ? prefix.pid : Math.max(filePid, 0);
            if (kind == StraceFormat.RecordKind.RESUMED) {
                return resumed(line, pid);
            }
            if (kind == StraceFormat.RecordKind.EXIT) {
                forget(open.remove(pid));
            }
            if (kind != StraceFormat.RecordKind.CALL) {
                return null;
            }
            if (line.endsWith("<unfinished ...>")) {
                DecodedCall u = new DecodedCall(prefix, line.substring(prefix.content, line.length() - "<unfinished ...>".length()));
                forget(open.put(pid, u));
                return u;
            }
            scanner.reset(prefix.content);
            scanner.scan(line);
            if (!scanner.closed(line)) {
                return null;
            }
            if (!decoder.decode(line, prefix.content, scanner, pid, true)) {
                return null;
            }
            return new DecodedCall(prefix, decoder, null);
        }

        /** The pair joined as the reading thread joins it, when its start is in this chunk. */
        private DecodedCall resumed(String line, int pid) {
            DecodedCall u = open.remove(pid);
            if (u == null) {
                return null;
            }
            String text = u.started;
            u.started = null;
            int c = prefix.content;
            int mark = line.indexOf(" resumed>", c);
            int nameLength = mark - (c + 5);
            if (mark <= c + 5 || text.length() <= nameLength || text.charAt(nameLength) != '('
                    || !text.regionMatches(0, line, c + 5, nameLength)) {
                return null;
            }
            String joined = text.concat(line.substring(mark + " resumed>".length()));
            scanner.reset();
            scanner.scan(joined);
            if (!scanner.closed(joined) || !decoder.decode(joined, 0, scanner, pid, true)) {
                return null;
            }
            return new DecodedCall(prefix, decoder, u);
        }

        private static void forget(DecodedCall u) {
            if (u != null) {
                u.started = null;
            }
        }
    }
}
