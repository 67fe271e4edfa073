package dev.ioverdict.parse.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.parse.text.Tokens;
import java.util.List;
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
}
