package dev.ioverdict.analysis.syscall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.config.FilesystemInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

class FilesystemResolverTest {
    private static final FilesystemInfo XFS_INFO = new FilesystemInfo("/dev/loop0", null, "xfs", 4096, 512,
            "xfs_info.txt", 5, "data     =                       bsize=4096   blocks=524288, imaxpct=25");
    private static final FilesystemInfo ROOT = new FilesystemInfo("/dev/vda", "/", "ext4", null, null, "mounts.txt", 1,
            "/dev/vda / ext4 rw,relatime 0 0");
    private static final FilesystemInfo LOOP = new FilesystemInfo("/dev/loop0", "/tmp/iocap/sys-mnt", "xfs", null, null,
            "mounts.txt", 23, "/dev/loop0 /tmp/iocap/sys-mnt xfs rw,relatime 0 0");

    @Test
    void longestMountThenTheBlockSizeOfItsDevice() {
        var r = new FilesystemResolver(List.of(ROOT, LOOP, XFS_INFO)).resolve("/tmp/iocap/sys-mnt/redo01.log");
        assertEquals("xfs", r.type());
        assertEquals(4096, r.blockSize());
        assertEquals("/tmp/iocap/sys-mnt", r.mount());
        assertEquals("xfs_info.txt:5", r.evidence().location());
        assertEquals("mount point /tmp/iocap/sys-mnt (mounts.txt:23)", r.how());
    }

    @Test
    void aFileOnAnotherFilesystemIsNotTakenForTheXfsOne() {
        var r = new FilesystemResolver(List.of(ROOT, LOOP, XFS_INFO)).resolve("/tmp/iocap/sys-mntx/file");
        assertEquals("ext4", r.type());
        assertNull(r.blockSize());
    }

    @Test
    void withoutMountsTheOneXfsIsAssumedAndSaidSo() {
        var r = new FilesystemResolver(List.of(XFS_INFO)).resolve(null);
        assertEquals(4096, r.blockSize());
        assertTrue(r.how().startsWith("assumed: the trace does not show which file"), r.how());
        assertNull(new FilesystemResolver(List.of()).resolve("/data/redo01.log"));
    }
}
