package dev.ioverdict.parse.linuxki;

import dev.ioverdict.model.host.HostFact;
import dev.ioverdict.model.syscall.PhysicalDeviceStat;
import dev.ioverdict.model.syscall.SchedActivity;
import dev.ioverdict.model.syscall.SleepFunc;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.syscall.SyscallSummary;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.host.UnameLine;
import dev.ioverdict.parse.text.Excerpt;
import dev.ioverdict.parse.text.Tokens;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report side of kiinfo (-kipid, -kidsk, -kiwait, kparse): a state machine over its sections
 * (layouts: LinuxKI src/kiinfo/pid.c, dsk.c; FORMATS.md 5.4). Reads the SCHEDULER ACTIVITY REPORT
 * and SYSTEM CALL REPORT of each {@code PID n  cmd} block, PHYSICAL DEVICE / DEVICE-MAPPER rows
 * and sleep stack tables (with their wrapped continuation lines). Sections it does not analyse are
 * passed over quietly; a line inside an analysed table that fits none of its rows is reported,
 * unless a blank line already ended the table.
 */
final class KipidReader {
    enum Section { NONE, SCHED, SYSCALL, DEVICE, SLEEP_STACKS, TRACE_EVENTS, OTHER }

    private final ParseContext ctx;
    private final Tokens tok = new Tokens();
    private Section section = Section.NONE;
    /** A blank line passed since the section began: what no longer fits ends it quietly. */
    private boolean soft;
    private Integer pid;
    private String comm;
    private boolean stacksOfPid;

    private SchedBuilder sched;
    private SyscallBuilder syscall;
    private StackBuilder stack;
    private int deviceColumns;
    private final Map<String, String> deviceNames = new HashMap<>();
    /** A kiinfo header (command line, version, uname line) was read: its report tables follow. */
    private boolean header;
    private boolean unameSeen;
    /** Rows of tables kept only as counted rows, and the sections they sit in (the "no I/O data" note). */
    private long tableRows;
    private final List<String> tableSections = new ArrayList<>();
    private long ioFacts;

    KipidReader(ParseContext ctx) {
        this.ctx = ctx;
    }

    /** Handles one non-kitrace line. */
    void line(String line, long no) {
        if (line.isBlank()) {
            closeStack();
            soft = true;
            return;
        }
        if (headerLine(line, no) || banner(line, no)) {
            return;
        }
        boolean used = switch (section) {
            case SCHED -> schedLine(line, no);
            case SYSCALL -> syscallLine(line, no);
            case DEVICE -> deviceLine(line, no);
            case SLEEP_STACKS -> stackLine(line, no);
            case TRACE_EVENTS -> traceEventLine(line, no);
            case OTHER -> tableRow(line);
            case NONE -> !header || tableRow(line);
        };
        if (!used) {
            if (soft) {
                enter(Section.OTHER);
            } else {
                ctx.skip(no, "not a row of the " + section.name().toLowerCase().replace('_', ' ')
                        + " table: " + Excerpt.of(line));
            }
        }
    }

    void finish() {
        enter(Section.NONE);
    }

    /** Rows counted in report tables that hold nothing about I/O, when nothing else was read. */
    long rowsWithoutIo() {
        return ioFacts == 0 ? tableRows : 0;
    }

    /** The titles of the sections whose rows were only counted, in file order. */
    List<String> tableSections() {
        return tableSections;
    }

    /**
     * kiinfo's header: {@code Command line: kiinfo ...}, {@code kiinfo (5.3)}, {@code KI Binary Version 7},
     * the host's uname line and the capture's start ({@code Thu Apr 14 11:19:44 2016}). The uname line
     * and the start become host facts, as uname -a does.
     */
    private boolean headerLine(String line, long no) {
        if (section != Section.NONE) {
            return false;
        }
        String t = line.strip();
        if (t.startsWith("Command line:") || t.startsWith("kiinfo (") || t.startsWith("KI Binary Version")) {
            header = true;
            return true;
        }
        if (!unameSeen && t.startsWith("Linux ") && UnameLine.emit(ctx, no, t)) {
            unameSeen = true;
            header = true;
            ctx.record();
            return true;
        }
        if (header && isCaptureStart(t)) {
            ctx.emit(new HostFact("captured", t, ctx.input(), no, line));
            ctx.record();
            return true;
        }
        return false;
    }

    private static final List<String> DAYS = List.of("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun");

    /** asctime's {@code Thu Apr 14 11:19:44 2016}, as kiinfo prints the trace's start under its header. */
    private static boolean isCaptureStart(String t) {
        return t.length() >= 24 && t.length() <= 25 && DAYS.contains(t.substring(0, 3)) && t.charAt(3) == ' '
                && t.indexOf(':') > 0 && Character.isDigit(t.charAt(t.length() - 1))
                && Character.isDigit(t.charAt(t.length() - 4));
    }

