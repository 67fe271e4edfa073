package dev.ioverdict.parse.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.bundle.FormatDetector;
import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.model.Facts;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** A sosreport's failed collections (testdata/sosreport-failed-collections) listed with the command's message. */
class CollectionErrorFormatTest {
    private static final Path CASE = TestData.root().resolve("testdata/sosreport-failed-collections");

    @Test
    void failedCommandsAreCollectedWithAnErrorNotUnknown() throws Exception {
        FormatDetector detector = new FormatDetector(InputFormats.all());
        Map<String, String> seen = new TreeMap<>();
        try (Stream<Path> files = Files.walk(CASE)) {
            for (Path f : files.filter(Files::isRegularFile).filter(p -> !p.endsWith("README.md")).sorted().toList()) {
                String rel = CASE.relativize(f).toString().replace('\\', '/');
                BundleFile bf = new BundleFile(rel, f, Files.size(f), false);
                var d = detector.detect(bf);
                String id = d.formatId();
                if (!id.equals(CollectionErrorFormat.ID)) {
                    seen.put(f.getFileName().toString(), id);
                    continue;
                }
                ParseContext ctx = new ParseContext(rel, new Facts());
                d.format().get().parse(bf, ctx);
                var summary = ctx.summary(id, d.because());
                assertFalse(summary.damaged(), rel);
                assertEquals(0, summary.records(), rel);
                seen.put(f.getFileName().toString(), String.join("; ", summary.notes()));
            }
        }
        assertEquals(Map.of(
                "blkid_-c_.dev.null", "collected with an error: blkid: timeout: failed to run command 'blkid': No such file or directory",
                "hostname", "hostname",
                "lsblk", "lsblk",
                "lsscsi", "collected with an error: lsscsi: sh: lsscsi: command not found",
                "multipathd_show_maps_topology", "collected with an error: multipathd_show_maps_topology: no output (an empty file)",
                "uname_-a", "uname",
                "xfs_info_.host", "collected with an error: xfs_info: /host: No such file or directory",
                "xfs_info_.host.sysroot", "collected with an error: xfs_info: xfs_info: /host/sysroot is not a mounted XFS filesystem",
                "xfs_info_.host.var", "collected with an error: xfs_info: xfs_info: /host/var is not a mounted XFS filesystem"), seen);
    }

    @Test
    void aBundleWithFailedCollectionsIsNotDamaged() {
        Cli r = Cli.run("inspect", CASE.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("note sosreport-rhcos-2026-11-26-failed/sos_commands/xfs/xfs_info_.host: "
                + "collected with an error: xfs_info: /host: No such file or directory"), r.out());
    }

    @Test
    void theCommandIsTheFileNameUpToItsFirstArgument() {
        assertEquals("xfs_info", CollectionErrorFormat.command("sos_commands/xfs/xfs_info_.host.sysroot"));
        assertEquals("parted", CollectionErrorFormat.command("sos_commands/block/parted_-s_.dev.sda_unit_s_print"));
        assertEquals("lsscsi", CollectionErrorFormat.command("sos_commands/block/lsscsi"));
        // an error line outside sos_commands is not a sos collection
        assertFalse(CollectionErrorFormat.inSosCommands("var/log/messages"));
    }
}
