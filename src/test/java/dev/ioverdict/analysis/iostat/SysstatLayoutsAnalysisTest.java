package dev.ioverdict.analysis.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.bundle.BundleReader;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.iostat.IostatSection;
import dev.ioverdict.pipeline.CaseReader;
import dev.ioverdict.pipeline.Progress;
import dev.ioverdict.testing.TestData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The per-device averages of testdata/iostat-layouts against the tools' own: sar's {@code Average:}
 * rows, and for iostat (which prints none) the means of its printed interval reports as awk reads
 * them from the text (README.md gives the commands), -h values turned into kB by powers of 1024.
 */
class SysstatLayoutsAnalysisTest {
    private static List<IostatDevice> devices;

    @BeforeAll
    static void read() throws Exception {
        try (var b = BundleReader.open(TestData.bundle("iostat-layouts").resolve("bundle"))) {
            CaseData data = CaseReader.read(b, null, Progress.NONE);
            devices = data.results().get(IostatSection.class).orElseThrow().devices();
        }
    }

    private static IostatDevice device(String input, String device) {
        return devices.stream().filter(d -> d.input().equals(input) && d.device().equals(device)).findFirst()
                .orElseThrow(() -> new AssertionError(input + " " + device));
    }

    private static void averages(String input, String device, int samples, double tolerance, Map<String, Double> expected) {
        IostatDevice d = device(input, device);
        assertEquals(samples, d.samples(), input + " " + device);
        expected.forEach((column, avg) -> assertEquals(avg, d.metrics().get(column).avg(), tolerance,
                input + " " + device + " " + column));
    }

    @Test
    void sarAveragesAreSarsOwnAverageRows() {
        // Average:        loop0    499.29   1182.86    814.29      0.00      4.00      0.19      0.38     21.14
        Map<String, Double> loop0 = Map.of("tps", 499.29, "rkB/s", 1182.86, "wkB/s", 814.29, "areq-sz", 4.00,
                "aqu-sz", 0.19, "await", 0.38, "%util", 21.14);
        // sar divides the interval's counters by its time; the mean of its printed rows differs by rounding only
        for (String input : List.of("sar-d.txt", "sadf-d.txt", "sadf-j-d.json")) {
            averages(input, "loop0", 7, 0.006, loop0);
        }
        averages("sar-d-j-ID.txt", "virtio-ioverdict-loop0", 7, 0.006, loop0);
        averages("sar-d-j-LABEL.txt", "ioverdict-a", 7, 0.006, loop0);
        // Average:        loop1    119.14      0.00   1906.29      0.00     16.00      0.07      0.55      7.94
        Map<String, Double> loop1 = Map.of("tps", 119.14, "wkB/s", 1906.29, "aqu-sz", 0.07, "await", 0.55,
                "%util", 7.94);
        averages("sar-d.txt", "loop1", 7, 0.006, loop1);
        averages("sar-d-j-PATH.txt", "platform-ioverdict-loop1", 7, 0.006, loop1);
        averages("sar-d-j-UUID.txt", "8eef8adf-6273-4f0e-b25a-905e465b2bf5", 7, 0.006, loop1);
        // sar -h: "Average: ... 1.2M 795.2k ... 0.4 21.1%": one decimal of the unit, so within half a unit
        averages("sar-d-h.txt", "loop0", 7, 0.05 * 1024, Map.of("rkB/s", 1182.86, "wkB/s", 814.29));
        averages("sar-d-h.txt", "loop0", 7, 0.05, Map.of("tps", 499.29, "%util", 21.14, "await", 0.38));
    }

    /**
     * sar's Average of a ratio is the ratio of the interval's sums (request-weighted), ioverdict's the
     * plain mean of the printed ratios (IostatAnalysis says why): they agree where the load is even
     * (loop0, loop1 above), not for vda's bursts.
     */
    private static final java.util.Set<String> RATIOS = java.util.Set.of("areq-sz", "await");

