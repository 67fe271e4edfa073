package dev.ioverdict.parse.dm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.ioverdict.model.config.BlockDevice;
import dev.ioverdict.model.config.ListedDevice;
import dev.ioverdict.model.config.Mount;
import dev.ioverdict.parse.config.FindmntFormat;
import dev.ioverdict.parse.config.LsblkJsonFormat;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeviceMapperFormatsTest {
    private static Path external(String file) {
        return TestData.external().resolve(file);
    }

    private static List<ListedDevice> maps(ParseRun run) {
        return run.facts().all(ListedDevice.class).stream().filter(d -> !d.under().isEmpty()).toList();
    }

    @Test
    void multipathMapsWithAliasWwidAndPaths() {
        ParseRun run = ParseRun.of(new MultipathFormat(), external("multipath/sles-rear-issue-multipath-l-iet-three-paths-prefix.txt"));
        ListedDevice m = maps(run).get(0);
        assertEquals("dm-4", m.device());
        assertEquals("site_A_3", m.name());
        assertEquals("360000000000000000e00e6b900000003", m.wwid());
        assertEquals(List.of("sdi", "sdm", "sdp"), m.under());
        assertEquals("IET,VIRTUAL-DISK", m.vendor());
        assertEquals(0, run.summary().skipped());
    }

    @Test
    void mapNamedByItsWwidAndTheBracketLayout() {
        ListedDevice ibm = maps(ParseRun.of(new MultipathFormat(),
                external("multipath/openstack-os-brick-multipath-l-ibm-svc-2145-two-pgs-undef-checker.txt"))).get(0);
        assertNull(ibm.name());
        assertEquals("36005076da00638089c000000000004d5", ibm.wwid());
        assertEquals(List.of("sde", "sdg", "sdf", "sdh"), ibm.under());
        ListedDevice rhel5 = maps(ParseRun.of(new MultipathFormat(),
                external("multipath/redhat-rhel5-dm-multipath-guide-example-bracket-format.txt"))).get(0);
        assertEquals("mpath1", rhel5.name());
        assertNull(rhel5.device());
        assertEquals(List.of("sdb", "sdc"), rhel5.under());
    }

    @Test
    void dmsetupInfoTableAndTree() {
        List<ListedDevice> info = ParseRun.of(new DmsetupFormat(),
                external("multipath/insights-dmsetup-info-C-lvm-vg00-columns.txt")).facts().all(ListedDevice.class);
        assertEquals(11, info.size());
        assertEquals("dm-8", info.get(0).device());
        assertEquals("VG00-tmp", info.get(0).name());
        ListedDevice thin = ParseRun.of(new DmsetupFormat(),
                external("multipath/stratis-devicemapper-rs-issue-dmsetup-table-v-thin-pool-on-loop.txt"))
                .facts().all(ListedDevice.class).get(0);
        assertEquals("dm-0", thin.device());
        assertEquals(List.of("7:1", "7:0"), thin.under());
        String tree = """
                mpatha (253:3)
                 ├─ (8:32)
                 └─ (8:80)
                vg-lv (253:4)
                 └─mpatha (253:3)
                    ├─ (8:32)
                    └─ (8:80)
                """;
        List<ListedDevice> t = ParseRun.of(new DmsetupFormat(), "dmsetup-tree.txt", tree).facts()
                .all(ListedDevice.class);
        ListedDevice lv = t.stream().filter(d -> "vg-lv".equals(d.name())).findFirst().orElseThrow();
        assertEquals("dm-4", lv.device());
        assertEquals(List.of("mpatha"), lv.under());
        assertEquals(List.of("8:32", "8:80"), t.get(0).under());
    }

    @Test
    void findmntTreeAndLsblkJson() {
        List<Mount> mounts = ParseRun.of(new FindmntFormat(),
                external("findmnt/jc-centos7.7-util-linux2.23-findmnt-utf8-tree-xfs-lvm.txt")).facts().all(Mount.class);
        assertEquals("/dev/mapper/centos-root", mounts.get(0).device());
        assertEquals("/", mounts.get(0).mount());
        assertEquals("/sys", mounts.get(1).mount());
        List<BlockDevice> devices = ParseRun.of(new LsblkJsonFormat(), external(
                "lsblk-json/snapd-desktop-util-linux-2.37plus-lsblk-json-o-fstype-path-uuid-fsver-mountpoint-name-state-luks-nvme.txt"))
                .facts().all(BlockDevice.class);
        assertEquals("loop0", devices.get(0).name());
        assertEquals("/run/media/quentin/fm_iso", devices.get(0).mountpoint());
        assertEquals(9, devices.get(0).line());
    }
}
