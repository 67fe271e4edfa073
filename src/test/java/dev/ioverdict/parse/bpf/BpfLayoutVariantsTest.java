package dev.ioverdict.parse.bpf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.bpf.BioIo;
import dev.ioverdict.model.bpf.BiotopRow;
import dev.ioverdict.model.bpf.FsOp;
import dev.ioverdict.model.bpf.LatencyHistogram;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.ParseContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layouts the tools print that the recorded samples do not show, in the tools' own formats with
 * numbers of our own: commands and file names with blanks, biotop's screen clearing, the -j CSV of
 * ext4slower, bcc's older section lines, bpftrace's single-value and negative buckets.
 */
class BpfLayoutVariantsTest {
    @TempDir
    Path dir;

    private Facts parse(InputFormat format, String text, List<String> warnings) throws Exception {
        Path p = dir.resolve("sample.txt");
        Files.writeString(p, text);
        Facts facts = new Facts();
        ParseContext ctx = new ParseContext("sample.txt", facts);
        format.parse(new BundleFile("sample.txt", p, Files.size(p), false), ctx);
        ctx.summary(format.id(), "").warnings().forEach(w -> warnings.add(w.message()));
        return facts;
    }

    @Test
    void biosnoopCommandWithBlanksAndThePatternColumn() throws Exception {
        List<String> warnings = new java.util.ArrayList<>();
        String text = """
                TIME(s)     COMM           PID     DISK      T SECTOR     BYTES  P QUE(ms) LAT(ms)
                0.000000    Web Content    4211    nvme0n1   R 1142400    4096    S    0.01    0.55
                0.001200    fio            4300    nvme0n1   W 1142408    8192    R    0.02    1.25
                """;
        List<BioIo> ios = parse(new BiosnoopFormat(), text, warnings).all(BioIo.class);
        assertEquals(List.of(), warnings);
        assertEquals(2, ios.size());
        assertEquals("Web Content", ios.get(0).command());
        assertEquals(4211, ios.get(0).pid());
        assertEquals(0.55e-3, ios.get(0).latency(), 1e-12);
        assertEquals(0.02e-3, ios.get(1).queued(), 1e-12);
        assertEquals(8192, ios.get(1).bytes());
    }

    @Test
    void biosnoopLineThatFitsNoLayoutIsAWarningNotARecord() throws Exception {
        List<String> warnings = new java.util.ArrayList<>();
        String text = """
                TIME(s)     COMM           PID    DISK    T SECTOR     BYTES   LAT(ms)
                0.000004    supervise      1950   xvda1   W 13092560   4096       0.74
                0.000178    supervise      1950   xvda1   X 13092432   4096       0.61
                0.0001
                """;
        assertEquals(1, parse(new BiosnoopFormat(), text, warnings).all(BioIo.class).size());
        assertEquals(2, warnings.size(), warnings.toString());
    }

    @Test
    void biotopClearingTheScreen() throws Exception {
        List<String> warnings = new java.util.ArrayList<>();
        String text = "Tracing... Output every 1 secs. Hit Ctrl-C to end\n"
                + "\u001b[H\u001b[2J08:04:11 loadavg: 1.48 0.87 0.45 1/287 14547\n\n"
                + "PID     COMM             D MAJ MIN DISK       I/O  Kbytes     AVGms\n"
                + "14501   cksum            R 202 1   xvda1      361   28832      3.39\n"
                + "326     jbd2/xvda1-8     W 202 1   xvda1        3     168      3.00\n"
                + "\u001b[H\u001b[2J08:04:12 loadavg: 1.50 0.88 0.45 1/287 14548\n\n"
                + "PID     COMM             D MAJ MIN DISK       I/O  Kbytes     AVGms\n"
                + "14501   cksum            R 202 1   xvda1      300   24000      2.50\n";
        List<BiotopRow> rows = parse(new BiotopFormat(), text, warnings).all(BiotopRow.class);
        assertEquals(List.of(), warnings);
        assertEquals(List.of("08:04:11", "08:04:11", "08:04:12"), rows.stream().map(BiotopRow::interval).toList());
        assertEquals(661, rows.stream().filter(r -> r.pid() == 14501).mapToLong(BiotopRow::ios).sum());
    }

    @Test
    void ext4slowerCsvAndAFileNameWithBlanks() throws Exception {
        List<String> warnings = new java.util.ArrayList<>();
        String csv = """
                ENDTIME_us,TASK,PID,TYPE,BYTES,OFFSET_b,LATENCY_us,FILE
                127200712278,bash,17225,R,128,0,14329,cksum
                127200738482,cksum,17225,R,65536,131072,2419,libbfd-2.24-system.so
                """;
        List<FsOp> ops = parse(new FsSlowerFormat(), csv, warnings).all(FsOp.class);
        assertEquals(List.of(), warnings);
        assertEquals(2, ops.size());
        assertEquals(14.329e-3, ops.get(0).latency(), 1e-12);
        assertEquals(128, ops.get(1).offsetKb(), "131072 bytes");
        String spaced = """
                Tracing XFS operations slower than 1 ms
                TIME     COMM           PID    T BYTES   OFF_KB   LAT(ms) FILENAME
                06:23:06 my worker      32497  W 8192    1024        2.50 redo log 01.dbf
                """;
        FsOp op = parse(new FsSlowerFormat(), spaced, warnings).all(FsOp.class).get(0);
        assertEquals("my worker", op.command());
        assertEquals("redo log 01.dbf", op.file());
        assertEquals("write", op.operation());
        assertEquals(0.001, op.threshold(), 1e-12);
    }

    @Test
    void olderBccSectionsAndBpftraceBucketForms() throws Exception {
        List<String> warnings = new java.util.ArrayList<>();
        String bcc = """
                Tracing block device I/O... Hit Ctrl-C to end.

                Bucket ptr = b'sda'
                     usecs               : count     distribution
                         0 -> 1          : 3        |****                                    |
                         2 -> 3          : 30       |****************************************|
                """;
        LatencyHistogram h = parse(new BiolatencyFormat(), bcc, warnings).all(LatencyHistogram.class).get(0);
        assertEquals("disk", h.keyKind());
        assertEquals("sda", h.key());
        assertEquals(33, h.count());
        String bt = """
                Attaching 3 probes...
                Tracing block device I/O... Hit Ctrl-C to end.

                @usecs:
                (..., 0)               1 |                                                    |
                [0]                    2 |@                                                   |
                [1]                    5 |@@                                                  |
                [2, 4)                 7 |@@@                                                 |
                [1M, 2M)               3 |@                                                   |
                """;
        LatencyHistogram b = parse(new BiolatencyFormat(), bt, warnings).all(LatencyHistogram.class).get(0);
        assertEquals(List.of(), warnings);
        assertEquals(18, b.count());
        assertEquals(1e-6, b.buckets().get(2).low(), 1e-15);
        assertEquals(2e-6, b.buckets().get(2).high(), 1e-15, "[1] holds 1");
        assertEquals(1024 * 1024 * 1e-6, b.buckets().get(4).low(), 1e-9, "1M is 2^20");
        assertTrue(b.buckets().get(0).high() == 0, "below zero is counted at zero");
    }
}
