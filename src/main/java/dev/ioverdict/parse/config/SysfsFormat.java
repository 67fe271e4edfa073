package dev.ioverdict.parse.config;

import dev.ioverdict.model.config.QueueSetting;
import dev.ioverdict.model.config.SchedulerSetting;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * /sys/block/DEV/queue/* values in the shapes consultants collect them:
 * <ul>
 * <li>{@code grep . /sys/block/*}{@code /queue/*}: {@code /sys/block/sda/queue/nr_requests:128};</li>
 * <li>capture.sh's {@code path: value} lines: {@code /sys/block/loop0/queue/scheduler: [none] mq-deadline};</li>
 * <li>{@code head} / {@code echo $f; cat $f} dumps: a path line ({@code ==> PATH <==} or the bare path),
 *     then its value;</li>
 * <li>a copied scheduler file holding only {@code noop deadline [cfq]}; its device comes from the
 *     file's path in the bundle ({@code sys/block/sda/queue/scheduler}) or a device named in its file
 *     name ({@code sda.scheduler}), else it is unknown;</li>
 * <li>a copied single-value file ({@code sys/block/sdb/queue/nr_requests} holding {@code 128}). A lone
 *     number says nothing by itself, so this shape is recognised only from the file's path in the
 *     bundle, which must end in {@code block/DEV/queue/ATTRIBUTE}.</li>
 * </ul>
 * A scheduler value becomes a {@link SchedulerSetting}, every other value a {@link QueueSetting}
 * under its sysfs name.
 */
public final class SysfsFormat extends TextFormat {
    /** Queue attributes a copied single-value file may be recognised by (with its path as the only proof). */
    private static final Set<String> SINGLE_VALUE_ATTRIBUTES = Set.of("nr_requests", "rotational",
            "logical_block_size", "physical_block_size", "hw_sector_size", "max_sectors_kb", "max_hw_sectors_kb",
            "read_ahead_kb", "minimum_io_size", "optimal_io_size", "nomerges", "rq_affinity", "write_cache",
            "add_random", "iostats", "device/queue_depth");

    public SysfsFormat() {
        super("sysfs-scheduler", "`/sys/block/*/queue/*` values (also under a sosreport's `sys/devices/.../block/DEV/queue/`)",
                SysfsFormat::recognition);
    }

    private static Recognition recognition(Sample sample) {
        int nonBlank = 0;
        int dumpLines = 0;
        int strictElevatorLines = 0;
        boolean bracketsOrChoice = false;
        boolean afterPathLine = false;
        String single = null;
        for (String line : sample.lines()) {
            if (line.isBlank() || CommandLine.command(line) != null) {
                continue;
            }
            nonBlank++;
            single = nonBlank == 1 ? line : null;
            if (splitDumpLine(line) != null || pathLine(line) != null) {
                dumpLines++;
                afterPathLine = pathLine(line) != null;
                continue;
            }
            if (afterPathLine) {
                dumpLines++;
                afterPathLine = false;
                continue;
            }
            Elevators e = Elevators.parse(line, true);
            if (e != null) {
                strictElevatorLines++;
                bracketsOrChoice |= e.active() != null || e.available().size() > 1;
            }
        }
        if (nonBlank == 0) {
            return Recognition.NO;
        }
        if (dumpLines > 0 && dumpLines * 10 >= nonBlank * 8) {
            return Recognition.certain(dumpLines + " /sys/block/DEV/... value lines");
        }
        SysfsPath own = SysfsPath.parse(sample.fileName());
        if (own != null && single != null) {
            if (own.attribute().equals("scheduler") && Elevators.parse(single, false) != null) {
                return new Recognition(95, "a scheduler line in a file at " + own.device() + "/queue/scheduler");
            }
            if (SINGLE_VALUE_ATTRIBUTES.contains(own.attribute()) && single.strip().indexOf(' ') < 0) {
                return new Recognition(60, "one value in a file at " + own.device() + "/queue/" + own.attribute()
                        + " (recognised by its path: a lone value proves nothing)");
            }
        }
        if (strictElevatorLines == nonBlank) {
            return bracketsOrChoice
                    ? new Recognition(90, "only I/O scheduler names, the active one in brackets")
                    : Recognition.possible("a lone I/O scheduler name, no choice offered");
        }
        return Recognition.NO;
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        SysfsPath own = SysfsPath.parse(in.path());
        List<String[]> bare = new ArrayList<>();
        SysfsPath pending = null;
        String line;
        while ((line = in.nextNonBlank()) != null) {
            String[] dump = splitDumpLine(line);
            if (dump != null) {
                emit(SysfsPath.parse(dump[0]), dump[1], in.number(), line, ctx);
                pending = null;
                continue;
            }
            SysfsPath header = pathLine(line);
            if (header != null) {
                pending = header;
                continue;
            }
            if (pending != null) {
                emit(pending, line.strip(), in.number(), line, ctx);
                pending = null;
                continue;
            }
            if (CommandLine.command(line) != null || line.endsWith(": Is a directory")) {
                continue; // the consultant's command echo, grep's note on iosched/
            }
            bare.add(new String[] {Long.toString(in.number()), line});
        }
        emitBare(bare, own, in.path(), ctx);
    }

