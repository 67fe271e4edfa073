package dev.ioverdict.parse.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.model.config.Mount;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class MountsFormatTest {
    private static final MountsFormat FORMAT = new MountsFormat();

    private static Path recorded(String name) {
        return TestData.bundle("config-xfs-loop").resolve("bundle").resolve(name);
    }

    @Test
    void procMountsOfTheRecordingMachine() {
        Parsed p = Parsed.of(FORMAT, recorded("mounts.txt"));
        List<Mount> mounts = p.all(Mount.class);
        assertEquals(23, mounts.size());
        Mount data = mounts.get(21);
        assertEquals("/dev/loop0", data.device());
        assertEquals("/mnt/config-data", data.mount());
        assertEquals("xfs", data.type());
        assertEquals(List.of("rw", "relatime", "inode64", "logbufs=8", "logbsize=32k", "noquota"), data.options());
        assertNull(data.majMin());
        assertEquals(22, data.line());
        assertEquals("/dev/loop0 /mnt/config-data xfs rw,relatime,inode64,logbufs=8,logbsize=32k,noquota 0 0", data.text());
        List<FilesystemInfo> fs = p.all(FilesystemInfo.class);
        assertEquals(List.of("/dev/vda", "/dev/loop0", "/dev/loop1"), fs.stream().map(FilesystemInfo::device).toList());
        assertEquals("ext4", fs.get(0).type());
        assertNull(fs.get(1).blockSize());
        assertEquals(23, p.summary().records());
        assertTrue(p.summary().warnings().isEmpty());
    }

    @Test
    void mountCommandOutputGivesTheSameTable() {
        List<Mount> fromMount = Parsed.of(FORMAT, recorded("mount.txt")).all(Mount.class);
        List<Mount> fromProc = Parsed.of(FORMAT, recorded("mounts.txt")).all(Mount.class);
        assertEquals(fromProc.size(), fromMount.size());
        for (int i = 0; i < fromProc.size(); i++) {
            assertEquals(fromProc.get(i).device(), fromMount.get(i).device());
            assertEquals(fromProc.get(i).mount(), fromMount.get(i).mount());
            assertEquals(fromProc.get(i).type(), fromMount.get(i).type());
            assertEquals(fromProc.get(i).options(), fromMount.get(i).options());
        }
        assertEquals("/dev/loop1 on /mnt/config-redo type xfs (rw,relatime,inode64,logbufs=8,logbsize=32k,noquota)",
                fromMount.get(22).text());
    }

    @Test
    void mountinfoGivesMajorMinor() {
        // lines of /proc/self/mountinfo on the recording machine, and the example of proc(5)
        String text = """
                22 27 0:21 / /proc rw,relatime - proc proc rw
                23 27 0:22 / /sys rw,relatime - sysfs sysfs rw
                25 24 0:23 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=24682416k
                27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard,resv_strict,resuid=65534,resgid=65534
                36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue
                """;
        Parsed p = Parsed.text(FORMAT, text, "mountinfo.txt");
        List<Mount> m = p.all(Mount.class);
        assertEquals(5, m.size());
        assertEquals(new Mount("/dev/vda", "/", "ext4",
                List.of("rw", "relatime", "discard", "resv_strict", "resuid=65534", "resgid=65534"), "254:0",
                "mountinfo.txt", 4, text.lines().toList().get(3)), m.get(3));
        assertEquals("/dev/root", m.get(4).device());
        assertEquals("/mnt2", m.get(4).mount());
        assertEquals("98:0", m.get(4).majMin());
        assertEquals(List.of("rw", "noatime", "errors=continue"), m.get(4).options());
        assertEquals(2, p.all(FilesystemInfo.class).size());
        assertTrue(FORMAT.recognise(Parsed.sample(text, "mountinfo.txt")).score() == 100);
    }

    @Test
    void octalEscapesAndPromptLines() {
        Parsed p = Parsed.text(FORMAT, "# cat /proc/mounts\n/dev/sdb1 /mnt/my\\040disk ext4 rw,noatime 0 0\n"
                + "server:/export /home nfs4 rw,vers=4.2,rsize=1048576 0 0\n", "m.txt");
        List<Mount> m = p.all(Mount.class);
        assertEquals("/mnt/my disk", m.get(0).mount());
        assertEquals("nfs4", m.get(1).type());
        assertEquals(2, p.all(FilesystemInfo.class).size(), "a network filesystem is storage too");
        assertTrue(p.summary().warnings().isEmpty());
    }

    @Test
    void otherTablesAreNotMountTables() {
        assertFalse(FORMAT.recognise(Parsed.sample(recorded("losetup.txt"), "losetup.txt")).matches());
        assertFalse(FORMAT.recognise(Parsed.sample(recorded("lsblk.txt"), "lsblk.txt")).matches());
        assertFalse(FORMAT.recognise(Parsed.sample("sda 8:0 0 20G 0 disk\nsda1 8:1 0 1G 0 part\n", "x")).matches());
    }
}
