package dev.ioverdict.parse.linuxki;

import dev.ioverdict.parse.SyscallTiming;
import dev.ioverdict.model.InputClock;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.parse.text.ConsoleNoise;
import java.io.IOException;
import java.util.List;

/**
 * LinuxKI text: kiinfo reports (-kipid per process, -kidsk, -kiwait, kparse sections) and
 * -kitrace ASCII records, alone or mixed in one file. Reports go through {@link KipidReader},
 * trace records through {@link KitraceReader}.
 */
public final class LinuxKiFormat extends TextFormat {
    private static final String[] REPORT_MARKERS = {
        "SCHEDULER ACTIVITY REPORT", "SYSTEM CALL REPORT", "PHYSICAL DEVICE REPORT", "Process Sleep stack traces",
        "Physical Device Statistics", "[Prev Subsection][Next Subsection]", "HARDCLOCK REPORT",
        "GLOBAL FUTEX REPORT", "FILE ACTIVITY REPORT", "NETWORK SOCKET ACTIVITY REPORT", "KI Binary Version",
    };

    public LinuxKiFormat() {
        super("linuxki", InputClock.KITRACE, "LinuxKI kiinfo reports (kipid, kidsk, kparse ...) and kitrace syscalls and block events; "
                + "the kiinfo header gives host, kernel and capture start; tables about something else than "
                + "I/O (hardclock, futex, socket, container, power) are counted with a \"no I/O data\" note",
                LinuxKiFormat::recognition);
    }

    @Override
    public SyscallTiming syscallTiming() {
        return SyscallTiming.KERNEL_TRACE;
    }

    private static Recognition recognition(Sample sample) {
        int records = 0;
        for (String line : sample.lines()) {
            String t = line.strip();
            if (t.startsWith("kiinfo (") || (t.startsWith("Command line:") && t.contains("kiinfo"))) {
                return Recognition.certain("kiinfo header '" + t + "'");
            }
            for (String m : REPORT_MARKERS) {
                if (line.contains(m)) {
                    return Recognition.certain("LinuxKI report section '" + m + "'");
                }
            }
            if (KitraceReader.isRecord(line)) {
                records++;
            }
        }
        if (records >= 2) {
            return Recognition.certain(records + " kitrace records '<secs> cpu=N pid=N <event>'");
        }
        return records == 1 ? Recognition.likely("a kitrace record '<secs> cpu=N pid=N <event>'") : Recognition.NO;
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        KipidReader report = new KipidReader(ctx);
        KitraceReader trace = new KitraceReader(ctx);
        long traceRecords = 0;
        String line;
        while ((line = in.next()) != null) {
            long no = in.number();
            if (KitraceReader.isRecord(line)) {
                traceRecords++;
                trace.start(line, no);
                continue;
            }
            if (ConsoleNoise.isCommentary(line)) {
                trace.flush();
                continue;
            }
            if (!line.isBlank() && trace.continuable()) {
                trace.continuation(line, no);
                continue;
            }
            trace.flush();
            report.line(line, no);
        }
        trace.finish();
        report.finish();
        long rows = report.rowsWithoutIo();
        if (rows > 0 && traceRecords == 0) {
            List<String> sections = report.tableSections();
            ctx.note("holds no I/O: " + rows + " rows of report tables about something else"
                    + (sections.isEmpty() ? "" : " (" + String.join(", ", sections) + ")"));
        }
    }
}
