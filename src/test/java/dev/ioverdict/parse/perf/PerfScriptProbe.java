package dev.ioverdict.parse.perf;

import dev.ioverdict.model.perf.PerfEvent;
import dev.ioverdict.parse.FloorProbe;
import dev.ioverdict.parse.Lines;
import dev.ioverdict.parse.text.Interner;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The floor probe's decode of perf script (bench/floor-probe.sh): per line what {@link
 * PerfScriptFormat}'s reading does for it with the production code (a call-chain line's symbol
 * found and interned, a header parsed from its bytes, its event's handler looked up, the text and
 * payload of a kept sample made, its {@link PerfEvent} built with its chain), the record then
 * dropped. Left out, as the state machine's and the analyses': the per-CPU clocks, the event counts
 * and the handlers' own work on each event (block, syscall and sched pairing). A chain cut at a
 * chunk's seam loses its frames before the seam; each header is still one record, as in production.
 */
final class PerfScriptProbe implements FloorProbe.Work {
    private final List<PerfEventHandler> handlers = PerfEventHandlers.fresh();
    private final Map<String, PerfEventHandler> byEvent = new HashMap<>();
    private final Interner names = new Interner(12);
    private final List<String> frames = new ArrayList<>();
    private PerfScriptFormat.Header pending;
    private long pendingLine;
    private List<String> stack;
    private long records;
    private long lineNo;
    /** The last record made: held so it escapes, as a dispatched one does. */
    PerfEvent last;

    public static void main(String[] args) throws Exception {
        // a header's text is the evidence a sample keeps; a chain line keeps only its interned symbol
        FloorProbe.main(args, PerfScriptProbe::new, (b, n) -> n > 0 && b[0] != '\t');
    }

    @Override
    public void chunk() {
        finish();
    }

    @Override
    public void line(Lines in) {
        lineNo++;
        boolean inBytes = in.inBytes();
        byte[] bytes = in.bytes();
        int length = in.length();
        if (inBytes && length > 0 && bytes[0] == '\t') {
            int at = PerfScriptFormat.tabFrameSymbol(bytes, length);
            if (at != PerfScriptFormat.NOT_A_FRAME) {
                if (pending != null && stack != null) {
                    if (at >= 0) {
                        stack.add(names.of(bytes, at, PerfScriptFormat.symbolEnd(bytes, length, at)));
                    } else if (at == PerfScriptFormat.UNKNOWN_SYMBOL) {
                        stack.add("[unknown]");
                    }
                }
                return;
            }
        }
        String line = inBytes ? null : in.text();
        if (inBytes ? length == 0 : line.isEmpty()) {
            return;
        }
        int kind = inBytes ? PerfScriptFormat.lineKind(bytes, length) : 0;
        boolean frame = inBytes ? kind == PerfScriptFormat.TAB_FRAME || kind == PerfScriptFormat.SPACE_FRAME
                : PerfScriptFormat.isFrame(line);
        if (frame && !(inBytes ? kind == PerfScriptFormat.TAB_FRAME : PerfScriptFormat.tabLed(line))) {
            line = in.text();
            frame = PerfScriptFormat.Header.parse(line) == null;
        }
        if (frame) {
            if (pending != null && stack != null) {
                String sym = inBytes ? PerfScriptFormat.frameSymbol(bytes, length, names)
                        : PerfScriptFormat.frameSymbol(line == null ? in.text() : line, names);
                if (sym != null) {
                    stack.add(sym);
                }
            }
            return;
        }
        if (inBytes ? kind == PerfScriptFormat.BLANK_OR_COMMENT : PerfScriptFormat.blankOrComment(line)) {
            return;
        }
        finish();
        PerfScriptFormat.Header h = inBytes ? PerfScriptFormat.Header.parse(bytes, length, names)
                : PerfScriptFormat.Header.parse(line, names);
        if (h == null) {
            return;
        }
        records++;
        PerfEventHandler handler = byEvent.get(h.event);
        if (handler == null) {
            handler = PerfScriptFormat.handlerOf(h.event, handlers);
            byEvent.put(h.event, handler);
        }
        if (handler == PerfScriptFormat.NONE || !h.hasTime() || h.payloadEmpty(length)) {
            return;
        }
        if (inBytes) {
            h.materialise(bytes, length);
        }
        pending = h;
        pendingLine = lineNo;
        stack = null;
        if (handler.wantsStacks()) {
            frames.clear();
            stack = frames;
        }
    }

    /** The sample held open becomes its record (as PerfScriptFormat's dispatch makes it, without handing it on). */
    private void finish() {
        if (pending != null) {
            PerfScriptFormat.Header h = pending;
            last = new PerfEvent("probe", pendingLine, h.comm, h.pid, h.tid, h.cpu, h.timeNs, h.event, h.payload,
                    stack == null ? List.of() : List.copyOf(stack), h.text);
            pending = null;
        }
    }

    @Override
    public long made() {
        finish();
        return records;
    }
}
