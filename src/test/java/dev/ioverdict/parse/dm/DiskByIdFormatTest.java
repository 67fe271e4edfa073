package dev.ioverdict.parse.dm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.model.config.ListedDevice;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ls -l of /dev/disk/by-id and /dev/mapper. The listings are written in ls -l's layout (no public
 * capture of one is among testdata/external) for the multipath map of the Red Hat guide's
 * {@code multipath -ll} example (WWID 3600d0230000000000e13955cc3757800 on dm-1, paths sdb sdf).
 */
class DiskByIdFormatTest {
    private static final DiskByIdFormat FORMAT = new DiskByIdFormat();
    private static final String WWID = "3600d0230000000000e13955cc3757800";
    private static final String LS_LR = """
            /dev/disk/by-id:
            total 0
            drwxr-xr-x. 2 root root 260 Mar  3 10:12 .
            drwxr-xr-x. 7 root root 140 Mar  3 10:12 ..
            lrwxrwxrwx. 1 root root  10 Mar  3 10:12 dm-name-mpathb -> ../../dm-1
            lrwxrwxrwx. 1 root root  10 Mar  3 10:12 dm-uuid-mpath-3600d0230000000000e13955cc3757800 -> ../../dm-1
            lrwxrwxrwx. 1 root root   9 Mar  3 10:12 ata-ST1000NM0033-9ZM173_Z1W0ABCD -> ../../sda
            lrwxrwxrwx. 1 root root  10 Mar  3 10:12 ata-ST1000NM0033-9ZM173_Z1W0ABCD-part1 -> ../../sda1
            lrwxrwxrwx. 1 root root   9 Mar  3 10:12 wwn-0x5000c500a1b2c3d4 -> ../../sda
            lrwxrwxrwx. 1 root root  10 Mar  3 10:12 wwn-0x5000c500a1b2c3d4-part1 -> ../../sda1

            /dev/disk/by-path:
            total 0
            lrwxrwxrwx. 1 root root   9 Mar  3 10:12 pci-0000:00:1f.2-ata-1 -> ../../sda
            lrwxrwxrwx. 1 root root   9 Mar  3 10:12 pci-0000:05:00.0-fc-0x500601603ce0288e-lun-0 -> ../../sdb

            /dev/mapper:
            total 0
            crw-------. 1 root root 10, 236 Mar  3 10:12 control
            lrwxrwxrwx. 1 root root       7 Mar  3 10:12 mpathb -> ../dm-1

            /dev/pts:
            crw--w----. 1 root tty  136, 0 Mar  3 10:15 0
            """;

    @TempDir
    Path tmp;

    @Test
    void identitiesFromTheStableNames() {
        assertEquals(100, FORMAT.recognise(new Sample("ls_-lanR_.dev", LS_LR.lines().toList())).score());
        ParseRun run = ParseRun.of(FORMAT, "ls_-lanR_.dev", LS_LR);
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
        assertEquals(9, run.summary().records()); // every symlink of the by-id, by-path and mapper sections
        List<ListedDevice> ids = run.all(ListedDevice.class);
        assertEquals(List.of("dm-1 mpathb null", "dm-1 null " + WWID, "sda null 0x5000c500a1b2c3d4", "dm-1 mpathb null"),
                ids.stream().map(i -> i.device() + " " + i.name() + " " + i.wwid()).toList());
        assertEquals(5, ids.get(0).line());
    }

    @Test
    void oneFolderWithoutHeader() {
        String byId = """
                total 0
                lrwxrwxrwx 1 root root 10 Nov 24 04:00 nvme-eui.0025388b71b2c3d4 -> ../../nvme0n1
                lrwxrwxrwx 1 root root 13 Nov 24 04:00 nvme-Samsung_SSD_970_EVO_1TB_S467NX0M123456 -> ../../nvme0n1
                """;
        assertEquals(100, FORMAT.recognise(new Sample("by-id.txt", byId.lines().toList())).score());
        List<ListedDevice> ids = ParseRun.of(FORMAT, "by-id.txt", byId).all(ListedDevice.class);
        assertEquals(1, ids.size());
        assertEquals("eui.0025388b71b2c3d4", ids.get(0).wwid());
    }

    @Test
    void theMultipathMapIsNamedByItsAliasFromTheListing() throws IOException {
        Path multipath = TestData.external("multipath/redhat-rhel6-dm-multipath-guide-example-winsys-two-pgs.txt");
        StorageConfig alone = RuleHarness.data(multipath).results().get(StorageConfig.class).orElseThrow();
        assertEquals("dm-1", alone.label("dm-1")); // its map name is its WWID: a field of its identity, not its label
        Path listing = Files.writeString(tmp.resolve("zz-ls_-lanR_.dev"), LS_LR); // read after multipath -ll
        StorageConfig c = RuleHarness.data(multipath, listing).results().get(StorageConfig.class).orElseThrow();
        assertEquals("dm-1 mpathb", c.label("dm-1"));
        assertEquals("sda", c.label("sda"));
    }
}
