package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.model.InputSummary;
import dev.ioverdict.parse.host.CollectionErrorFormat;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The inventory lists a sosreport's failed collections once per command, with the files each
 * left and each distinct message once (testdata/sosreport-failed-collections: three xfs_info runs
 * against /host mount points, blkid, lsscsi, an empty multipathd topology).
 */
class InputTableCollectionErrorsTest {
    @Test
    void oneRowPerFailedCommand() throws IOException {
        Path root = TestData.bundle("sosreport-failed-collections").resolve("sosreport-rhcos-2026-11-26-failed");
        List<InputSummary> inputs;
        try (Stream<Path> s = Files.walk(root.resolve("sos_commands"))) {
            inputs = s.filter(Files::isRegularFile).sorted().map(f -> summary(root, f)).toList();
        }
        List<String> rows = InputTable.of(inputs, 200).listed().stream()
                .map(i -> i.path() + " | " + String.join("; ", i.notes())).toList();
        assertEquals(List.of(
                "sos_commands/block/blkid_-c_.dev.null | collected with an error: blkid: timeout: failed to run command "
                        + "'blkid': No such file or directory",
                "sos_commands/block/lsblk | ",
                "sos_commands/block/lsscsi | collected with an error: lsscsi: sh: lsscsi: command not found",
                "sos_commands/host/hostname | ",
                "sos_commands/kernel/uname_-a | ",
                "sos_commands/multipath/multipathd_show_maps_topology | collected with an error: "
                        + "multipathd_show_maps_topology: no output (an empty file)",
                "sos_commands/xfs/xfs_info_.host, sos_commands/xfs/xfs_info_.host.sysroot, sos_commands/xfs/xfs_info_.host.var"
                        + " | collected with an error: xfs_info: /host: No such file or directory / xfs_info: /host/sysroot "
                        + "is not a mounted XFS filesystem / xfs_info: /host/var is not a mounted XFS filesystem (3 files)"),
                rows);
    }

    /** The commands whose output this bundle keeps intact (README.md there); the others failed. */
    private static final List<String> GOOD = List.of("lsblk", "hostname", "uname_-a");

    /** The inventory row of one file: failed collections as CollectionErrorFormat reads them, the rest plain. */
    private static InputSummary summary(Path root, Path f) {
        String rel = root.relativize(f).toString().replace('\\', '/');
        if (GOOD.contains(f.getFileName().toString())) {
            return new InputSummary(rel, "other", "", 1, 1, 0, null, null, List.of(), 0);
        }
        InputSummary s = ParseRun.of(new CollectionErrorFormat(), f).summary();
        return new InputSummary(rel, CollectionErrorFormat.ID, "", s.lines(), s.records(), 0, null, null, List.of(), 0,
                s.notes());
    }
}
