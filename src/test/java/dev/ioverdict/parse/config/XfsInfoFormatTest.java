package dev.ioverdict.parse.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.model.config.XfsGeometry;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class XfsInfoFormatTest {
    private static final XfsInfoFormat FORMAT = new XfsInfoFormat();

    private static Path external(String name) {
        Path p = TestData.external("xfs_info").resolve(name);
        return p;
    }

    private static Path recorded(String name) {
        return TestData.bundle("config-xfs-loop").resolve("bundle").resolve(name);
    }

    private static XfsGeometry only(Parsed p) {
        List<XfsGeometry> all = p.all(XfsGeometry.class);
        assertEquals(1, all.size(), all.toString());
        return all.get(0);
    }

    @Test
    void oldXfsprogsWithoutCrcLineAndStripeUnit() {
        Parsed p = Parsed.of(FORMAT, external("insights-sosreport-old-xfsprogs-no-crc-line-sunit32.txt"));
        XfsGeometry g = only(p);
        assertEquals("/dev/sda", g.device());
        assertEquals(4096, g.blockSize());
        assertEquals(536869888L, g.blocks());
        assertEquals(512, g.sectorSize());
        assertEquals(32, g.agCount());
        assertEquals(16777184L, g.agSize());
        assertEquals(32L, g.sunit());
        assertEquals(128L, g.swidth());
        assertNull(g.crc(), "this xfsprogs prints no crc=");
        assertEquals("internal", g.log());
        assertEquals(4096, g.logBlockSize());
        assertEquals(32768L, g.logBlocks());
        assertEquals(512, g.logSectorSize());
        assertEquals(32L, g.logSunit());
        assertEquals("none", g.realtime());
        assertEquals(524288, g.realtimeExtentSize());
        assertEquals(4096, g.directoryBlockSize());
        assertEquals(3, g.line());
        assertEquals("data     =              bsize=4096   blocks=536869888, imaxpct=5", g.text());
        assertFalse(g.externalLog());
        FilesystemInfo f = p.all(FilesystemInfo.class).get(0);
        assertEquals(new FilesystemInfo("/dev/sda", null, "xfs", 4096, 512, g.input(), 3, g.text()), f);
        assertEquals(0, p.summary().skipped());
        assertTrue(p.summary().warnings().isEmpty());
    }

    @Test
    void lvmRootWithCrcOffAndFtypeOff() {
        XfsGeometry g = only(Parsed.of(FORMAT, external("insights-sosreport-lvm-root-crc0-finobt0-ftype0.txt")));
        assertEquals("/dev/mapper/vgSys-lvRoot", g.device());
        assertEquals(4096, g.blockSize());
        assertEquals(1280000L, g.blocks());
        assertEquals(256, g.inodeSize());
        assertEquals(Boolean.FALSE, g.crc());
        assertEquals(Boolean.FALSE, g.ftype());
        assertEquals("0", g.settings().get("meta-data.finobt"));
        assertEquals("1", g.settings().get("meta-data.projid32bit"));
        assertEquals(2560L, g.logBlocks());
    }

    @Test
    void externalLogOnAnImageFile() {
        XfsGeometry g = only(Parsed.of(FORMAT, external("insights-image-file-external-log.txt")));
        assertEquals("data.xfs.image", g.device());
        assertEquals("log.xfs.image", g.log());
        assertTrue(g.externalLog());
        assertEquals(25600L, g.logBlocks());
        assertEquals(262144L, g.blocks());
    }

    @Test
    void mkfsOutputWithReflinkAnd4kSectorsAndChatter() {
        Parsed p = Parsed.of(FORMAT, external("salt-tests-mkfs-xfs-lvm-reflink-sectsz4096.txt"));
        XfsGeometry g = only(p);
        assertEquals("/dev/vg00/testvol", g.device());
        assertEquals(4096, g.sectorSize());
        assertEquals(4096, g.logSectorSize());
        assertEquals(1L, g.logSunit());
        assertEquals(Boolean.TRUE, g.reflink());
        assertEquals(Boolean.TRUE, g.crc());
        assertEquals("internal log", g.log());
        assertEquals("1", g.settings().get("meta-data.sparse"));
        assertTrue(p.summary().warnings().isEmpty(), "'Discarding blocks...Done.' is not a problem");
    }

    @Test
    void recordedLoopDeviceTakesTheMountPointFromTheCommandLines() {
        Parsed p = Parsed.of(FORMAT, recorded("xfs_info-all.txt"), "xfs_info-all.txt");
        List<XfsGeometry> all = p.all(XfsGeometry.class);
        assertEquals(2, all.size());
        XfsGeometry data = all.get(0);
        assertEquals("/dev/loop0", data.device());
        assertEquals("/mnt/config-data", data.mount());
        assertEquals(4096, data.blockSize());
        assertEquals(131072L, data.blocks());
        assertEquals(6, data.line());
        XfsGeometry redo = all.get(1);
        assertEquals("/dev/loop1", redo.device());
        assertEquals("/mnt/config-redo", redo.mount());
        assertEquals(1024, redo.blockSize());
        assertEquals(1024, redo.logBlockSize());
        assertEquals(512, redo.sectorSize());
        assertEquals(17, redo.line());
        assertEquals("data     =                       bsize=1024   blocks=524288, imaxpct=25", redo.text());
        assertEquals("1", redo.settings().get("meta-data.bigtime"));
        assertEquals(2, p.summary().records());
        assertTrue(p.summary().warnings().isEmpty());
    }

    @Test
    void recordedMkfsWith512ByteBlocksAndDeprecationNotice() {
        Parsed p = Parsed.of(FORMAT, recorded("mkfs-xfs-512.txt"));
        XfsGeometry g = only(p);
        assertEquals("/dev/loop2", g.device());
        assertNull(g.mount());
        assertEquals(512, g.blockSize());
        assertEquals(512, g.logBlockSize());
        assertEquals(Boolean.FALSE, g.crc());
        assertEquals(6, g.line());
        assertTrue(p.summary().warnings().isEmpty());
    }

    @Test
    void promptLinesAndHeadingsNameTheFilesystem() throws Exception {
        String sosreport = Files.readString(external("insights-sosreport-old-xfsprogs-no-crc-line-sunit32.txt"));
        String lvm = Files.readString(external("insights-sosreport-lvm-root-crc0-finobt0-ftype0.txt"));
        String text = "[root@db01 ~]# xfs_info /oracle/redo\n" + sosreport
                + "\n$ xfs_info /dev/mapper/vgSys-lvRoot\n" + lvm
                + "==> /u01 <==\n" + sosreport
                + "xfs_info /u02\n" + sosreport;
        Parsed p = Parsed.text(FORMAT, text, "xfs.txt");
        List<FilesystemInfo> fs = p.all(FilesystemInfo.class);
        assertEquals(4, fs.size());
        assertEquals("/u02", fs.get(3).mount());
        assertEquals("/oracle/redo", fs.get(0).mount());
        assertEquals("/dev/sda", fs.get(0).device());
        assertNull(fs.get(1).mount(), "xfs_info of a device names no mount point");
        assertEquals("/dev/mapper/vgSys-lvRoot", fs.get(1).device());
        assertEquals("/u01", fs.get(2).mount());
        assertEquals(4, fs.get(0).line());
        assertTrue(p.summary().warnings().isEmpty(), p.summary().warnings().toString());
    }

    @Test
    void toolErrorsAndTruncatedBlocksAreWarningsWithLineNumbers() throws Exception {
        String sosreport = Files.readString(external("insights-sosreport-old-xfsprogs-no-crc-line-sunit32.txt"));
        String head = String.join("\n", sosreport.lines().limit(2).toList());
        String text = "# xfs_info /nfs\nxfs_info: /nfs is not a mounted XFS filesystem\n" + head + "\n"
                + "# xfs_info /data\n" + sosreport;
        Parsed p = Parsed.text(FORMAT, text, "xfs.txt");
        assertEquals(2, p.all(XfsGeometry.class).size());
        assertNull(p.all(XfsGeometry.class).get(0).blockSize());
        assertEquals(4096, p.all(XfsGeometry.class).get(1).blockSize());
        assertEquals("/data", p.all(XfsGeometry.class).get(1).mount());
        // the tool's own error is what it printed, not damage: a note with its line; the cut block is a warning
        assertTrue(p.summary().notes().stream().anyMatch(n -> n.contains("(line 2)") && n.contains("not a mounted XFS filesystem")),
                p.summary().notes().toString());
        var warnings = p.summary().warnings();
        assertEquals(1, warnings.size(), warnings.toString());
        assertEquals(3, warnings.get(0).line());
        assertTrue(warnings.get(0).message().contains("block size unknown"));
    }

    @Test
    void recognisesGeometryOnly() {
        assertTrue(FORMAT.recognise(Parsed.sample(recorded("xfs_info.txt"), "xfs_info.txt")).score() == 100);
        assertFalse(FORMAT.recognise(Parsed.sample("data=ordered\nmeta-data is nice\n", "x.txt")).matches());
        assertFalse(FORMAT.recognise(Parsed.sample(recorded("mounts.txt"), "mounts.txt")).matches());
    }
}
