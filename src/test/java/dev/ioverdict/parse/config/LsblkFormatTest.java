package dev.ioverdict.parse.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.config.BlockDevice;
import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.model.config.QueueSetting;
import dev.ioverdict.model.config.SchedulerSetting;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class LsblkFormatTest {
    private static final LsblkFormat FORMAT = new LsblkFormat();

    private static Path external(String name) {
        Path p = TestData.external("lsblk").resolve(name);
        return p;
    }

    private static Path recorded(String name) {
        return TestData.bundle("config-xfs-loop").resolve("bundle").resolve(name);
    }

    private static Map<String, BlockDevice> devices(Parsed p) {
        return p.all(BlockDevice.class).stream().collect(Collectors.toMap(BlockDevice::name, Function.identity()));
    }

    /** The cells lsblk printed on one row of a file, cut as the parser cuts them. */
    private static Map<String, String> cells(Path file, String rowStartsWith) throws Exception {
        List<String> lines = Files.readAllLines(file);
        LsblkTable table = LsblkTable.header(lines.get(0));
        assertNotNull(table);
        String row = lines.stream().filter(l -> l.startsWith(rowStartsWith)).findFirst().orElseThrow();
        return table.cut(row).cells();
    }

    @Test
    void recordedColumnsOfCaptureSh() {
        Parsed p = Parsed.of(FORMAT, recorded("lsblk.txt"));
        Map<String, BlockDevice> d = devices(p);
        assertEquals(5, d.size());
        BlockDevice loop0 = d.get("loop0");
        assertEquals("7:0", loop0.majMin());
        assertEquals("512M", loop0.size());
        assertEquals("loop", loop0.type());
        assertEquals("/mnt/config-data", loop0.mountpoint());
        assertNull(loop0.fstype(), "no udev on the recording machine: lsblk printed no FSTYPE");
        assertEquals(512, loop0.logicalSectorSize());
        assertEquals(512, loop0.physicalSectorSize());
        assertEquals(512, loop0.minIo());
        assertEquals("none", loop0.scheduler());
        assertEquals(128, loop0.requestQueueSize());
        assertEquals(2560, loop0.readAheadKb());
        assertNull(loop0.rotational(), "no ROTA column");
        BlockDevice zram = d.get("zram0");
        assertEquals("253:0", zram.majMin());
        assertEquals("0B", zram.size());
        assertNull(zram.scheduler());
        assertNull(zram.requestQueueSize());
        assertEquals(128, zram.readAheadKb());
        BlockDevice vda = d.get("vda");
        assertEquals("254:0", vda.majMin());
        assertEquals("/", vda.mountpoint());
        assertEquals(4096, vda.physicalSectorSize());
        assertEquals("mq-deadline", vda.scheduler());
        assertEquals(256, vda.requestQueueSize());
        assertEquals(8192, vda.readAheadKb());
        assertEquals(6, vda.line());
        assertTrue(p.summary().warnings().isEmpty());
        List<SchedulerSetting> sched = p.all(SchedulerSetting.class);
        assertEquals(List.of("loop0", "loop1", "loop2", "vda"), sched.stream().map(SchedulerSetting::device).toList());
        assertTrue(sched.get(0).available().isEmpty(), "lsblk shows the active elevator only");
        assertTrue(p.all(QueueSetting.class).contains(new QueueSetting("vda", "nr_requests", "256", "lsblk.txt", 6,
                "vda   254:0    256G disk        /                    512    4096   4096 mq-deadline     256 8192")));
    }

    @Test
    void recordedPairs() {
        Parsed p = Parsed.of(FORMAT, recorded("lsblk-pairs.txt"));
        Map<String, BlockDevice> d = devices(p);
        assertEquals(5, d.size());
        assertEquals(Boolean.FALSE, d.get("zram0").rotational());
        assertEquals(Boolean.TRUE, d.get("vda").rotational());
        assertEquals("/mnt/config-redo", d.get("loop1").mountpoint());
        assertNull(d.get("loop2").mountpoint());
        assertEquals("7:2", d.get("loop2").majMin());
        assertTrue(d.get("vda").parents().isEmpty());
    }

    @Test
    void pairsOfAnOldLvmSystem() {
        Parsed p = Parsed.of(FORMAT, external("insights-P-o-pairs-key-value.txt"));
        Map<String, BlockDevice> d = devices(p);
        assertEquals(7, d.size());
        BlockDevice root = d.get("vg_trex-lv_root");
        assertEquals("dm-0", root.kernelName());
        assertEquals("253:0", root.majMin());
        assertEquals("ext4", root.fstype());
        assertEquals("/", root.mountpoint());
        assertNull(root.scheduler(), "SCHED=\"\" for the LV");
        assertEquals("cfq", d.get("sda").scheduler());
        assertEquals("149G", d.get("sda").size());
        assertEquals(List.of("sda1", "vg_trex-lv_root", "vg_trex-lv_home"),
                p.all(FilesystemInfo.class).stream().map(FilesystemInfo::device).toList(), "swap is no filesystem");
        assertEquals(List.of("sr0", "sda"), p.all(SchedulerSetting.class).stream().map(SchedulerSetting::device).toList(),
                "no scheduler for partitions (the disk's queue) nor for LVs without SCHED");
    }

    @Test
    void asciiTreeWithMdRaidMembers() {
        Parsed p = Parsed.of(FORMAT, external("insights-md-raid1-ascii-tree.txt"));
        Map<String, BlockDevice> d = devices(p);
        assertEquals(10, d.size(), "md126/md127 and the LVs appear under both disks but are one device each");
        assertEquals(List.of("vda1", "vdb1"), d.get("md127").parents());
        assertEquals("/boot", d.get("md127").mountpoint());
        assertEquals("9:127", d.get("md127").majMin());
        assertEquals("raid1", d.get("md127").type());
        assertEquals(List.of("vda2", "vdb2"), d.get("md126").parents());
        assertEquals(List.of("md126"), d.get("rhel-root").parents());
        assertEquals("dm-0", d.get("rhel-root").kernelName(), "device-mapper minor 0");
        assertEquals("253:0", d.get("rhel-root").majMin());
        assertEquals("lvm", d.get("rhel-root").type());
        assertEquals("/", d.get("rhel-root").mountpoint());
        assertEquals(List.of("vdb"), d.get("vdb1").parents());
        assertTrue(p.summary().warnings().isEmpty());
    }

    @Test
    void oldAsciiTreeWithKernelNamesInParenthesesAndMultipath() {
        Parsed p = Parsed.of(FORMAT, external("insights-rhel6-ascii-tree-mpath-dm-names.txt"));
        Map<String, BlockDevice> d = devices(p);
        assertEquals(19, d.size());
        BlockDevice app = d.get("appdg-app");
        assertEquals("dm-7", app.kernelName());
        assertEquals("253:7", app.majMin());
        assertEquals("2.8T", app.size());
        assertEquals("/splunk", app.mountpoint());
        assertEquals(List.of("mpathbp1", "mpathap1", "mpathcp1"), app.parents());
        assertEquals(List.of("sdb", "sde"), d.get("mpathb").parents());
        assertEquals("dm-2", d.get("mpathb").kernelName());
        assertEquals("mpath", d.get("mpathb").type());
        assertEquals("[SWAP]", d.get("sda3").mountpoint());
        assertEquals("dm-0", d.get("vg_root-lv_root").kernelName());
        assertEquals(List.of("sda2"), d.get("vg_root-lv_root").parents());
        assertEquals("11:0", d.get("sr0").majMin());
        assertEquals("1000.1G", d.get("sdg").size());
        assertEquals(31, p.summary().lines());
    }

    @Test
    void utf8TreeOfLvm() {
        Parsed p = Parsed.of(FORMAT, external("jc-centos7-default-utf8-tree-lvm.txt"));
        Map<String, BlockDevice> d = devices(p);
        assertEquals(6, d.size());
        assertEquals(List.of("sda2"), d.get("centos-root").parents());
        assertEquals("dm-0", d.get("centos-root").kernelName());
        assertEquals("dm-1", d.get("centos-swap").kernelName());
        assertEquals(List.of("sda"), d.get("sda1").parents());
        assertEquals("/boot", d.get("sda1").mountpoint());
        assertNull(d.get("sda2").mountpoint(), "trailing spaces of an empty MOUNTPOINT");
        assertTrue(d.get("sr0").parents().isEmpty());
    }

    @Test
    void allColumnsCutByPositionKeepValuesWithSpaces() throws Exception {
        Path centos = external("jc-centos7-all-columns.txt");
        Map<String, String> sda = cells(centos, "sda ");
        assertEquals("VMware Virtual S", sda.get("MODEL"));
        assertEquals("", sda.get("SERIAL"));
        assertEquals("running", sda.get("STATE"));
        assertEquals("brw-rw----", sda.get("MODE"));
        assertEquals("4096", sda.get("RA"));
        assertEquals("deadline", sda.get("SCHED"));
        assertEquals("128", sda.get("RQ-SIZE"));
        assertEquals("32M", sda.get("WSAME"));
        assertEquals("0:0:0:0", sda.get("HCTL"));
        assertEquals("spi", sda.get("TRAN"));
        assertEquals("1.0", sda.get("REV"));
        assertEquals("VMware,", sda.get("VENDOR"));
        Map<String, String> sr0 = cells(centos, "sr0 ");
        assertEquals("VMware IDE CDR10", sr0.get("MODEL"));
        assertEquals("10000000000000000001", sr0.get("SERIAL"));
        assertEquals("2:0:0:0", sr0.get("HCTL"));
        assertEquals("1.00", sr0.get("REV"));
        assertEquals("NECVMWar", sr0.get("VENDOR"));
        Map<String, String> root = cells(centos, "  \u251c\u2500centos-root");
        assertEquals("centos-root", root.get("NAME"));
        assertEquals("dm-0", root.get("KNAME"));
        assertEquals("xfs", root.get("FSTYPE"));
        assertEquals("07d718ef-950c-4e5b-98e0-42a1147b77d9", root.get("UUID"));
        assertEquals("", root.get("SCHED"));
        assertEquals("sda2", root.get("PKNAME"));

        Path ubuntu = external("jc-ubuntu1804-all-columns-snap-loops.txt");
        Map<String, String> sr1 = cells(ubuntu, "sr1 ");
        assertEquals("Ubuntu-Server 18.04.3 LTS amd64", sr1.get("LABEL"));
        assertEquals("2019-08-05-20-00-00-00", sr1.get("UUID"));
        assertEquals("VMware SATA CD01", sr1.get("MODEL"));
        assertEquals("2048", sr1.get("LOG-SEC"));
        assertEquals("sata", sr1.get("TRAN"));
        Map<String, String> sda2 = cells(ubuntu, "\u2514\u2500sda2");
        assertEquals("744589e8-5711-4750-9984-c34d66f93879", sda2.get("PARTUUID"));
        assertEquals("011527a0-c72a-4c00-a50e-ee90da26b6e2", sda2.get("UUID"));
        assertEquals("ext4", sda2.get("FSTYPE"));
        assertEquals("sda", sda2.get("PKNAME"));
        Map<String, String> loop10 = cells(ubuntu, "loop10 ");
        assertEquals("/snap/stress-ng/1076", loop10.get("MOUNTPOINT"));
        assertEquals("squashfs", loop10.get("FSTYPE"));
        assertEquals("4G", loop10.get("DISC-MAX"));
        assertEquals("none", loop10.get("SCHED"));
    }

    @Test
    void allColumnsDevices() {
        Parsed p = Parsed.of(FORMAT, external("jc-centos7-all-columns.txt"));
        Map<String, BlockDevice> d = devices(p);
        assertEquals(List.of("sda2"), d.get("centos-root").parents());
        assertEquals("xfs", d.get("centos-root").fstype());
        assertEquals(List.of(new FilesystemInfo("sda1", "/boot", "xfs", null, null, "jc-centos7-all-columns.txt", 3,
                        Parsed.lineOf(external("jc-centos7-all-columns.txt"), 3)),
                        new FilesystemInfo("centos-root", "/", "xfs", null, null, "jc-centos7-all-columns.txt", 5,
                        Parsed.lineOf(external("jc-centos7-all-columns.txt"), 5))),
                p.all(FilesystemInfo.class));
        Parsed u = Parsed.of(FORMAT, external("jc-ubuntu1804-all-columns-snap-loops.txt"));
        Map<String, BlockDevice> ud = devices(u);
        assertEquals(17, ud.size());
        assertEquals(2048, ud.get("sr0").logicalSectorSize());
        assertEquals("cfq", ud.get("fd0").scheduler());
        assertTrue(u.summary().warnings().isEmpty());
    }

    @Test
    void wrappedMountpointsContinueTheDeviceAbove() {
        // lsblk 2.38 prints every mount point of a device in MOUNTPOINTS, one per line
        String text = """
                NAME  MAJ:MIN RM  SIZE RO TYPE MOUNTPOINTS
                loop0   7:0    0  512M  0 loop /mnt/config-data
                                               /srv/bind
                vda   254:0    0  256G  0 disk /
                """;
        Parsed p = Parsed.text(FORMAT, text, "lsblk.txt");
        Map<String, BlockDevice> d = devices(p);
        assertEquals(2, d.size());
        assertEquals("/mnt/config-data", d.get("loop0").mountpoint());
        assertTrue(p.summary().warnings().isEmpty());
    }

    @Test
    void rawOutputSplitsOnSingleSpaces() {
        // lsblk -r -o NAME,MAJ:MIN,SIZE,TYPE,FSTYPE,MOUNTPOINT,SCHED,RQ-SIZE on the recording machine
        String text = "NAME MAJ:MIN SIZE TYPE FSTYPE MOUNTPOINT SCHED RQ-SIZE\n"
                + "zram0 253:0 0B disk    \n"
                + "vda 254:0 256G disk  / mq-deadline 256\n";
        Parsed p = Parsed.text(FORMAT, text, "lsblk-r.txt");
        Map<String, BlockDevice> d = devices(p);
        assertEquals("/", d.get("vda").mountpoint());
        assertNull(d.get("vda").fstype());
        assertEquals("mq-deadline", d.get("vda").scheduler());
        assertEquals(256, d.get("vda").requestQueueSize());
        assertEquals("0B", d.get("zram0").size());
        assertNull(d.get("zram0").scheduler());
        assertNull(d.get("zram0").requestQueueSize());
        Parsed escaped = Parsed.text(FORMAT, "NAME MAJ:MIN TYPE MOUNTPOINT\nsdb1 8:17 part /mnt/my\\x20disk\n", "x");
        assertEquals("/mnt/my disk", devices(escaped).get("sdb1").mountpoint());
        assertTrue(p.summary().warnings().isEmpty() && escaped.summary().warnings().isEmpty());
    }

    @Test
    void recognition() {
        assertEquals(100, FORMAT.recognise(Parsed.sample(recorded("lsblk.txt"), "lsblk.txt")).score());
        assertEquals(100, FORMAT.recognise(Parsed.sample(recorded("lsblk-pairs.txt"), "x")).score());
        assertEquals(70, FORMAT.recognise(Parsed.sample("NAME SCHED\nsda  mq-deadline\n", "x")).score());
        assertFalse(FORMAT.recognise(Parsed.sample(recorded("losetup.txt"), "losetup.txt")).matches(),
                "losetup -l has NAME and LOG-SEC, but SIZELIMIT is no lsblk column");
        assertFalse(FORMAT.recognise(Parsed.sample("NAME=\"x\" FOO=\"y\"\n", "x")).matches());
    }
}
