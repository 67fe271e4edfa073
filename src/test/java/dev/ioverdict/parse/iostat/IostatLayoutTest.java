package dev.ioverdict.parse.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.parse.text.Tokens;
import dev.ioverdict.testing.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Headers as the tools' own format strings print them: columns are found by name, wherever they sit. */
class IostatLayoutTest {
    private static IostatLayout of(String header) {
        return IostatLayout.of(header, Tokens.split(header));
    }

    @Test
    void solaris2xExtendedDiskStatisticsWithTtyAndCpu() {
        // Solaris 2.5 iostat.c: "disk      r/s  w/s   Kr/s   Kw/s wait actv  svc_t  %%w  %%b " + " tin tout" + " us sy wt id"
        IostatLayout l = of("disk      r/s  w/s   Kr/s   Kw/s wait actv  svc_t  %w  %b  tin tout us sy wt id");
        assertEquals(IostatDialect.SOLARIS, l.columns().dialect());
        assertEquals(List.of("r/s", "w/s", "Kr/s", "Kw/s", "wait", "actv", "svc_t", "%w", "%b"), l.columns().names());
        assertEquals(0, l.deviceIndex());
        assertTrue(l.fits(10) && l.fits(16));
    }

    @Test
    void deviceLastWithDashN() {
        IostatLayout l = of("    r/s    w/s   kr/s   kw/s wait actv wsvc_t asvc_t  %w  %b device");
        assertEquals(10, l.deviceIndex());
        assertEquals(9, l.tokenOf(9));
    }

    @Test
    void sysstatLayoutsAcrossReleases() {
        assertEquals(IostatDialect.SYSSTAT_OLD, of("Device:         rrqm/s   wrqm/s     r/s     w/s   rsec/s   wsec/s "
                + "avgrq-sz avgqu-sz   await  svctm  %util").columns().dialect());
        assertEquals(IostatDialect.SYSSTAT_NEW, of("Device            r/s     w/s     rkB/s     wkB/s   rrqm/s   wrqm/s  "
                + "%rrqm  %wrqm r_await w_await aqu-sz rareq-sz wareq-sz  svctm  %util").columns().dialect());
        assertEquals(IostatDialect.SYSSTAT_NEW, of("Device             tps      kB/s    rqm/s   await  areq-sz  aqu-sz  "
                + "%util").columns().dialect());
    }

    @Test
    void basicIostatAndDeviceLast() {
        IostatLayout basic = of("Device:            tps   kB_read/s    kB_wrtn/s    kB_read    kB_wrtn");
        assertEquals(IostatDialect.SYSSTAT_OLD, basic.columns().dialect(), "sysstat 10's colon");
        assertEquals(List.of("tps", "kB_read/s", "kB_wrtn/s", "kB_read", "kB_wrtn"), basic.columns().names());
        IostatLayout pretty = of("     f/s f_await  aqu-sz  %util Device");
        assertEquals(4, pretty.deviceIndex());
        assertTrue(pretty.deviceLast());
        assertEquals(2.0, of("Device   tps  Blk_read/s  Blk_wrtn/s  Blk_read  Blk_wrtn").kBScale(1), 1e-12,
                "a kB is two 512-byte blocks");
        assertEquals(1.0 / 1024, of("Device   r/s  w/s  rMB/s  wMB/s  await  %util").kBScale(2), 1e-12);
    }

    @Test
    void otherTablesAreNotIostatHeaders() {
        assertNull(of("Device             tps    rtps   wtps"), "too few known columns");
        assertNull(of("avg-cpu:  %user   %nice %system %iowait  %steal   %idle"));
        assertNull(of(" us sy dt id"));
        assertNull(of("sda              0.00     0.00    0.00    0.00"));
    }

    /**
     * Rows are split and read in one pass when all their fields are plain decimals: that reading
     * must give what splitting and then reading gives, on every row of the recorded captures and on
     * each row with one character replaced by another the readers look at, at every place.
     */
    @Test
    void rowsReadInOnePassMatchSplitThenRead() throws Exception {
        List<Path> files;
        try (Stream<Path> all = Files.walk(TestData.root().resolve("testdata"))) {
            files = all.filter(p -> p.toString().contains("iostat") && p.toString().endsWith(".txt")).sorted().toList();
        }
        String odd = " -+.,k%9\t";
        int[] compared = {0, 0};
        for (Path file : files) {
            IostatLayout layout = null;
            int rows = 0;
            for (String line : new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).split("\n")) {
                List<String> tokens = Tokens.split(line);
                IostatLayout l = tokens.isEmpty() ? null : IostatLayout.of(line, tokens);
                if (l != null) {
                    layout = l;
                    rows = 0;
                    continue;
                }
                if (layout == null || tokens.isEmpty()) {
                    continue;
                }
                onePassAgrees(layout, line, compared);
                if (rows++ < 1) {
                    for (int at = 0; at < line.length(); at++) {
                        for (char c : odd.toCharArray()) {
                            onePassAgrees(layout, line.substring(0, at) + c + line.substring(at + 1), compared);
                        }
                    }
                }
            }
        }
        assertTrue(compared[0] > 1000 && compared[1] > 1000, "rows read in one pass, rows left to the split: "
                + Arrays.toString(compared));
    }

    private static void onePassAgrees(IostatLayout layout, String line, int[] compared) {
        int[] device = new int[2];
        double[] plain = layout.plainValues(line, device);
        if (plain == null) {
            compared[1]++;
            return;
        }
        compared[0]++;
        Tokens spans = new Tokens().of(line);
        double[] split = layout.values(line, spans);
        assertTrue(split != null, line);
        assertEquals(Arrays.toString(split), Arrays.toString(plain), line);
        for (int i = 0; i < split.length; i++) {
            assertEquals(Double.doubleToRawLongBits(split[i]), Double.doubleToRawLongBits(plain[i]), line);
        }
        int d = layout.deviceIndex();
        assertEquals(List.of(spans.start(d), spans.end(d)), List.of(device[0], device[1]), line);
    }
}
