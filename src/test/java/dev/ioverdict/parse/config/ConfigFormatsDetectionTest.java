package dev.ioverdict.parse.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.bundle.DetectedFile;
import dev.ioverdict.bundle.FormatDetector;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The configuration formats claim their own files and nothing else: every public sample in
 * testdata/external and every file of the recorded config bundle, through the real detector.
 */
class ConfigFormatsDetectionTest {
    private static final List<InputFormat> MINE = List.of(new LsblkFormat(), new MountsFormat(), new SysfsFormat(),
            new XfsInfoFormat(), new LsblkJsonFormat(), new FindmntFormat());
    /** external/ folder -> the format that must claim its files. */
    private static final Map<String, String> EXTERNAL = Map.of("xfs_info", "xfs-info", "lsblk", "lsblk",
            "block-queue-scheduler", "sysfs-scheduler", "lsblk-json", "lsblk", "findmnt", "findmnt");
    /** Recorded bundle file -> its format. */
    private static final Map<String, String> RECORDED = Map.ofEntries(
            Map.entry("lsblk.txt", "lsblk"), Map.entry("lsblk-pairs.txt", "lsblk"),
            Map.entry("mounts.txt", "mounts"), Map.entry("mount.txt", "mounts"),
            Map.entry("mkfs-xfs-512.txt", "xfs-info"), Map.entry("xfs_info.txt", "xfs-info"),
            Map.entry("xfs_info-all.txt", "xfs-info"), Map.entry("scheduler.txt", "sysfs-scheduler"),
            Map.entry("queue-settings.txt", "sysfs-scheduler"), Map.entry("sysfs-queue-grep.txt", "sysfs-scheduler"),
            Map.entry("sys/block/loop0/queue/scheduler", "sysfs-scheduler"),
            Map.entry("sys/block/loop0/queue/nr_requests", "sysfs-scheduler"),
            Map.entry("sys/block/loop0/queue/rotational", "sysfs-scheduler"),
            Map.entry("uname.txt", "uname"), Map.entry("losetup.txt", "losetup"));

    private final FormatDetector detector = new FormatDetector(InputFormats.all());

    @Test
    void everyExternalSample() throws Exception {
        Path external = TestData.external();
        List<String> wrong = new ArrayList<>();
        int mineSeen = 0;
        for (Path f : files(external)) {
            String folder = external.relativize(f).getName(0).toString();
            String bundlePath = external.relativize(f).toString();
            String expected = EXTERNAL.get(folder);
            mineSeen += expected != null ? 1 : 0;
            check(f, bundlePath, expected, wrong);
        }
        assertTrue(mineSeen >= 16, "expected the xfs_info, lsblk and scheduler samples, saw " + mineSeen);
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    @Test
    void everyRecordedConfigFile() throws Exception {
        Path bundle = TestData.bundle("config-xfs-loop").resolve("bundle");
        List<String> wrong = new ArrayList<>();
        List<Path> all = files(bundle);
        for (Path f : all) {
            String bundlePath = bundle.relativize(f).toString().replace('\\', '/');
            check(f, bundlePath, RECORDED.get(bundlePath), wrong);
        }
        assertEquals(RECORDED.size(), all.size(), "every file of the bundle is listed");
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    private void check(Path f, String bundlePath, String expected, List<String> wrong) throws Exception {
        DetectedFile d = detector.detect(new BundleFile(bundlePath, f, Files.size(f), false));
        boolean detectedAsMine = MINE.stream().anyMatch(m -> m.id().equals(d.formatId()));
        if (expected != null && !expected.equals(d.formatId())) {
            wrong.add(bundlePath + ": detected as " + d.formatId() + " (" + d.because() + "), expected " + expected);
        } else if (expected == null && detectedAsMine) {
            wrong.add(bundlePath + ": claimed by " + d.formatId() + " (" + d.because() + ")");
        }
        var sample = Parsed.sample(f, bundlePath);
        for (InputFormat m : MINE) {
            if (!m.id().equals(expected) && m.recognise(sample).matches()) {
                wrong.add(bundlePath + ": " + m.id() + " scores " + m.recognise(sample));
            }
        }
    }

    private static List<Path> files(Path root) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().endsWith(".md")).sorted()
                    .toList();
        }
    }
}
