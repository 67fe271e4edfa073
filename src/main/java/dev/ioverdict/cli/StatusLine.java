package dev.ioverdict.cli;

import dev.ioverdict.model.Figures;
import dev.ioverdict.pipeline.Progress;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * One status line on a terminal's stderr for work that takes a while: phase, bytes read of the
 * input at hand, estimated time left; for a batch the cases done and failed. Drawn only once the
 * work has run {@link #DELAY_MS} and then a few times a second, over itself ("\r", erase to the end
 * of the line); erased before any normal output line is printed ({@link #println}), so the two
 * never mix. Off, and nothing counted, when stderr is not a terminal or with --quiet.
 */
final class StatusLine implements Progress, AutoCloseable {
    /** Set by {@link Main#main} only: commands run in-process (tests) never draw. */
    static volatile boolean stderrIsTerminal;

    static final long DELAY_MS = Long.getLong("ioverdict.progress.after-ms", 2000);
    private static final long REFRESH_MS = 250;

    private final PrintWriter err;
    private final LongSupplier nanos;
    private final boolean on;
    private final int width;
    private final long started;
    private ScheduledExecutorService ticker;
    private boolean shown;

    private volatile Progress.Phase phase;
    private volatile String input = "";
    private volatile long inputSize;
    private volatile long inputStartRead;
    private volatile long total;
    private volatile long readingStarted = -1;
    private final java.util.concurrent.atomic.AtomicLong read = new java.util.concurrent.atomic.AtomicLong();
    private volatile int cases = -1;
    private volatile long casesStarted;
    private final java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger failed = new java.util.concurrent.atomic.AtomicInteger();

    StatusLine(PrintWriter err, LongSupplier nanos, boolean on, int width) {
        this.err = err;
        this.nanos = nanos;
        this.on = on;
        this.width = Math.max(40, width);
        this.started = nanos.getAsLong();
    }

    /** The status line of a command: drawing when stderr is a terminal and not {@code quiet}. */
    static StatusLine open(PrintWriter err, boolean quiet) {
        boolean on = !quiet && stderrIsTerminal && !"dumb".equals(System.getenv("TERM"));
        StatusLine s = new StatusLine(err, System::nanoTime, on, columns());
        if (on) {
            s.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "status-line");
                t.setDaemon(true);
                return t;
            });
            s.ticker.scheduleAtFixedRate(s::tick, REFRESH_MS, REFRESH_MS, TimeUnit.MILLISECONDS);
        }
        return s;
    }

    /** What the pipeline should report to: this line, or nothing at all when it is off. */
    Progress progress() {
        return on ? this : Progress.NONE;
    }

    /** Prints a normal output line, the status line erased first (and redrawn at the next refresh). */
    void println(PrintWriter out, String line) {
        synchronized (this) {
            erase();
            out.println(line);
            out.flush();
        }
    }

    @Override
    public void close() {
        if (ticker != null) {
            ticker.shutdownNow();
        }
        synchronized (this) {
            erase();
        }
    }

    private void tick() {
        if ((nanos.getAsLong() - started) / 1_000_000 < DELAY_MS) {
            return;
        }
        synchronized (this) {
            err.print("\r" + text() + "\u001b[K");
            err.flush();
            shown = true;
        }
    }

    private void erase() {
        if (shown) {
            err.print("\r\u001b[K");
            err.flush();
            shown = false;
        }
    }

    @Override
    public void phase(Progress.Phase p) {
        phase = p;
    }

    @Override
    public void inputs(long totalBytes) {
        total = totalBytes;
        read.set(0);
        readingStarted = nanos.getAsLong();
    }

    @Override
    public void input(String path, long size) {
        inputStartRead = read.get();
        inputSize = size;
        input = path;
    }

    @Override
    public void read(long bytes) {
        read.addAndGet(bytes);
    }

    @Override
    public void cases(int count) {
        cases = count;
        casesStarted = nanos.getAsLong();
    }

    @Override
    public void caseDone(boolean caseFailed) {
        done.incrementAndGet();
        if (caseFailed) {
            failed.incrementAndGet();
        }
    }

    /** The line as it would be drawn now (no control characters), at most the terminal's width. */
    String text() {
        long now = nanos.getAsLong();
        if (cases >= 0) {
            int d = done.get();
            String s = String.format(Locale.ROOT, "batch: %d of %d case(s) done, %d failed", d, cases, failed.get());
            return fit(s + left(now - casesStarted, d, cases));
        }
        Progress.Phase p = phase;
        if (p == null) {
            return fit("starting");
        }
        if (p != Progress.Phase.READING || readingStarted < 0) {
            return fit(p.label() + ", " + Figures.elapsed((now - started) / 1_000_000_000.0) + " so far");
        }
        long all = read.get();
        // a compressed input gives more bytes than its size on disk: never more than 100 %
        long ofInput = Math.min(all - inputStartRead, inputSize);
        long ofAll = Math.min(all, total);
        String figures = String.format(Locale.ROOT, ": %s of %s (%d%%)", Figures.progressBytes(ofInput),
                Figures.progressBytes(inputSize), inputSize == 0 ? 100 : ofInput * 100 / inputSize);
        return fit("reading ", input, figures + left(now - readingStarted, ofAll, total));
    }

    /** ", about 12 s left" from the share done in {@code elapsed}; nothing until it can be told. */
    static String left(long elapsedNanos, long doneUnits, long totalUnits) {
        if (doneUnits <= 0 || elapsedNanos < 500_000_000L || doneUnits >= totalUnits) {
            return "";
        }
        double seconds = elapsedNanos / 1e9 * (totalUnits - doneUnits) / doneUnits;
        return ", about " + Figures.elapsed(seconds) + " left";
    }

    private String fit(String line) {
        return fit(line, "", "");
    }

    /** head + name + tail within the width, the name shortened from its start when it must be. */
    private String fit(String head, String name, String tail) {
        int room = width - 1 - head.length() - tail.length();
        String cut = name.length() <= room ? name : room <= 3 ? "" : "..." + name.substring(name.length() - room + 3);
        String line = head + cut + tail;
        return line.length() < width ? line : line.substring(0, width - 1);
    }

    private static int columns() {
        try {
            return Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "80").strip());
        } catch (NumberFormatException e) {
            return 80;
        }
    }

    /** Whether this process's stderr is a terminal: where /proc tells (Linux), else whether there is a console. */
    static boolean detectTerminal() {
        Path fd = Path.of("/proc/self/fd/2");
        if (Files.isSymbolicLink(fd)) {
            try {
                return isTerminalDevice(Files.readSymbolicLink(fd).toString());
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }
        return System.console() != null;
    }

    static boolean isTerminalDevice(String target) {
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
    }
}
