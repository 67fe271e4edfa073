package dev.ioverdict.analysis.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.Results;
import dev.ioverdict.bundle.Bundle;
import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.bundle.BundleReader;
import dev.ioverdict.bundle.DetectedFile;
import dev.ioverdict.bundle.FormatDetector;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.config.ConfigSection;
import dev.ioverdict.model.config.DeviceConfig;
import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.model.config.SchedulerSetting;
import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class StorageConfigTest {
    /** Every file of a folder recognised and parsed as the report would, into one fact bus. */
    static Facts facts(Path folder) throws Exception {
        Facts facts = new Facts();
        FormatDetector detector = new FormatDetector(InputFormats.all());
        try (Bundle bundle = BundleReader.open(folder)) {
            for (BundleFile f : bundle.files()) {
                DetectedFile d = detector.detect(f);
                if (d.format().isPresent()) {
                    d.format().get().parse(f, new ParseContext(f.path(), facts));
                }
            }
        }
        return facts;
    }

    private static Facts recorded() throws Exception {
        return facts(TestData.bundle("config-xfs-loop").resolve("bundle"));
    }

    private static Facts external(String... files) throws Exception {
        Path dir = Files.createTempDirectory("ioverdict-config");
        try {
            for (String f : files) {
                Path src = TestData.external().resolve(f);
                Files.copy(src, dir.resolve(src.getFileName()));
            }
            return facts(dir);
        } finally {
            try (var s = Files.list(dir)) {
                for (Path p : s.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    @Test
    void namesAndMajorMinorOfTheRecordedLoopDevices() throws Exception {
        StorageConfig c = StorageConfig.of(recorded());
        assertEquals("loop0", c.deviceName("7,0").orElseThrow());
        assertEquals("loop0", c.deviceName("/dev/loop0").orElseThrow());
        assertEquals("vda", c.deviceName("254:0").orElseThrow());
        assertEquals("7,1", c.majMin("loop1").orElseThrow());
        assertEquals("7,2", c.majMin("/dev/loop2").orElseThrow());
        assertEquals("loop0 (7,0, /mnt/config-data)", c.label("7,0"));
        assertEquals("/tmp/config-rec/work/data.img", c.identities().find("loop0").orElseThrow().backingFile());
        assertEquals("vda (254,0, /)", c.label("/dev/vda"));
        assertEquals("253,16", c.label("253,16"), "a device the bundle does not know stays as given");
        assertEquals("sdb (8,16)", c.label("8,16"), "a fixed major names its device on every system");
        assertTrue(c.deviceName("253,16").isEmpty());
    }

    @Test
    void pathsResolveToTheirFilesystemWithXfsBlockSize() throws Exception {
        StorageConfig c = StorageConfig.of(recorded());
        FilesystemInfo redo = c.filesystemOf("/mnt/config-redo/redo01.log").orElseThrow();
        assertEquals(new FilesystemInfo("/dev/loop1", "/mnt/config-redo", "xfs", 1024, 512, "xfs_info-all.txt", 17,
                "data     =                       bsize=1024   blocks=524288, imaxpct=25"), redo);
        FilesystemInfo data = c.filesystemOf("/mnt/config-data").orElseThrow();
        assertEquals(4096, data.blockSize());
        assertEquals("xfs_info-all.txt", data.input());
        assertEquals(6, data.line());
        FilesystemInfo root = c.filesystemOf("/mnt/config-database/x").orElseThrow();
        assertEquals("/", root.mount(), "a longer name is no prefix of a path");
        assertEquals("ext4", root.type());
        assertNull(root.blockSize());
        assertEquals("tmpfs", c.filesystemOf("/dev/shm/ora_sga").orElseThrow().type());
        assertTrue(c.filesystemOf("redo01.log").isEmpty(), "relative paths cannot be placed");
        FilesystemInfo unmounted = c.filesystemOn("loop2").orElseThrow();
        assertEquals(512, unmounted.blockSize());
        assertNull(unmounted.mount());
        assertEquals("mkfs-xfs-512.txt", unmounted.input());
        assertEquals(4096, c.filesystemOn("7,0").orElseThrow().blockSize());
    }

    @Test
    void queueSettingsPreferSysfsOverLsblk() throws Exception {
        StorageConfig c = StorageConfig.of(recorded());
        SchedulerSetting s = c.scheduler("7,0").orElseThrow();
        assertEquals("none", s.active());
        assertEquals(List.of("none", "mq-deadline", "kyber", "bfq"), s.available(), "sysfs lists the choices");
        assertEquals("mq-deadline", c.scheduler("vda").orElseThrow().active());
        assertTrue(c.scheduler("vda").orElseThrow().available().isEmpty(), "only lsblk described vda");
        assertEquals(OptionalInt.of(128), c.nrRequests("loop0"));
        assertEquals(OptionalInt.of(256), c.nrRequests("vda"));
        assertEquals(Boolean.TRUE, c.rotational("loop1").orElseThrow());
        assertEquals(Boolean.FALSE, c.rotational("zram0").orElseThrow());
        assertEquals("1280", c.queueSetting("loop0", "max_sectors_kb").orElseThrow().value());
        assertFalse(c.queueSetting("loop0", "max_sectors_kb").orElseThrow().input().startsWith("lsblk"));
        assertEquals("2560", c.queueSetting("loop2", "read_ahead_kb").orElseThrow().value());
    }

    @Test
    void theReportSectionHasOneEntryPerFilesystemAndDevice() throws Exception {
        Results results = new Results();
        new ConfigAnalysis().finish(recorded(), results);
        ConfigSection section = results.get(ConfigSection.class).orElseThrow();
        assertEquals(java.util.Arrays.asList("/", "/mnt/config-data", "/mnt/config-redo", null),
                section.filesystems().stream().map(FilesystemInfo::mount).toList());
        assertEquals(List.of("/dev/vda", "/dev/loop0", "/dev/loop1", "/dev/loop2"),
                section.filesystems().stream().map(FilesystemInfo::device).toList());
        assertEquals(List.of(4096, 1024, 512), section.filesystems().stream().skip(1).map(FilesystemInfo::blockSize).toList());
        assertEquals(List.of("loop0", "loop1", "loop2", "vda"),
                section.schedulers().stream().map(SchedulerSetting::device).toList());
        assertEquals(List.of("loop0", "loop1", "loop2", "zram0", "vda"),
                section.devices().stream().map(DeviceConfig::device).toList());
        DeviceConfig loop0 = section.devices().get(0);
        assertEquals("7:0", loop0.majMin());
        assertEquals(128, loop0.nrRequests());
        assertEquals("1280", loop0.settings().get("max_sectors_kb"));
        assertTrue(results.get(StorageConfig.class).isPresent());
    }

    @Test
    void noConfigurationNoSection() {
        Results results = new Results();
        new ConfigAnalysis().finish(new Facts(), results);
        assertTrue(results.get(ConfigSection.class).isEmpty());
        assertTrue(results.get(StorageConfig.class).orElseThrow().filesystemOf("/u01").isEmpty());
    }

    @Test
    void multipathStackFromAnOldTree() throws Exception {
        StorageConfig c = StorageConfig.of(external("lsblk/insights-rhel6-ascii-tree-mpath-dm-names.txt"));
        assertEquals("dm-7 appdg-app (253,7, /splunk)", c.label("253,7"));
        assertEquals("dm-7", c.deviceName("/dev/mapper/appdg-app").orElseThrow());
        assertEquals(List.of("dm-4", "dm-5", "dm-6"), c.parents("dm-7"));
        assertEquals(List.of("sdb", "sde", "sdc", "sdf", "sdd", "sdg"), c.disksUnder("253,7"));
        assertEquals(List.of("sda"), c.disksUnder("vg_root-lv_root"));
        assertEquals("sda1 (8,1, /boot)", c.label("8,1"));
    }

    @Test
    void partitionsUseTheirDisksQueue() throws Exception {
        StorageConfig c = StorageConfig.of(external("lsblk/jc-centos7-all-columns.txt"));
        assertEquals("deadline", c.scheduler("sda1").orElseThrow().active());
        assertEquals("deadline", c.scheduler("/dev/sda2").orElseThrow().active());
        assertTrue(c.scheduler("/dev/mapper/centos-root").isEmpty(), "the LV shows no scheduler");
        assertEquals(OptionalInt.of(128), c.nrRequests("/dev/mapper/centos-root"));
        assertEquals("xfs", c.filesystemOf("/boot/grub2/grub.cfg").orElseThrow().type());
        assertEquals("centos-root", c.filesystemOf("/home/oracle").orElseThrow().device());
    }

    @Test
    void xfsInfoMeetsLsblkByDeviceName() throws Exception {
        StorageConfig c = StorageConfig.of(external("lsblk/insights-P-o-pairs-key-value.txt",
                "xfs_info/insights-sosreport-old-xfsprogs-no-crc-line-sunit32.txt"));
        FilesystemInfo sda = c.filesystemOn("8,0").orElseThrow();
        assertEquals(4096, sda.blockSize());
        assertEquals("/dev/sda", sda.device());
        assertEquals("cfq", c.scheduler("8:0").orElseThrow().active());
    }

    @Test
    void deviceKeys() {
        assertEquals("8:0", DeviceKeys.of("8,0"));
        assertEquals("8:16", DeviceKeys.of("8, 16"));
        assertEquals("vg-lv", DeviceKeys.of("/dev/mapper/vg-lv"));
        assertEquals("sda", DeviceKeys.diskOfPartition("sda12"));
        assertEquals("nvme0n1", DeviceKeys.diskOfPartition("nvme0n1p3"));
        assertEquals("mmcblk0", DeviceKeys.diskOfPartition("mmcblk0p1"));
        assertNull(DeviceKeys.diskOfPartition("nvme0n1"));
        assertNull(DeviceKeys.diskOfPartition("dm-0"));
    }
}
