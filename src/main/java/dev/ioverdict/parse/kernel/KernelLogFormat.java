package dev.ioverdict.parse.kernel;

import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.kernel.HungTask;
import dev.ioverdict.model.kernel.KernelEvent;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.LineSink;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.text.Excerpt;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The kernel log as dmesg ({@code [ 1108.791169] ...}), dmesg -T, journalctl -k / -u multipathd
 * and /var/log/messages or syslog write it. Every prefixed line is a record; the storage ones
 * become {@link KernelEvent}s ({@link StorageMessages} says which) and each hung-task report with
 * the call trace under it a {@link HungTask}. Lines without a log prefix are skipped with a
 * warning, journalctl's {@code -- ... --} markers silently, except in a log that has no time
 * stamps at all (2.6-era kernels without CONFIG_PRINTK_TIME, whose dmesg starts straight with the
 * message): there every line is a record without a time, recognised by its storage messages.
 */
public final class KernelLogFormat extends TextFormat {
    /** A call trace longer than this is cut: the frames that matter are the innermost. */
    private static final int MAX_FRAMES = 64;

    private final boolean quick;

    public KernelLogFormat() {
        this(true);
    }

    /**
     * {@code quick}: whether a dmesg line that can be no storage message is passed on its bytes
     * (its stamp read, no String made); false reads every line as text, for the tests that check
     * both readings give the same facts.
     */
    KernelLogFormat(boolean quick) {
        super("kernel-log", InputClock.KERNEL_LOG,
                "dmesg, dmesg -T, journalctl -k / -u multipathd, /var/log/messages, syslog: I/O errors, "
                + "timeouts, resets, path failures, filesystem errors, hung tasks with their stacks",
                KernelLogFormat::recognition);
        this.quick = quick;
    }