    /**
     * Every {@code Average:} row sar printed, in the recordings here and in the public sample of
     * sysstat's own test data (testdata/external/sar-d), against the average of the rows read.
     */
    @Test
    void everySarAverageRowIsMet() throws Exception {
        List<IostatDevice> external;
        try (var b = BundleReader.open(TestData.external().resolve("sar-d"))) {
            external = CaseReader.read(b, null, Progress.NONE).results().get(IostatSection.class).orElseThrow().devices();
        }
        int checked = 0;
        for (String name : List.of("sar-d.txt", "sar-d-j-ID.txt", "sar-d-j-LABEL.txt", "sar-d-j-PATH.txt",
                "sar-d-j-UUID.txt", "external:sysstat-testdata-fedora28-kernel4.17-sa-file-sar-A-DEV-section-with-COM-record.txt")) {
            boolean ext = name.startsWith("external:");
            String input = ext ? name.substring("external:".length()) : name;
            java.nio.file.Path path = ext ? TestData.external("sar-d/" + input) : TestData.file("iostat-layouts", input);
            List<String> header = null;
            for (String line : java.nio.file.Files.readAllLines(path)) {
                List<String> t = List.of(line.trim().split("\\s+"));
                if (header == null && t.contains("DEV")) {
                    header = t.subList(1, t.size());
                } else if (t.get(0).equals("Average:")) {
                    boolean devLast = header.get(header.size() - 1).equals("DEV");
                    String device = devLast ? t.get(t.size() - 1) : t.get(1);
                    List<String> values = devLast ? t.subList(1, t.size() - 1) : t.subList(2, t.size());
                    List<String> columns = devLast ? header.subList(0, header.size() - 1) : header.subList(1, header.size());
                    IostatDevice d = (ext ? external : devices).stream()
                            .filter(x -> x.input().equals(input) && x.device().equals(device)).findFirst().orElseThrow();
                    for (int i = 0; i < columns.size(); i++) {
                        if (RATIOS.contains(columns.get(i))) {
                            continue;
                        }
                        assertEquals(Double.parseDouble(values.get(i)), d.metrics().get(columns.get(i)).avg(), 0.006,
                                input + " " + device + " " + columns.get(i));
                        checked++;
                    }
                }
            }
        }
        assertEquals(6 * (2 + 4 * 4 + 13), checked, "sar-d 2 devices, -j 4 files of 4 devices, fedora 13");
    }

    @Test
    void iostatAveragesAreTheMeansOfItsIntervalReports() {
        averages("iostat-x-t.txt", "loop0", 4, 1e-9, Map.of("r/s", 283.25, "w/s", 203.75, "rkB/s", 1133.0,
                "wkB/s", 815.0, "r_await", 0.415, "w_await", 0.3275, "aqu-sz", 0.1875, "%util", 20.1));
        averages("iostat-x-pretty-t.txt", "loop0", 4, 1e-9, Map.of("r/s", 283.25, "w/s", 203.75, "rkB/s", 1133.0,
                "wkB/s", 815.0, "r_await", 0.42, "w_await", 0.325, "aqu-sz", 0.185, "%util", 20.1));
        averages("iostat-x-h-t.txt", "loop0", 4, 1e-9, Map.of("r/s", 283.5, "w/s", 203.5, "rkB/s", 1126.4,
                "wkB/s", 814.0, "r_await", 0.425, "w_await", 0.3325, "aqu-sz", 0.1875, "%util", 20.4));
        averages("iostat-x-h-t-11.6.6.txt", "loop0", 4, 1e-9, Map.of("r/s", 283.75, "w/s", 203.25, "rkB/s", 1126.4,
                "wkB/s", 813.0, "r_await", 0.4225, "w_await", 0.325, "svctm", 0.415, "%util", 20.2));
        averages("iostat-x-h-t-10.2.1.txt", "loop0", 4, 1e-4, Map.of("r/s", 283.5275, "w/s", 201.9675,
                "rkB/s", 1134.11, "wkB/s", 807.8725, "await", 0.385, "avgqu-sz", 0.1875, "%util", 20.3425));
        averages("iostat-d-t.txt", "loop1", 4, 1e-9, Map.of("tps", 120.5, "kB_wrtn/s", 1928.0, "kB_wrtn", 1928.0));
        averages("iostat-d-h-t.txt", "loop1", 4, 1e-9, Map.of("tps", 120.5, "kB_wrtn/s", 1894.4));
        IostatDevice basic = device("iostat-d-t.txt", "loop1");
        assertEquals(List.of("tps", "kB_read/s", "kB_wrtn/s"), basic.keyColumns());
    }

    @Test
    void aDeviceOnlyInTheSinceBootReportHasNoSamples() {
        // iostat -x -z: loop2, read once before the run and idle after, is printed in the first report only
        IostatDevice loop2 = device("iostat-x-z-t.txt", "loop2");
        assertEquals(0, loop2.samples());
        assertEquals(Boolean.TRUE, loop2.singleReport());
        assertEquals(0.26, loop2.sinceBoot().get("rkB/s"));
        assertEquals(4, device("iostat-x-z-t.txt", "loop0").samples());
        assertTrue(devices.stream().filter(d -> d.input().equals("iostat-x-z-p-ALL-t.txt"))
                .allMatch(d -> d.samples() == 4 || d.samples() == 0));
    }
}
