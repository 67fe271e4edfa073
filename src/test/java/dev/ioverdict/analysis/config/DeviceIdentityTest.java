package dev.ioverdict.analysis.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.config.DeviceConfig;
import dev.ioverdict.rules.kernel.IoErrorsRule;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A multipath map named by what the bundle knows of it: alias, mount point, paths, WWID. */
class DeviceIdentityTest {
    @TempDir
    Path tmp;

    private Path multipath() {
        return TestData.external("multipath/sles-rear-issue-multipath-l-iet-three-paths-prefix.txt");
    }

    @Test
    void multipathMapLabel() throws IOException {
        Path mounts = Files.writeString(tmp.resolve("mounts.txt"),
                "/dev/mapper/site_A_3 /u01 xfs rw,relatime,attr2,inode64,noquota 0 0\n");
        StorageConfig c = RuleHarness.data(multipath(), mounts).results().get(StorageConfig.class).orElseThrow();
        String label = "dm-4 site_A_3 (/u01)";
        assertEquals(label, c.label("dm-4"));
        assertEquals(label, c.label("/dev/mapper/site_A_3"));
        assertEquals(label, c.label("site_A_3"));
        assertEquals(label, c.label("360000000000000000e00e6b900000003"), "by its WWID");
        DeviceIdentity id = c.identities().find("dm-4").orElseThrow();
        assertEquals("360000000000000000e00e6b900000003", id.wwid());
        assertEquals(List.of("sdi", "sdm", "sdp"), id.below());
        assertEquals("array LUN (multipath)", id.media());
        DeviceConfig d = c.devices().stream().filter(x -> x.device().equals("dm-4")).findFirst().orElseThrow();
        assertEquals("site_A_3", d.alias());
        assertEquals(List.of("sdi", "sdm", "sdp"), d.paths());
        assertEquals(label, d.label());
    }

    @Test
    void kernelLogFindingsNameThePathAndItsMap() throws IOException {
        Path log = Files.writeString(tmp.resolve("messages"), """
                May 11 16:40:10 node1 kernel: sd 7:0:0:3: [sdi] tag#0 FAILED Result: hostbyte=DID_TRANSPORT_DISRUPTED driverbyte=DRIVER_OK
                May 11 16:40:10 node1 kernel: blk_update_request: I/O error, dev sdi, sector 2048 op 0x1:(WRITE) flags 0x800 phys_seg 1 prio class 0
                May 11 16:40:11 node1 kernel: device-mapper: multipath: 254:4: Failing path 8:128.
                """);
        List<Finding> f = RuleHarness.files(new IoErrorsRule(), multipath(), log);
        assertEquals(2, f.size());
        assertTrue(f.stream().anyMatch(x -> x.summary().contains("sdi")), f.toString());
    }

    @Test
    void oneLookupForEveryNameOfAnLvOnMultipath() {
        // lsblk -t of RHEL 6: an LV (dm-7) on three multipath partitions on two paths each
        StorageConfig c = RuleHarness.data(TestData.external("lsblk/insights-rhel6-ascii-tree-mpath-dm-names.txt"))
                .results().get(StorageConfig.class).orElseThrow();
        DeviceIdentities ids = c.identities();
        DeviceIdentity lv = ids.find("dm-7").orElseThrow();
        for (String name : List.of("dm-7", "/dev/dm-7", "appdg-app", "/dev/mapper/appdg-app", "253,7", "253:7", "dev253-7")) {
            assertEquals(lv, ids.find(name).orElseThrow(), name);
        }
        assertEquals("dm-7 appdg-app (253,7, /splunk)", lv.label());
        assertEquals(List.of("dm-4", "dm-5", "dm-6"), lv.below());
        DeviceIdentity map = ids.find("dev253-2").orElseThrow();
        assertEquals("dm-2 mpathb (253,2)", map.label());
        assertEquals(List.of("sdb", "sde"), map.below());
        assertEquals(List.of("dm-4"), map.above());
        assertEquals("sdb (8,16)", ids.label("dev8-16"));
        assertEquals(1, ids.all().stream().filter(d -> d.key().equals("dm-7")).count());
    }
}