    /**
     * A row of a table ioverdict does not analyse (hardclock profiles, futexes, sockets, containers,
     * power states): counted, so the inventory says what the file held, but not kept.
     */
    private boolean tableRow(String line) {
        tok.of(line);
        int numbers = 0;
        for (int i = 0; i < tok.count(); i++) {
            String w = tok.get(i);
            int end = w.endsWith("%") ? w.length() - 1 : w.length();
            if (end > 0 && !Double.isNaN(dev.ioverdict.parse.text.Numbers.parseDecimal(w, 0, end))) {
                numbers++;
            }
        }
        if (numbers >= 2) {
            tableRows++;
            ctx.record();
        }
        return true;
    }

    private void tableSection(String title) {
        String name = title.strip();
        while (name.startsWith("*")) {
            name = name.substring(1);
        }
        while (name.endsWith("*")) {
            name = name.substring(0, name.length() - 1);
        }
        name = name.strip();
        if (!name.isEmpty() && tableSections.size() < 8 && !tableSections.contains(name)) {
            tableSections.add(name);
        }
    }

    /** Section titles and PID headers; true when the line was one. */
    private boolean banner(String line, long no) {
        String t = line.strip();
        if (t.startsWith("[Prev Subsection]")) {
            return true; // kparse's navigation links between a section's title and its table
        }
        if ((t.startsWith("PID ") || t.startsWith("TID ")) && tok.of(t).count() >= 2 && tok.isInteger(1)) {
            enter(Section.NONE);
            pid = (int) tok.decimal(1);
            comm = tok.count() > 2 ? tok.rest(2).strip() : null;
            return true;
        }
        Section next = null;
        if (t.startsWith("*****") || t.endsWith("*****")) {
            if (t.contains("SCHEDULER ACTIVITY REPORT ") && !t.contains("GLOBAL") && !t.contains("PER-PID")) {
                next = Section.SCHED;
            } else if (t.contains("SYSTEM CALL REPORT")) {
                next = Section.SYSCALL;
            } else if (t.contains("PHYSICAL DEVICE REPORT") || t.contains("DEVICE-MAPPER REPORT")) {
                next = Section.DEVICE;
            } else {
                next = Section.OTHER;
            }
        } else if (t.equals("Physical Device Statistics") || t.equals("Mapper Device Statistics")) {
            next = Section.DEVICE;
        } else if (t.startsWith("Process Sleep stack traces")) {
            next = Section.SLEEP_STACKS;
            stacksOfPid = true;
        } else if (t.contains("Global Kernel sleep stacktraces") || t.contains("Global Kernel sleep stack traces")
                || t.startsWith("Globals switch stack traces")) {
            next = Section.SLEEP_STACKS;
            stacksOfPid = false;
        } else if (t.startsWith("Process RunQ stack traces") || t.startsWith("Multipath FC HBA Statistics")
                || t.startsWith("Kernel Functions calling sleep()") || t.startsWith("HARDCLOCK")
                || t.startsWith("Tasks woken up by") || t.startsWith("Tasks that have woken")
                || t.startsWith("Warning:")) {
            next = Section.OTHER;
        } else if (t.startsWith("Analyzing Pid:")) {
            traceEventsOf(t);
            next = Section.TRACE_EVENTS;
        } else if (isKparseTitle(t)) {
            next = Section.OTHER;
        }
        if (next == null) {
            return false;
        }
        if (next == Section.OTHER && !t.startsWith("Warning:")) {
            tableSection(t);
        }
        enter(next);
        if (next == Section.SCHED) {
            sched = new SchedBuilder(no, line);
        }
        return true;
    }

    /** kparse's numbered titles: {@code 1.1.3 Power Savings Report}, {@code 2.2.2 Top Threads ...}. */
    private static boolean isKparseTitle(String t) {
        int i = 0;
        int dots = 0;
        while (i < t.length() && (Character.isDigit(t.charAt(i)) || t.charAt(i) == '.')) {
            if (t.charAt(i) == '.') {
                dots++;
            }
            i++;
        }
        return dots >= 1 && i > 2 && i < t.length() - 1 && t.charAt(i) == ' ' && Character.isLetter(t.charAt(i + 1))
                && Character.isDigit(t.charAt(0));
    }

    // ---- kparse's "Trace Events of Top Processes": per process, one row per trace event type;
    // system calls carry their elapsed, max and average seconds and their errors

    private void traceEventsOf(String t) {
        tok.of(t);
        pid = tok.count() >= 3 && tok.isInteger(2) ? (int) tok.decimal(2) : null;
        int cmd = t.indexOf("cmd:");
        comm = cmd >= 0 ? t.substring(cmd + 4).strip() : null;
    }