    /**
     * Most lines of a kernel log are no storage message: a plain dmesg line whose bytes hold none
     * of the words every storage form needs ({@link StorageMessages#mayClassify}) is counted with
     * its stamp read from the bytes and no String made; another plain dmesg line of ASCII has its
     * stamp from the bytes too and only its message read as text; any other line is read as text by
     * {@link Reader#line}, as all were before (other characters than ASCII, a line cut at the
     * limit, a prefix of another form).
     */
    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        Reader reader = new Reader(ctx);
        int max = ctx.maxLineLength();
        while (in.advance()) {
            if (quick && in.length() <= max && reader.stamped(in.bytes(), in.length())) {
                if (!reader.hungOpen() && !reader.mayMatter(in.bytes(), in.length())) {
                    reader.passed();
                    continue;
                }
                if (in.inBytes()) {
                    reader.plain(in.text(), in.number());
                    continue;
                }
            }
            String line = in.text();
            if (line.isBlank()) {
                reader.blank(in.number());
            } else {
                reader.line(line, in.number());
            }
        }
        reader.end();
    }

    /** Whether the message {@code b[from, n)} starts a hung task's report ({@code INFO: task ... blocked}). */
    static boolean startsHungTask(byte[] b, int from, int n) {
        return n - from >= 5 && b[from] == 'I' && b[from + 1] == 'N' && b[from + 2] == 'F' && b[from + 3] == 'O'
                && b[from + 4] == ':';
    }

    private static Recognition recognition(Sample sample) {
        int lines = sample.nonBlank().size();
        int dmesg = 0;
        int syslog = 0;
        boolean journalHeader = false;
        for (String line : sample.nonBlank()) {
            if (line.startsWith("-- Logs begin at ") || line.startsWith("-- Journal begins at ")) {
                journalHeader = true;
                continue;
            }
            LogPrefix p = LogPrefix.of(line);
            if (p == null) {
                continue;
            }
            if (p.tag() == null) {
                dmesg++;
            } else {
                syslog++;
            }
        }
        int prefixed = dmesg + syslog;
        if (prefixed == 0) {
            return bare(sample);
        }
        if (prefixed * 2 < lines) {
            return Recognition.NO;
        }
        String why = prefixed + " of " + lines + " lines with a "
                + (dmesg >= syslog ? "dmesg '[seconds]'" : "syslog 'Mon DD HH:MM:SS host tag:'") + " prefix"
                + (journalHeader ? " after a journalctl header" : "");
        return prefixed >= 3 || journalHeader ? new Recognition(90, why) : Recognition.possible(why);
    }

    /**
     * A log without time stamps: the kernel's storage messages ({@link StorageMessages}) in their
     * own wording, at least two, or a boot log's banner ({@code Linux version 2.6.18-...}) with one.
     */
    private static Recognition bare(Sample sample) {
        int storage = 0;
        boolean banner = false;
        for (String line : sample.nonBlank()) {
            String body = line.substring(LogPrefix.bare(line).bodyStart());
            banner |= body.startsWith("Linux version ") && body.contains("(gcc");
            if (StorageMessages.classify(body) != null) {
                storage++;
            }
        }
        if (storage >= 2 || banner && storage >= 1) {
            return Recognition.likely(storage + " kernel storage messages without time stamps (a 2.6-era dmesg)");
        }
        return Recognition.NO;
    }

    private static final class Reader implements LineSink {
        private final ParseContext ctx;
        private final DmesgStamp stamp = new DmesgStamp();
        /**
         * Whether the {@link #stamped} line's message may hold one of the words some storage forms
         * need ({@link StorageMessages#holdsWord}): true until {@link #mayMatter} has looked.
         */
        private boolean worded;
        private HungTaskBuilder hung;
        /** Whether the log so far has no time stamps: decided by its first line. */
        private Boolean bare;

        Reader(ParseContext ctx) {
            this.ctx = ctx;
        }

        /**
         * Whether {@code b[0, n)} is a dmesg line (after a {@code <4>} level or none) with a plain
         * stamp, read into {@link #stamp}, in a log that has stamps: a line {@link #line} would
         * take as such, whose record and time are then known here.
         */
        boolean stamped(byte[] b, int n) {
            if (bare != Boolean.FALSE || n == 0) {
                return false;
            }
            worded = true;
            int from = 0;
            if (b[0] == '<') {
                from = level(b, n);
                if (from < 0) {
                    return false;
                }
            }
            return stamp.read(b, from, n);
        }

        /** Whether a hung task's report is open: the next lines may be its own. */
        boolean hungOpen() {
            return hung != null;
        }

        /**
         * Whether the {@link #stamped} line's message may be a storage message or start a hung
         * task's report. The word scan runs first, on every message, since a message that starts
         * as a device's does and holds no word is then classified by its start alone.
         */
        boolean mayMatter(byte[] b, int n) {
            int from = stamp.body;
            worded = StorageMessages.holdsWord(b, from, n);
            return StorageMessages.mayClassify(worded, b, from, n) || startsHungTask(b, from, n);
        }

        /** The {@link #stamped} line counted, with its time (all a line that is no storage message gives). */
        void passed() {
            ctx.record();
            ctx.time(stamp.seconds);
        }

        /**
         * The {@link #stamped} line, all ASCII (so its bytes' indexes are its characters'), read as
         * {@link #line} reads it, its prefix from the stamp and made only for what is kept.
         */
        void plain(String line, long n) {
            passed();
            String body = line.substring(Math.min(stamp.body, line.length()));
            if (hung != null && hung.accept(n, line, body)) {
                return;
            }
            endHung();
            if (body.startsWith("INFO: task ") && body.contains(" blocked for more than ")) {
                hung = new HungTaskBuilder(n, line, body, prefix(line));
                return;
            }
            StorageMessages.Match m = StorageMessages.classify(body, worded);
            if (m != null) {
                emit(n, line, body, m, prefix(line));
            }
        }

        /** The {@link #stamped} line's prefix, as {@link LogPrefix#of} reads it (made for a line kept only). */
        private LogPrefix prefix(String line) {
            return new LogPrefix(stamp.body, stamp.seconds, null, "[" + line.substring(stamp.digits, stamp.close) + "]",
                    null);
        }

        private void emit(long n, String line, String body, StorageMessages.Match m, LogPrefix p) {
            ctx.emit(new KernelEvent(ctx.input(), n, line, m.kind(), m.device() == null || m.device().isEmpty()
                    ? null : m.device(), m.map(), p.uptime(), p.epoch(), p.timeText(), body.strip()));
        }

        /** After {@code <4>}: where {@link LogPrefix#of} reads on (the first '>' among the first five bytes), or -1. */
        private static int level(byte[] b, int n) {
            if (n <= 3) {
                return -1;
            }
            for (int i = 1; i <= 4 && i < n; i++) {
                if (b[i] == '>') {
                    return i + 1;
                }
            }
            return -1;
        }

        @Override
        public void line(String line, long n) {
            LogPrefix p = LogPrefix.of(line);
            if (bare == null) {
                bare = p == null && !line.startsWith("-- ");
            }
            if (p == null && bare) {
                p = LogPrefix.bare(line);
            }
            if (p == null) {
                endHung();
                if (!line.startsWith("-- ")) {
                    ctx.skip(n, "not a kernel log line: " + Excerpt.of(line));
                }
                return;
            }
            ctx.record();
            if (p.uptime() != null) {
                ctx.time(p.uptime());
            } else if (p.epoch() != null) {
                ctx.time(p.epoch());
            }
            String body = line.substring(Math.min(p.bodyStart(), line.length()));
            if (hung != null && hung.accept(n, line, body)) {
                return;
            }
            endHung();
            if (body.startsWith("INFO: task ") && body.contains(" blocked for more than ")) {
                hung = new HungTaskBuilder(n, line, body, p);
                return;
            }
            StorageMessages.Match m = StorageMessages.classify(body);
            if (m != null) {
                emit(n, line, body, m, p);
            }
        }

        @Override
        public void blank(long n) {
            endHung();
        }

        @Override
        public void end() {
            endHung();
        }

        private void endHung() {
            if (hung != null) {
                ctx.emit(hung.build(ctx.input()));
                hung = null;
            }
        }
    }

    /** Collects the lines under one {@code INFO: task ... blocked} message. */
    static final class HungTaskBuilder {
        private final long line;
        private final String text;
        private final String task;
        private final int pid;
        private final int seconds;
        private final LogPrefix prefix;
        private final List<String> frames = new ArrayList<>();
        private final List<Long> stackLines = new ArrayList<>();
        private final List<String> stackText = new ArrayList<>();
        private boolean trace;
        private int lines;

        HungTaskBuilder(long line, String text, String body, LogPrefix prefix) {
            this.line = line;
            this.text = text;
            this.prefix = prefix;
            String who = body.substring(11, body.indexOf(" blocked for more than "));
            int colon = who.lastIndexOf(':');
            this.task = colon > 0 ? who.substring(0, colon) : who;
            this.pid = colon > 0 ? parseInt(who.substring(colon + 1)) : -1;
            int s = body.indexOf(" blocked for more than ") + 23;
            int e = body.indexOf(' ', s);
            this.seconds = parseInt(e < 0 ? body.substring(s) : body.substring(s, e));
        }

        /** Whether the line belongs to this report (its header lines, the trace, register dumps). */
        boolean accept(long n, String line, String body) {
            String b = body.strip();
            if (b.startsWith("INFO: task ") || ++lines > 200) {
                return false;
            }
            if (b.startsWith("Call Trace:")) {
                trace = true;
                stackLines.add(n);
                stackText.add(line);
                return true;
            }
            if (!trace) {
                boolean header = b.startsWith("Not tainted") || b.startsWith("Tainted:") || b.startsWith("\"echo 0")
                        || b.startsWith("task:") || b.contains(" D ") || b.startsWith(task) || body.startsWith("      ");
                return header;
            }
            String frame = frame(b);
            if (frame != null) {
                if (!frame.isEmpty() && frames.size() < MAX_FRAMES) {
                    frames.add(frame);
                }
                stackLines.add(n);
                stackText.add(line);
                return true;
            }
            return b.startsWith("<TASK>") || b.startsWith("</TASK>") || b.startsWith("RIP:") || b.startsWith("RSP:")
                    || b.startsWith("RAX:") || b.startsWith("RDX:") || b.startsWith("RBP:") || b.startsWith("R10:")
                    || b.startsWith("R13:") || b.startsWith("Code:") || b.startsWith("<IRQ>") || b.startsWith("</IRQ>");
        }

        /**
         * The function of a trace line ({@code [<ffffffff8163a909>] schedule+0x29/0x70},
         * {@code [c0..] [c0..] io_schedule+0x2c/0x60}, {@code  ? __schedule+0x..} -> "" (unreliable),
         * {@code 0xc000001b9ab07540 (unreliable)} -> ""); null when it is not a trace line.
         */
        static String frame(String b) {
            int i = 0;
            while (i < b.length() && b.charAt(i) == '[') {
                int close = b.indexOf(']', i);
                if (close < 0) {
                    return null;
                }
                i = afterWhitespace(b, close + 1);
            }
            // read in place: a report's every trace line passes here, its pieces made only for a frame kept
            boolean unreliable = b.startsWith("? ", i);
            if (unreliable) {
                i += 2;
            }
            int space = b.indexOf(' ', i);
            int wordEnd = space < 0 ? b.length() : space;
            int plus = b.indexOf("+0x", i);
            if (plus > i && plus < wordEnd) {
                return unreliable ? "" : b.substring(i, plus);
            }
            return b.startsWith("0x", i) ? "" : null;
        }

        /** Where {@code s} goes on after the whitespace at {@code from} ({@link String#stripLeading}'s). */
        private static int afterWhitespace(String s, int from) {
            int i = from;
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            return i;
        }

        HungTask build(String input) {
            return new HungTask(input, line, text, task, pid, seconds, prefix.uptime(), prefix.timeText(), frames,
                    stackLines, stackText);
        }

        private static int parseInt(String s) {
            int v = 0;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c < '0' || c > '9') {
                    return i == 0 ? -1 : v;
                }
                v = v * 10 + (c - '0');
            }
            return v;
        }
    }
}
