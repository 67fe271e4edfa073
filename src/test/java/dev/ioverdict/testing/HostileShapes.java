package dev.ioverdict.testing;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Inputs of hostile shapes made of the tools' own line layouts, written as streams: many distinct
 * names (perf script with a process name per event pair), many devices (iostat -x), many pids
 * (strace -f with a pid per open/read pair), long tokens (a path, a process name and a device
 * name of any length) and long or deep JSON (lsblk -J). The sizes are parameters: the resource
 * test runs them small enough for CI, the full run ({@code -Dioverdict.hostile.full=true}, or
 * {@link #main} for a bench) at the sizes of issue 21. JDK only, so it also runs as a
 * single-file program: {@code java src/test/java/dev/ioverdict/testing/HostileShapes.java}.
 */
public final class HostileShapes {
    private HostileShapes() {
    }

    /**
     * perf script of {@code names} processes, each with its own name and pid: a pwrite64 enter and
     * exit, and every tenth one a block I/O (queue, issue, complete) on 8,0. 100,000 names: 23 MB.
     */
    public static Path perfManyNames(Path dir, int names) throws IOException {
        Path f = Files.createDirectories(dir).resolve("perf-script.txt");
        try (Writer w = writer(f)) {
            long us = 1_000_000;
            long sector = 2048;
            for (int i = 0; i < names; i++) {
                String comm = String.format(Locale.ROOT, "worker-%06d", i);
                int pid = 1000 + i;
                w.write(perfHead(comm, pid, us) + "syscalls:sys_enter_pwrite64: fd: 0x00000003, buf: 0x7f00, count: 0x00001000, pos: 0x00000000\n");
                us += 40 + i % 7 * 10;
                w.write(perfHead(comm, pid, us) + "syscalls:sys_exit_pwrite64: 0x1000\n");
                if (i % 10 == 0) {
                    perfBlockIo(w, comm, pid, us, sector);
                    sector += 8;
                }
                us += 20;
            }
        }
        return f;
    }

    private static void perfBlockIo(Writer w, String comm, int pid, long us, long sector) throws IOException {
        w.write(perfHead(comm, pid, us + 1) + "block:block_bio_queue: 8,0 W " + sector + " + 8 [" + comm + "]\n");
        w.write(perfHead(comm, pid, us + 3) + "block:block_rq_issue: 8,0 W 4096 () " + sector + " + 8 0x2,0,4 [" + comm + "]\n");
        w.write(perfHead("swapper/0", 0, us + 250) + "block:block_rq_complete: 8,0 W () " + sector + " + 8 0x2,0,4 [0]\n");
    }

    private static String perfHead(String comm, int pid, long us) {
        return String.format(Locale.ROOT, "%16s %6d [000] %7d.%06d: ", comm, pid, us / 1_000_000, us % 1_000_000);
    }

    /** iostat -x -t of {@code devices} devices in {@code reports} reports: 100,000 devices, 3 reports: 58 MB. */
    public static Path iostatManyDevices(Path dir, int devices, int reports) throws IOException {
        Path f = Files.createDirectories(dir).resolve("iostat-x.txt");
        try (Writer w = writer(f)) {
            w.write("Linux 6.18.44 (vm) \t11/21/26 \t_x86_64_\t(2 CPU)\n\n");
            for (int r = 0; r < reports; r++) {
                iostatReportHead(w, r);
                for (int d = 0; d < devices; d++) {
                    iostatRow(w, String.format(Locale.ROOT, "sd%06d", d), d + r);
                }
                w.write("\n\n");
            }
        }
        return f;
    }

    private static void iostatReportHead(Writer w, int r) throws IOException {
        w.write(String.format(Locale.ROOT, "11/21/26 08:%02d:%02d\n", 34 + r / 60, r % 60));
        w.write("avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n");
        w.write("          23.45    0.02    5.51    0.73    0.04   70.25\n\n");
        w.write("Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util\n");
    }

    private static void iostatRow(Writer w, String device, int seed) throws IOException {
        double util = seed % 97;
        double await = 0.5 + seed % 31;
        w.write(String.format(Locale.ROOT,
                "%-12s %7.2f %9.2f %8.2f %6.2f %7.2f %8.2f %7.2f %9.2f %8.2f %6.2f %7.2f %8.2f %7.2f %9.2f %8.2f %6.2f %7.2f %8.2f %7.2f %7.2f %7.2f %6.2f\n",
                device, 10.0 + seed % 13, 80.0, 0.0, 0.0, await, 8.0, 5.0, 40.0, 0.0, 0.0, await, 8.0,
                0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.1 * (seed % 5), util));
    }

    /**
     * strace -f -ttT of {@code pids} processes, each opening its own file and reading it once:
     * two lines a pid (1,000,000 pids: 2,000,000 lines, 150 MB).
     */
    public static Path straceManyPids(Path dir, int pids) throws IOException {
        Path f = Files.createDirectories(dir).resolve("strace.txt");
        try (Writer w = writer(f)) {
            long us = 3_600_000_000L;
            for (int i = 0; i < pids; i++) {
                int pid = 100 + i;
                w.write(pid + " " + clock(us) + " openat(AT_FDCWD, \"/data/f" + i + "\", O_RDONLY|O_DIRECT) = 3 <0.000012>\n");
                us += 20;
                w.write(pid + " " + clock(us) + " pread64(3, \"\\0\\0\\0\\0\"..., 4096, 0) = 4096 <0.000" + (100 + i % 800) + ">\n");
                us += 20;
            }
        }
        return f;
    }

    /**
     * strace -f -ttT of {@code pids} processes that each read once and then leave a pread64
     * {@code <unfinished ...>} that is never resumed, but for the first {@code resumed} ones,
     * resumed at the end: two lines a pid (1,000,000 pids: 2,000,000 lines, 180 MB).
     */
    public static Path straceOpenCalls(Path dir, int pids, int resumed) throws IOException {
        Path f = Files.createDirectories(dir).resolve("strace.txt");
        try (Writer w = writer(f)) {
            long us = 3_600_000_000L;
            for (int i = 0; i < pids; i++) {
                int pid = 100 + i;
                w.write(pid + " " + clock(us) + " pread64(3, \"\\0\\0\\0\\0\"..., 4096, 0) = 4096 <0.000" + (100 + i % 800) + ">\n");
                us += 20;
                w.write(pid + " " + clock(us) + " pread64(3,  <unfinished ...>\n");
                us += 20;
            }
            for (int i = 0; i < resumed; i++) {
                w.write((100 + i) + " " + clock(us) + " <... pread64 resumed>\"\\0\"..., 4096, 4096) = 4096 <0.002000>\n");
                us += 20;
            }
        }
        return f;
    }

    /**
     * perf script of {@code tids} threads of fio that each enter pread64 and go to sleep in D state
     * (sched_switch with its kernel stack), and never exit the call nor run again: 1,000,000
     * threads, 480 MB.
     */
    public static Path perfOpenThreads(Path dir, int tids) throws IOException {
        Path f = Files.createDirectories(dir).resolve("perf-script.txt");
        try (Writer w = writer(f)) {
            long us = 1_000_000;
            for (int i = 0; i < tids; i++) {
                int tid = 1000 + i;
                w.write(perfHead("fio", tid, us) + "syscalls:sys_enter_pread64: fd: 0x00000003, buf: 0x7f00, count: 0x00001000, pos: 0x00000000\n");
                w.write(perfHead("fio", tid, us + 5) + "sched:sched_switch: prev_comm=fio prev_pid=" + tid
                        + " prev_prio=120 prev_state=D ==> next_comm=swapper/0 next_pid=0 next_prio=120\n"
                        + "\tffffffff821f5618 __schedule+0x618 ([kernel.kallsyms])\n"
                        + "\tffffffff821f6a12 io_schedule+0x42 ([kernel.kallsyms])\n"
                        + "\tffffffff8170c1d4 iomap_dio_rw+0x64 ([kernel.kallsyms])\n"
                        + "\tffffffff821ea011 do_syscall_64+0x71 ([kernel.kallsyms])\n\n");
                us += 10;
            }
        }
        return f;
    }

    /**
     * One bundle with long tokens in three formats beside ordinary data: strace opening a path of
     * {@code pathChars} characters and writing to it, perf script with a process of
     * {@code commChars} characters doing block I/O, iostat -x with a device of {@code deviceChars}.
     */
    public static Path longTokens(Path dir, int pathChars, int commChars, int deviceChars) throws IOException {
        Files.createDirectories(dir);
        String path = "/" + "p".repeat(Math.max(1, pathChars - 1));
        try (Writer w = writer(dir.resolve("strace-long.txt"))) {
            long us = 3_600_000_000L;
            for (int i = 0; i < 200; i++) {
                w.write("4242 " + clock(us) + " openat(AT_FDCWD, \"/data/ok" + i + "\", O_RDONLY) = 3 <0.000010>\n");
                us += 30;
                w.write("4242 " + clock(us) + " pread64(3, \"\\0\"..., 4096, 0) = 4096 <0.000500>\n");
                us += 600;
            }
            w.write("4242 " + clock(us) + " openat(AT_FDCWD, \"" + path + "\", O_WRONLY|O_CREAT, 0644) = 5 <0.000020>\n");
            for (int i = 0; i < 50; i++) {
                us += 900;
                w.write("4242 " + clock(us) + " pwrite64(5, \"x\"..., 512, " + i * 512 + ") = 512 <0.000800>\n");
            }
            us += 100;
            w.write("4242 " + clock(us) + " unlinkat(AT_FDCWD, \"" + path + "\", 0) = 0 <0.000040>\n");
        }
        String comm = "c".repeat(commChars);
        try (Writer w = writer(dir.resolve("perf-long.txt"))) {
            long us = 1_000_000;
            long sector = 4096;
            for (int i = 0; i < 200; i++) {
                String who = i % 2 == 0 && i < 10 ? comm : "fio"; // 5 I/Os of the long name: a few MB
                w.write(perfHead(who, 7000 + i % 2, us) + "syscalls:sys_enter_pwrite64: fd: 0x00000003, buf: 0x7f00, count: 0x00001000, pos: 0x00000000\n");
                perfBlockIo(w, who, 7000 + i % 2, us + 5, sector);
                w.write(perfHead(who, 7000 + i % 2, us + 300) + "syscalls:sys_exit_pwrite64: 0x1000\n");
                sector += 8;
                us += 400;
            }
        }
        String device = "d".repeat(deviceChars);
        try (Writer w = writer(dir.resolve("iostat-long.txt"))) {
            w.write("Linux 6.18.44 (vm) \t11/21/26 \t_x86_64_\t(2 CPU)\n\n");
            for (int r = 0; r < 5; r++) {
                iostatReportHead(w, r);
                iostatRow(w, device, 90 + r);
                iostatRow(w, "sda", r);
                w.write("\n\n");
            }
        }
        return dir;
    }

    /**
     * lsblk -J of about {@code bytes} bytes: {@code devices} disks each with partitions, the
     * last disk's children nested {@code depth} levels deep (a device stack no kernel builds).
     */
    public static Path lsblkJson(Path dir, long bytes, int depth) throws IOException {
        Path f = Files.createDirectories(dir).resolve("lsblk.json");
        try (Writer w = writer(f)) {
            w.write("{\n   \"blockdevices\": [\n");
            long written = 0;
            int i = 0;
            while (written < bytes) {
                String dev = String.format(Locale.ROOT,
                        "      {\"name\": \"sd%d\", \"maj:min\": \"8,%d\", \"rm\": false, \"size\": \"100G\", \"ro\": false, \"type\": \"disk\", \"mountpoints\": [null]},\n",
                        i, i % 1024);
                w.write(dev);
                written += dev.length();
                i++;
            }
            w.write("      {\"name\": \"deep\", \"type\": \"disk\", \"children\": [");
            for (int d = 0; d < depth; d++) {
                w.write("{\"name\": \"deep" + d + "\", \"type\": \"part\", \"children\": [");
            }
            for (int d = 0; d < depth; d++) {
                w.write("]}");
            }
            w.write("]}\n   ]\n}\n");
        }
        return f;
    }

    private static String clock(long us) {
        long s = us / 1_000_000;
        return String.format(Locale.ROOT, "%02d:%02d:%02d.%06d", s / 3600 % 24, s / 60 % 60, s % 60, us % 1_000_000);
    }

    private static Writer writer(Path f) throws IOException {
        return new BufferedWriter(Files.newBufferedWriter(f, StandardCharsets.UTF_8), 1 << 16);
    }

    /**
     * The full-size shapes of issue 21 into one folder per bundle, for a bench:
     * {@code java src/test/java/dev/ioverdict/testing/HostileShapes.java OUT [perf|iostat|tokens|strace|strace-open|perf-open|lsblk]...}
     * (run from the repository's root: the long tokens sit beside testdata/xfs-aligned-4k's capture).
     */
    public static void main(String[] args) throws IOException {
        Path out = Path.of(args.length > 0 ? args[0] : "hostile-shapes");
        java.util.Set<String> only = java.util.Set.of(args);
        java.util.function.Predicate<String> want = k -> args.length < 2 || only.contains(k);
        if (want.test("perf")) {
            perfManyNames(out.resolve("perf-100k-names"), 100_000);
        }
        if (want.test("iostat")) {
            iostatManyDevices(out.resolve("iostat-100k-devices"), 100_000, 3);
        }
        if (want.test("tokens")) {
            Path tokens = longTokens(out.resolve("long-tokens"), 1 << 20, 200 * 1024, 100 * 1024);
            // beside a real capture (run from the repository's root), as the 11 MB bundle was
            Path real = Path.of("testdata/xfs-aligned-4k/bundle");
            if (Files.isDirectory(real)) {
                try (var files = Files.list(real)) {
                    for (Path p : (Iterable<Path>) files::iterator) {
                        Files.copy(p, tokens.resolve(p.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        }
        if (want.test("strace")) {
            straceManyPids(out.resolve("strace-1m-pids"), 1_000_000);
        }
        if (want.test("strace-open")) {
            straceOpenCalls(out.resolve("strace-1m-unfinished"), 1_000_000, 10);
        }
        if (want.test("perf-open")) {
            perfOpenThreads(out.resolve("perf-1m-open-threads"), 1_000_000);
        }
        if (want.test("lsblk")) {
            lsblkJson(out.resolve("lsblk-400mb"), 400L << 20, 2_000);
        }
        System.out.println("written under " + out);
    }
}