    private boolean traceEventLine(String line, long no) {
        tok.of(line);
        if (tok.is(0, "Freq")) {
            return true;
        }
        if (tok.count() == 8 && tok.isInteger(0) && tok.isInteger(3) && tok.isFraction(4) && tok.isInteger(7)) {
            long count = (long) tok.decimal(0);
            ctx.emit(new SyscallSummary("linuxki", ctx.input(), no, line, pid, comm, tok.get(2), count,
                    (long) tok.decimal(7), tok.decimal(4), tok.decimal(6), tok.decimal(5), null, List.of(), null, null));
            ctx.record();
            ioFacts++;
            return true;
        }
        if (tok.count() >= 3 && tok.isInteger(0)) {
            tableRows++;
            ctx.record(); // an event type without call times (sys_enter, sched_switch, hardclock)
            return true;
        }
        return tok.is(0, "...");
    }

    private void enter(Section next) {
        closeStack();
        closeSyscall();
        if (sched != null) {
            ctx.emit(sched.build());
            ctx.record();
            ioFacts++;
            sched = null;
        }
        section = next;
        soft = false;
        deviceColumns = 0;
    }

    // ---- SCHEDULER ACTIVITY REPORT: "Label : value  Label2: value ..."

    private boolean schedLine(String line, long no) {
        int colon = line.indexOf(':');
        if (colon < 0 || sched == null) {
            return false;
        }
        int labelStart = 0;
        while (colon >= 0) {
            String label = line.substring(labelStart, colon).strip();
            int v = colon + 1;
            while (v < line.length() && line.charAt(v) == ' ') {
                v++;
            }
            int vEnd = line.indexOf(' ', v);
            if (vEnd < 0) {
                vEnd = line.length();
            }
            double value = dev.ioverdict.parse.text.Numbers.parseDecimal(line, v, vEnd);
            if (!label.isEmpty() && !Double.isNaN(value)) {
                sched.values.put(label, value);
            }
            labelStart = vEnd;
            colon = line.indexOf(':', vEnd);
        }
        return true;
    }

    private final class SchedBuilder {
        final long line;
        final String text;
        final Map<String, Double> values = new LinkedHashMap<>();

        SchedBuilder(long line, String text) {
            this.line = line;
            this.text = text;
        }

        SchedActivity build() {
            return new SchedActivity(ctx.input(), line, text, pid == null ? -1 : pid, comm, values);
        }
    }

    // ---- SYSTEM CALL REPORT: name row, then SLEEP / Sleep Func / RUNQ / CPU sub-rows

    private boolean syscallLine(String line, long no) {
        tok.of(line);
        if (line.contains("System Call Name")) {
            return true;
        }
        if (tok.is(0, "SLEEP") && tok.count() >= 5 && syscall != null) {
            syscall.sleep = tok.decimal(3);
            return true;
        }
        if (tok.is(0, "Sleep") && tok.is(1, "Func") && tok.count() >= 7 && syscall != null) {
            syscall.funcs.add(new SleepFunc(tok.rest(6).strip(), (long) tok.decimal(2), tok.decimal(3),
                    tok.decimal(4), tok.decimal(5)));
            return true;
        }
        if ((tok.is(0, "RUNQ") || tok.is(0, "CPU")) && tok.count() == 2 && syscall != null) {
            if (tok.is(0, "RUNQ")) {
                syscall.runq = tok.decimal(1);
            } else {
                syscall.cpu = tok.decimal(1);
            }
            return true;
        }
        if (tok.count() >= 6 && tok.isInteger(1) && tok.isFraction(2) && tok.isFraction(3) && tok.isFraction(4)
                && tok.isFraction(5) && Character.isLetter(line.charAt(tok.start(0)))) {
            closeSyscall();
            syscall = new SyscallBuilder(no, line, tok.get(0), (long) tok.decimal(1), tok.decimal(3),
                    tok.decimal(4), tok.decimal(5), tok.count() > 6 && tok.isInteger(6) ? (long) tok.decimal(6) : 0);
            return true;
        }
        // LiKI's Waker PID rows, AIO Reads/Writes and ioctl breakdowns sit deeper under a syscall
        return syscall != null && line.startsWith("       ");
    }

    private void closeSyscall() {
        if (syscall != null) {
            ctx.emit(syscall.build());
            ctx.record();
            ioFacts++;
            syscall = null;
        }
    }

    private final class SyscallBuilder {
        final long line;
        final String text;
        final String name;
        final long count;
        final double total;
        final double avg;
        final double max;
        final long errors;
        Double sleep;
        Double runq;
        Double cpu;
        final List<SleepFunc> funcs = new ArrayList<>();

