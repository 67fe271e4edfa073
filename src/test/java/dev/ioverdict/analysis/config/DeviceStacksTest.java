package dev.ioverdict.analysis.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.config.DeviceLink;
import dev.ioverdict.model.config.DeviceLink.Via;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which device sits on which, from the listings of real captures and the block trace's remaps. */
class DeviceStacksTest {

    private static DeviceStacks stacks(Path... files) {
        return RuleHarness.data(files).results().get(DeviceStacks.class).orElseThrow();
    }

    private static List<String> pairs(List<DeviceLink> links) {
        return links.stream().map(l -> l.upper() + ">" + l.lower()).toList();
    }

    @Test
    void aLoopDeviceSitsOnTheDeviceHoldingItsBackingFilesFilesystem() {
        DeviceStacks s = stacks(TestData.file("stacked-loop-on-loop", "losetup.txt"),
                TestData.file("stacked-loop-on-loop", "mounts.txt"),
                TestData.file("stacked-loop-on-loop", "lsblk.txt"));
        // loop0's own backing file is on FUSE: no block device below it
        assertEquals(List.of("loop1>loop0"), pairs(s.links()));
        DeviceLink l = s.links().get(0);
        assertEquals(List.of(Via.LOSETUP_BACKING_FILE), l.via());
        assertEquals("loop1's backing file /mnt/cap-stack/upper.img is on the xfs mounted from loop0 at /mnt/cap-stack"
                + " (losetup, mounts)", l.how());
        assertEquals(List.of("losetup.txt:2", "mounts.txt:22"), l.evidence().stream().map(Evidence::location).toList());
        // named as the tools name them: block traces' numbers, /dev paths
        assertEquals(List.of(l), s.path("7,1", "/dev/loop0"));
        assertEquals(List.of(), s.path("loop0", "loop1"), "the lower device does not sit on the upper one");
        assertEquals(List.of(l), s.stackOf("loop0").above());
        assertTrue(s.stackOf("loop0").below().isEmpty());
        assertEquals("loop0", s.key("7:0"));
    }

    @Test
    void aLoopDeviceOnFuseSitsOnNothing() {
        DeviceStacks s = stacks(TestData.file("perf-device-latency", "losetup.txt"),
                TestData.file("perf-device-latency", "mounts.txt"),
                TestData.file("perf-device-latency", "lsblk.txt"));
        assertEquals(List.of(), s.links());
        assertTrue(!s.stackOf("loop0").stacked());
    }

    @Test
    void aMultipathMapSitsOnItsPaths() {
        DeviceStacks s = stacks(TestData.external("multipath/sles-rear-issue-multipath-l-iet-three-paths-prefix.txt"));
        List<DeviceLink> below = s.below("dm-4");
        assertEquals(List.of("dm-4>sdi", "dm-4>sdm", "dm-4>sdp"), pairs(below));
        assertTrue(below.stream().allMatch(l -> l.via().equals(List.of(Via.MULTIPATH))));
        assertEquals("site_A_3 (360000000000000000e00e6b900000003) dm-4 IET,VIRTUAL-DISK",
                below.get(0).evidence().get(0).text());
        assertEquals(List.of("dm-4>sdm"), pairs(s.path("dm-4", "8:192")), "a path by its major:minor");
    }

    @Test
    void aDmTableSitsOnTheDevicesItMaps() {
        DeviceStacks s = stacks(TestData.external("multipath/stratis-devicemapper-rs-issue-dmsetup-table-v-thin-pool-on-loop.txt"));
        assertEquals(List.of("dm-0>loop1", "dm-0>loop0"), pairs(s.below("dm-0")));
        assertEquals(Via.DMSETUP, s.below("254:0").get(0).via().get(0));
    }

    @Test
    void lsblksTreeStacksAnLvOnMdOnPartitionsOnDisks() {
        DeviceStacks s = stacks(TestData.external("lsblk/insights-md-raid1-ascii-tree.txt"));
        List<DeviceLink> down = s.path("rhel-root", "vdb");
        assertEquals(List.of("dm-0>md126", "md126>vdb2", "vdb2>vdb"), pairs(down).stream()
                .map(p -> p.replace("rhel-root", "dm-0")).toList());
        assertTrue(down.stream().allMatch(l -> l.via().equals(List.of(Via.LSBLK))));
        assertEquals(List.of("vda", "vdb"), s.stackOf("md126").below().stream().map(DeviceLink::lower)
                .filter(d -> d.startsWith("vd") && d.length() == 3).toList());
        assertEquals(3, s.stackOf("vda2").above().size(), "md126, then the two LVs on it");
    }

    @Test
    void lsblksTreeStacksAnLvOnMultipathPartitionsOnDisks() {
        DeviceStacks s = stacks(TestData.external("lsblk/insights-rhel6-ascii-tree-mpath-dm-names.txt"));
        assertEquals(List.of("dm-7>dm-4", "dm-4>dm-2", "dm-2>sdb"), pairs(s.path("appdg-app", "sdb")));
        assertEquals(3, s.below("dm-7").size(), "three multipath partitions under the LV");
    }

    @Test
    void theBlockTracesRemapsStackADmDeviceOnItsLegs() {
        DeviceStacks s = stacks(TestData.file("blkgen-mpath-rq-lgwr", "blkparse.txt"));
        List<DeviceLink> legs = s.below("252,169");
        assertEquals(List.of("252,169>sded", "252,169>sdjq"), pairs(legs).stream().sorted().toList());
        assertTrue(legs.stream().allMatch(l -> l.via().equals(List.of(Via.BLOCK_REMAP)) && l.evidence().isEmpty()));
        assertTrue(legs.get(0).how().matches("\\d+ I/Os of 252,169 remapped onto .* in the block trace"), legs.get(0).how());
    }

    @Test
    void eachDmDeviceOfAMixedTraceSitsOnItsOwnDisk() {
        DeviceStacks s = stacks(TestData.file("blkgen-mixed-multidevice", "blkparse.txt"));
        assertEquals(List.of("253,0>sdb", "253,1>sdc"), pairs(s.links()).stream().sorted().toList());
        assertEquals(List.of(), s.path("253,0", "8,32"));
    }

    @Test
    void aSosreportsLoopDeviceOnFuseSitsOnNothing() {
        Path sos = TestData.file("sosreport-sar-saturated", "sosreport-vm-2026-11-24-qkzvbnr");
        DeviceStacks s = stacks(sos.resolve("sos_commands/block/losetup_-l"), sos.resolve("sos_commands/block/lsblk"),
                sos.resolve("proc/mounts"));
        assertEquals(List.of(), s.links(), "loop0's file is on the slowfs FUSE mount, vda is a disk of its own");
    }

    @Test
    void aPartitionSitsOnItsDiskByNameWhenNoListingSays() {
        assertEquals(List.of(Via.PARTITION_NAME), DeviceStacks.NONE.path("c0t0d0s0", "c0t0d0").get(0).via());
        assertEquals(1, DeviceStacks.NONE.path("sda1", "sda").size());
        assertEquals(1, DeviceStacks.NONE.path("nvme0n1p2", "nvme0n1").size());
        assertEquals(List.of(), DeviceStacks.NONE.path("c0t0d0", "c0t0d0s0"));
        assertEquals(List.of(), DeviceStacks.NONE.path("sdb1", "sda"));
    }
}
