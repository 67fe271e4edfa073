package dev.ioverdict.parse.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class IostatFormatTest {
    private static Path testdata(String name, String file) {
        return TestData.bundle(name).resolve("bundle").resolve(file);
    }

    private static Path external(String file) {
        return TestData.external().resolve(file);
    }

    @Test
    void sysstat12WithTimestampsKeepsTheSinceBootReportApart() throws Exception {
        IostatFiles f = IostatFiles.parse(testdata("iostat-linux-saturated", "iostat-x-t.txt"));
        assertEquals(26 * 4, f.samples().size());
        assertEquals(0, f.summary().skipped());
        IostatSample first = f.at("loop0", 1);
        assertTrue(first.sinceBoot());
        assertEquals(130.04, first.value("w_await"));
        IostatSample s = f.at("loop0", 14);
        assertFalse(s.sinceBoot());
        assertEquals(IostatDialect.SYSSTAT_NEW, s.dialect());
        assertEquals("11/21/26 08:34:12", s.timeText());
        assertEquals(1795250052.0, s.time());
        assertEquals(930.0, s.value("w/s"));
        assertEquals(69.18, s.value("w_await"));
        assertEquals(64.33, s.value("aqu-sz"));
        assertEquals(100.0, s.value("%util"));
        assertEquals(151, s.line());
        assertEquals(150, s.headerLine());
        assertEquals("2026-11-21", s.date());
        assertEquals(List.of("loop0", "loop1", "loop2", "vda"),
                f.samples().stream().filter(x -> x.report() == 2).map(IostatSample::device).toList());
    }

    @Test
    void isoTimestampsCarryTheirOffset() throws Exception {
        IostatFiles f = IostatFiles.parse(testdata("iostat-linux-busy-parallel-iso", "iostat-x-t-iso.txt"));
        IostatSample s = f.at("loop0", 1);
        assertEquals("2026-11-21T08:34:24+0000", s.timeText());
        assertEquals(1795250064.0, s.time());
        assertEquals(3.93, f.at("loop0", 4).value("aqu-sz"));
        assertEquals(1795250064.0, f.summary().firstTime());
        assertEquals(1795250074.0, f.summary().lastTime());
    }

    @Test
    void withoutTimestampsReportsAreNumberedAndTheBannerDateKept() throws Exception {
        IostatFiles f = IostatFiles.parse(testdata("iostat-linux-queue-no-timestamps", "iostat-x.txt"));
        assertEquals(10, f.device("loop0").size());
        IostatSample s = f.at("loop0", 4);
        assertNull(s.time());
        assertNull(s.timeText());
        assertEquals("2026-11-21", s.date());
        assertEquals(8.01, s.value("aqu-sz"));
        assertEquals(219.0, s.value("w/s"));
    }

    @Test
    void damagedFileKeepsEveryValidRowAndNamesTheBadLines() throws Exception {
        IostatFiles f = IostatFiles.parse(testdata("iostat-linux-damaged", "iostat-x-t.txt"));
        assertEquals(2, f.summary().skipped());
        assertEquals(35, f.summary().warnings().get(0).line());
        assertTrue(f.summary().warnings().get(0).message().startsWith("not iostat output: starting fio"));
        assertEquals(141, f.summary().warnings().get(1).line());
        assertTrue(f.summary().warnings().get(1).message().contains("15 fields"));
        assertEquals(12, f.device("loop0").size(), "the truncated row of the 13th report is dropped");
        assertEquals(12, f.device("vda").size());
        assertEquals(282.52, f.at("loop0", 12).value("w_await"));
        assertEquals(130, f.at("loop0", 12).line());
    }

    @Test
    void oldSysstatTwelveHourStampsAndMegabytes() throws Exception {
        IostatFiles f = IostatFiles.parse(testdata("iostat-sysstat-old-rhel6", "iostat-x-t.txt"));
        assertEquals(140 * 11, f.samples().size());
        IostatSample s = f.at("sda", 3);
        assertEquals(IostatDialect.SYSSTAT_OLD, s.dialect());
        assertEquals("06/13/2018 02:10:52 PM", s.timeText());
        assertEquals(1528899052.0, s.time());
        assertEquals(23.60, s.value("await"));
        assertEquals(0.12, s.value("avgqu-sz"));
        assertEquals(14.80, s.value("svctm"));
        assertTrue(s.has("wMB/s"));
        assertEquals(201.90, f.samples().stream().filter(x -> x.line() == 1599).findFirst().orElseThrow().value("await"));
    }

    @Test
    void publicLinuxSamplesOfEveryLayout() throws Exception {
        IostatFiles centos = IostatFiles.parse(external("iostat-linux/centos7-sysstat10-x-device-colon-rkB-dm.txt"));
        assertEquals(IostatDialect.SYSSTAT_OLD, centos.at("dm-0", 1).dialect());
        assertEquals(0.92, centos.at("dm-0", 1).value("await"));
        assertTrue(centos.at("dm-0", 1).sinceBoot());

        IostatFiles rhel6 = IostatFiles.parse(external("iostat-linux/rhel6-sysstat9-x-t-sectors-rsec-12h-timestamps.txt"));
        assertEquals(55, rhel6.samples().size());
        IostatSample sda = rhel6.at("sda", 4);
        assertEquals(29.83, sda.value("await"));
        assertEquals(200.0, sda.value("wsec/s"));
        assertEquals(1528999720.0, sda.time());

        IostatFiles rhel8 = IostatFiles.parse(external("iostat-linux/rhel8-sysstat11.7.3-xm-t-MB-24h-timestamps.txt"));
        assertEquals(82, rhel8.samples().size());
        assertEquals(IostatDialect.SYSSTAT_NEW, rhel8.at("sda", 1).dialect());
        assertEquals(1632627319.0, rhel8.at("sda", 1).time());
        assertEquals(0.08, rhel8.at("sda", 3).value("rMB/s"));

        IostatFiles u1804 = IostatFiles.parse(external("iostat-linux/ubuntu1804-sysstat11.6-x-new-layout-rareq-svctm.txt"));
        assertEquals(6.93, u1804.at("sda", 1).value("w_await"));
        assertEquals(0.78, u1804.at("sda", 1).value("svctm"));

        IostatFiles u2010 = IostatFiles.parse(external("iostat-linux/ubuntu2010-sysstat12-x-dkB-f_await-layout.txt"));
        assertEquals(14, u2010.samples().size());
        assertEquals(0.36, u2010.at("sda", 1).value("r_await"));
        assertEquals(0.41, u2010.at("sda", 1).value("%util"));

        IostatFiles suite = IostatFiles.parse(external("iostat-linux/sysstat-testsuite-12.x-x-ALL-p-ALL-partitions-dm.txt"));
        assertEquals(0, suite.summary().skipped());
        assertEquals(14.24, suite.at("sdq", 1).value("d_await"));
    }

    @Test
    void solarisSvcTWithTtyAndCpuColumns() throws Exception {
        IostatFiles f = IostatFiles.parse(external("iostat-solaris/illumos-manpage-ex2-x-tc-svc_t-instance-names-with-tty-cpu.txt"));
        assertEquals(10, f.samples().size());
        IostatSample sd0 = f.at("sd0", 1);
        assertEquals(IostatDialect.SOLARIS, sd0.dialect());
        assertTrue(sd0.sinceBoot());
        assertEquals(36.9, sd0.value("svc_t"));
        assertEquals(1.0, sd0.value("%b"));
        assertFalse(sd0.has("tout"), "tty/cpu columns are not device statistics");
        assertFalse(f.at("nfs2", 2).sinceBoot());
        assertEquals(35.6, f.at("nfs2", 1).value("svc_t"));
    }

    @Test
    void solarisXnDeviceLastWithDateStampsAndCpuBlock() throws Exception {
        IostatFiles f = IostatFiles.parse(external(
                "iostat-solaris/illumos-manpage-ex1-xcnCXTdz-controller-aggregated-timestamped.txt"));
        assertEquals(0, f.summary().skipped());
        IostatSample d10 = f.at("d10", 2);
        assertEquals(30.1, d10.value("asvc_t"));
        assertEquals(99.0, d10.value("%b"));
        assertEquals(5.7, d10.value("actv"));
        assertEquals(1948.6, d10.value("kw"), "the man page's header says kw, not kw/s");
        assertEquals("Mon Nov 24 14:58:41 2003", d10.timeText());
        assertEquals(1069685921.0, d10.time());
    }

    @Test
    void solarisPartitionsNfsTargetPortsAndAPromptLine() throws Exception {
        IostatFiles xnp = IostatFiles.parse(external("iostat-solaris/illumos-manpage-ex3-xnp-partitions-and-nfs.txt"));
        assertEquals(35.0, xnp.at("fuji:/export/home/user3", 1).value("asvc_t"));
        IostatFiles y = IostatFiles.parse(external("iostat-solaris/illumos-manpage-ex5-Y-target-port-svc_t.txt"));
        assertEquals(0.4, y.at("ssd22.t2.fp3", 1).value("kr/s"));
        IostatFiles smartos = IostatFiles.parse(external(
                "iostat-solaris/smartos-danubecloud-docs-iostat-xzn-lofi-ramdisk-zones.txt"));
        assertEquals(0, smartos.summary().skipped(), "the command line shown before the output is not damage");
        assertEquals(8.1, smartos.at("zones", 1).value("wsvc_t"));
    }

    @Test
    void reconstructedSeed003Report() throws Exception {
        IostatFiles f = IostatFiles.parse(testdata("iostat-solaris-seed003", "iostat-x-mkfile-maxcontig6.txt"));
        IostatSample sd0 = f.at("sd0", 1);
        assertEquals(1246.4, sd0.value("svc_t"));
        assertEquals(33.0, sd0.value("%w"));
        assertEquals(100.0, sd0.value("%b"));
        assertEquals(168.2, sd0.value("actv"));
    }

    @Test
    void recognisesEveryLayoutAndNothingElse() throws Exception {
        IostatFormat format = new IostatFormat();
        assertEquals(100, format.recognise(IostatFiles.sample(testdata("iostat-linux-idle", "iostat-x-t.txt"))).score());
        assertEquals(100, format.recognise(IostatFiles.sample(
                testdata("iostat-solaris-seed003", "iostat-x-cp-maxcontig6.txt"))).score());
        assertEquals(100, format.recognise(IostatFiles.sample(external(
                "iostat-solaris/illumos-manpage-ex3-xnp-partitions-and-nfs.txt"))).score());
        assertFalse(format.recognise(IostatFiles.sample(external("vmstat-s/linux-procps-vmstat-s-no-swap-vm.txt")))
                .matches());
        assertFalse(format.recognise(IostatFiles.sample(external("btt/btt-doc-iostat-style-output.txt"))).matches());
    }
}