        SyscallBuilder(long line, String text, String name, long count, double total, double avg, double max, long errors) {
            this.line = line;
            this.text = text;
            this.name = name;
            this.count = count;
            this.total = total;
            this.avg = avg;
            this.max = max;
            this.errors = errors;
        }

        SyscallSummary build() {
            return new SyscallSummary("linuxki", ctx.input(), line, text, pid, comm, name, count, errors, total, avg,
                    max, sleep, funcs, runq, cpu);
        }
    }

    // ---- PHYSICAL DEVICE / DEVICE-MAPPER: header, "0x00800010  /dev/sdb", "  0x00800010  w  numbers..."

    private boolean deviceLine(String line, long no) {
        tok.of(line);
        if (tok.is(0, "device") && line.contains("avque")) {
            deviceColumns = tok.count() - 2;
            return true;
        }
        if (tok.count() >= 2 && tok.get(0).startsWith("0x") && !isRw(tok, 1)) {
            deviceNames.put(tok.get(0), tok.get(1));
            return true;
        }
        if (deviceColumns == 0 || tok.count() < 2 || !isRw(tok, 1)) {
            return false;
        }
        int numbers = 0;
        while (2 + numbers < tok.count() && !Double.isNaN(tok.decimal(2 + numbers))) {
            numbers++;
        }
        boolean tail = 2 + numbers == tok.count() || tok.get(2 + numbers).startsWith("Aborted");
        if (numbers != deviceColumns || !tail || deviceColumns < 7) {
            ctx.skip(no, "device row with " + numbers + " values where the header has " + deviceColumns
                    + " columns: " + Excerpt.of(line));
            return true;
        }
        boolean full = deviceColumns >= 14;
        String devT = tok.get(0);
        ctx.emit(new PhysicalDeviceStat("linuxki", ctx.input(), no, line, pid, devT, deviceNames.getOrDefault(devT, devT),
                tok.get(1), tok.decimal(2), tok.decimal(3), tok.decimal(4), tok.decimal(5), tok.decimal(6),
                tok.decimal(7), tok.decimal(8), full ? (long) tok.decimal(9) : null, full ? tok.decimal(14) : null,
                full ? tok.decimal(15) : null));
        ctx.record();
        ioFacts++;
        return true;
    }

    private static boolean isRw(Tokens t, int i) {
        return t.is(i, "r") || t.is(i, "w") || t.is(i, "t");
    }

    // ---- sleep stack tables: "count wpct avg frame frame ... | user frames", wrapped lines continue a row

    private boolean stackLine(String line, long no) {
        tok.of(line);
        String first = tok.get(0);
        if (first.equals("count") || first.equals("%") || first.startsWith("=====")) {
            return true;
        }
        if (tok.count() >= 4 && tok.isInteger(0) && tok.isFraction(1) && tok.isFraction(2)) {
            closeStack();
            stack = new StackBuilder(no, line, (long) tok.decimal(0), tok.decimal(1), tok.decimal(2) / 1000);
            stack.add(tok, 3);
            return true;
        }
        if (stack != null && !soft && symbols(tok.of(line))) {
            stack.raw.append('\n').append(line);
            stack.lastLine = no;
            stack.add(tok.of(line), 0);
            return true;
        }
        return false;
    }

    /** Whether every word is a stack frame: a symbol, an address, {@code (null)} or the {@code |} divider. */
    private static boolean symbols(Tokens t) {
        for (int i = 0; i < t.count(); i++) {
            String w = t.get(i);
            if (w.equals("|") || w.equals("(null)")) {
                continue;
            }
            for (int k = 0; k < w.length(); k++) {
                char c = w.charAt(k);
                if (!(Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '$')) {
                    return false;
                }
            }
        }
        return t.count() > 0;
    }

    private void closeStack() {
        if (stack != null) {
            ctx.emit(stack.build());
            ctx.record();
            ioFacts++;
            stack = null;
        }
    }

    private final class StackBuilder {
        final long line;
        long lastLine;
        final StringBuilder raw = new StringBuilder();
        final long count;
        final double pct;
        final double avg;
        final List<String> frames = new ArrayList<>();
        boolean user;

        StackBuilder(long line, String text, long count, double pct, double avg) {
            this.line = line;
            this.lastLine = line;
            this.raw.append(text);
            this.count = count;
            this.pct = pct;
            this.avg = avg;
        }

        /** Kernel frames up to the {@code |} that separates them from the user stack. */
        void add(Tokens t, int from) {
            for (int i = from; i < t.count() && !user; i++) {
                if (t.is(i, "|")) {
                    user = true;
                } else {
                    frames.add(t.get(i));
                }
            }
        }

        SleepStack build() {
            return new SleepStack("linuxki", ctx.input(), line, raw.toString(), stacksOfPid ? pid : null,
                    stacksOfPid ? comm : null, frames, count, count * avg, avg, null, pct);
        }
    }
}