    /** Values without a path of their own: the file's path, or a device in its name, says whose they are. */
    private static void emitBare(List<String[]> bare, SysfsPath own, String path, ParseContext ctx) {
        if (bare.size() == 1 && own != null) {
            String[] b = bare.get(0);
            emit(own, b[1].strip(), Long.parseLong(b[0]), b[1], ctx);
            return;
        }
        String device = bare.size() == 1 ? SysfsPath.deviceInName(path) : null;
        for (String[] b : bare) {
            long number = Long.parseLong(b[0]);
            Elevators e = Elevators.parse(b[1], false);
            if (e == null) {
                ctx.skip(number, "neither a /sys/block path with its value nor a scheduler line");
                continue;
            }
            ctx.emit(new SchedulerSetting(device, e.active(), e.available(), ctx.input(), number, b[1]));
            ctx.record();
        }
    }

    private static void emit(SysfsPath where, String value, long number, String text, ParseContext ctx) {
        if (where.attribute().equals("scheduler")) {
            Elevators e = Elevators.parse(value, false);
            if (e == null) {
                ctx.skip(number, "scheduler value is not a list of elevator names: " + value);
                return;
            }
            ctx.emit(new SchedulerSetting(where.device(), e.active(), e.available(), ctx.input(), number, text));
        } else {
            ctx.emit(new QueueSetting(where.device(), where.attribute(), value, ctx.input(), number, text));
        }
        ctx.record();
    }

    /**
     * Splits {@code PATH:VALUE} or {@code PATH: VALUE} when PATH names a block device attribute;
     * null otherwise. The separator is the first ':' ending an attribute name, so a path through
     * /sys/dev/block/8:0/ keeps its colon.
     */
    static String[] splitDumpLine(String line) {
        String s = line.strip();
        int end = 0;
        while (end < s.length() && !Character.isWhitespace(s.charAt(end))) {
            end++;
        }
        String token = s.substring(0, end);
        if (!token.contains("sys/") || !token.contains("block/")) {
            return null;
        }
        for (int i = token.indexOf(':'); i >= 0; i = token.indexOf(':', i + 1)) {
            int slash = token.lastIndexOf('/', i);
            if (slash < 0 || slash + 1 >= i || !Character.isLetter(token.charAt(slash + 1))) {
                continue;
            }
            SysfsPath p = SysfsPath.parse(token.substring(0, i));
            if (p == null) {
                return null;
            }
            String value = (token.substring(i + 1) + s.substring(end)).strip();
            return new String[] {token.substring(0, i), value};
        }
        return null;
    }

    /** A line that is only a path, as {@code head} ({@code ==> PATH <==}) or {@code echo $f} prints it. */
    private static SysfsPath pathLine(String line) {
        String s = line.strip();
        if (s.startsWith("==>") && s.endsWith("<==")) {
            s = s.substring(3, s.length() - 3).strip();
        }
        if (s.indexOf(' ') >= 0 || !s.contains("sys/") || s.indexOf(':') >= 0 && splitDumpLine(s) != null) {
            return null;
        }
        return SysfsPath.parse(s);
    }
}
