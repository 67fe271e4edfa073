package dev.ioverdict.parse.strace;

import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.parse.FloorProbe;
import dev.ioverdict.parse.Lines;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The floor probe's decode of strace (bench/floor-probe.sh): per line what {@link StraceFormat}'s
 * reading does for it with the production code (the line's {@link LineText}, its leader, its record
 * kind, the call scanned and decoded by {@link CallScanner} and {@link CallDecoder}, its evidence
 * String and its {@link SyscallCall}), the record then dropped. Left out, as the state machine's:
 * the clocks, -c tables, wrapped calls (none in a trace written to a file), skipped-line messages
 * and the emission. An unfinished call is held by pid within the chunk only, so a call split at a
 * chunk's seam is decoded from its resumption alone (as a trace attached mid-call is): each pair
 * still gives one record, as in production.
 */
final class StraceProbe implements FloorProbe.Work {
    private final LineText text = new LineText();
    private final StracePrefix prefix = new StracePrefix();
    private final CallDecoder decoder = new CallDecoder(new FdTable());
    private final CallScanner oneLine = new CallScanner();
    private final CallScanner joinedScanner = new CallScanner();
    private final LineText joined = new LineText();
    private final Map<Integer, Unfinished> unfinished = new HashMap<>();
    private final java.util.ArrayDeque<Unfinished> spare = new java.util.ArrayDeque<>();
    private long records;
    /** The last record made: held so it escapes, as an emitted one does. */
    SyscallCall last;
    private long lineNo;

    private static final class Unfinished {
        final LineText.Joined text = new LineText.Joined();
        final LineText.Joined raw = new LineText.Joined();
        String comm;
        Double time;
    }

    public static void main(String[] args) throws Exception {
        FloorProbe.main(args, StraceProbe::new, FloorProbe.Keeps.NOT_BLANK);
    }

    @Override
    public void chunk() {
        spare.addAll(unfinished.values());
        unfinished.clear();
    }

    @Override
    public void line(Lines in) {
        lineNo++;
        if (in.inBytes()) {
            text.bytes(in.bytes(), in.length());
        } else {
            text.chars(in.text());
        }
        if (text.isBlank()) {
            return;
        }
        prefix.parse(text);
        StraceFormat.RecordKind kind = StraceFormat.recordKind(text, prefix.content);
        int pid = Math.max(prefix.pid, 0);
        Double time = prefix.clock == StracePrefix.Clock.NONE ? null : prefix.time;
        if (kind == StraceFormat.RecordKind.CALL) {
            started(pid, time);
        } else if (kind == StraceFormat.RecordKind.RESUMED) {
            resumed(pid, time);
        }
    }

    private void started(int pid, Double time) {
        int from = prefix.content;
        if (text.endsWith("<unfinished ...>")) {
            Unfinished u = spare.isEmpty() ? new Unfinished() : spare.pop();
            u.text.clear();
            u.raw.clear();
            u.text.append(text, from, text.length() - "<unfinished ...>".length());
            u.raw.append(text, 0, text.length());
            u.comm = prefix.comm;
            u.time = time;
            Unfinished before = unfinished.put(pid, u);
            if (before != null) {
                spare.push(before);
            }
            return;
        }
        oneLine.reset(from);
        oneLine.scan(text);
        if (oneLine.closed(text)) {
            complete(text, from, oneLine, pid, prefix.comm, time, null, true);
        }
    }

    private void resumed(int pid, Double time) {
        int c = prefix.content;
        int mark = text.indexOf(" resumed>", c);
        if (mark <= c + 5) {
            return;
        }
        Unfinished u = unfinished.remove(pid);
        boolean argsComplete = u != null;
        if (u == null) {
            u = spare.isEmpty() ? new Unfinished() : spare.pop();
            u.text.clear();
            u.raw.clear();
            u.raw.append(text, 0, text.length());
            u.text.append(text, c + 5, mark).append('(');
            u.comm = prefix.comm;
            u.time = time;
        } else {
            u.raw.append('\n').append(text, 0, text.length());
        }
        u.text.append(text, mark + " resumed>".length(), text.length());
        LineText t = u.text.view(joined);
        joinedScanner.reset();
        joinedScanner.scan(t);
        if (joinedScanner.closed(t)) {
            complete(t, 0, joinedScanner, pid, u.comm, u.time, u.raw.toString(), argsComplete);
        }
        spare.push(u);
    }

    private void complete(LineText t, int from, CallScanner scanned, int pid, String comm, Double time, String raw,
                          boolean argsComplete) {
        if (!decoder.decode(t, from, scanned, pid, argsComplete)) {
            return;
        }
        SyscallCall call = new SyscallCall("strace", "probe", lineNo, lineNo, raw == null ? t.toString() : raw, pid, pid,
                comm, decoder.name, time, decoder.duration, decoder.ret, decoder.error, decoder.nr,
                decoder.io.isEmpty() ? List.of() : decoder.io, decoder.eventRes.isEmpty() ? List.of() : decoder.eventRes);
        records++;
        last = call; // escapes, as an emitted record does

    }

    @Override
    public long made() {
        return records;
    }
}
