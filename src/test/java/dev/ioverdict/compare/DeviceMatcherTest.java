package dev.ioverdict.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.compare.DeviceMatcher.Pair;
import dev.ioverdict.compare.DeviceMatcher.Traced;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeviceMatcherTest {
    private final List<String> notes = new ArrayList<>();

    private List<Pair> match(List<Traced> before, List<Traced> after) {
        return DeviceMatcher.match(before, after, "before", "after", notes);
    }

    @Test
    void aWwnWinsOverTheSameNumberOnAnotherDisk() {
        // after a re-scan the old disk is sdf and a new disk took sdc's number
        Traced oldDisk = new Traced("8,32", "sdc", null, "0x5000c500a1b2c3d4", null, "/data");
        Traced moved = new Traced("8,80", "sdf", null, "0x5000c500a1b2c3d4", null, "/data");
        Traced newcomer = new Traced("8,32", "sdc", null, "0x5000c500e5f60718", null, null);
        List<Pair> pairs = match(List.of(oldDisk), List.of(newcomer, moved));
        assertEquals(1, pairs.size());
        assertEquals("8,80", pairs.get(0).after().id());
        assertEquals("wwn", pairs.get(0).by());
        assertFalse(pairs.get(0).loose());
        assertEquals("sdc (8,32) / sdf (8,80)", pairs.get(0).subject());
        assertTrue(notes.contains("block device sdc (8,32) is only in after"), notes.toString());
    }

    @Test
    void lsblkMultipathAndUdevSpellTheSameWwn() {
        assertTrue(DeviceMatcher.sameWwn("0x5000c500a1b2c3d4", "35000c500a1b2c3d4"));
        assertTrue(DeviceMatcher.sameWwn("naa.5000C500A1B2C3D4", "0x5000c500a1b2c3d4"));
        assertFalse(DeviceMatcher.sameWwn("0x5000c500a1b2c3d4", "0x5000c500a1b2c3d5"));
        assertFalse(DeviceMatcher.sameWwn("0x5000c500a1b2c3d4", null));
    }

    @Test
    void aDmVolumeRenumberedAtBootIsFoundByItsName() {
        Traced before = new Traced("253,3", "dm-3", "vg0-data", null, null, "/data");
        Traced other = new Traced("253,0", "dm-0", "vg0-root", null, null, "/");
        Traced after = new Traced("253,5", "dm-5", "vg0-data", null, null, "/data");
        Traced root = new Traced("253,0", "dm-0", "vg0-root", null, null, "/");
        List<Pair> pairs = match(List.of(before, other), List.of(root, after));
        Pair data = pairs.stream().filter(p -> p.before().id().equals("253,3")).findFirst().orElseThrow();
        assertEquals("dm name", data.by());
        assertFalse(data.loose());
        assertTrue(notes.stream().anyMatch(n -> n.contains("device-mapper name vg0-data")), notes.toString());
    }

    @Test
    void aMountPointOrTheOnlyDeviceIsLoose() {
        Pair byMount = match(List.of(new Traced("8,16", "sdb", null, null, null, "/u01"), new Traced("8,0", "sda", null,
                        null, null, "/")),
                List.of(new Traced("259,0", "nvme0n1", null, null, null, "/u01"))).get(0);
        assertEquals("mount point", byMount.by());
        assertTrue(byMount.loose());
        Pair only = match(List.of(new Traced("7,0", "loop0", null, null, null, null)),
                List.of(new Traced("7,1", "loop1", null, null, null, null))).get(0);
        assertEquals("only device", only.by());
        assertTrue(only.loose());
    }

    @Test
    void theSameNameOnAnotherSerialIsLoose() {
        Pair p = match(List.of(new Traced("8,32", "sdc", null, null, "ZA1B2C3D", null)),
                List.of(new Traced("8,32", "sdc", null, null, "ZA9Y8X7W", null))).get(0);
        assertEquals("major:minor", p.by());
        assertTrue(p.loose());
        assertTrue(p.note().contains("the serial numbers differ (ZA1B2C3D / ZA9Y8X7W)"), p.note());
    }
}
