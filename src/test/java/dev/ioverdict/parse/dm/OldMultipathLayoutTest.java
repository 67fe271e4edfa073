package dev.ioverdict.parse.dm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.model.config.ListedDevice;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * multipathd's topology in the bracketed layout of multipath-tools 0.4.7 (RHEL 5) and the same two
 * maps as multipath -ll prints them today (testdata/odd-layouts): the same maps and paths.
 */
class OldMultipathLayoutTest {
    private static List<String> devices(String file) {
        ParseRun run = ParseRun.of(new MultipathFormat(), TestData.root().resolve("testdata/odd-layouts").resolve(file));
        assertEquals(0, run.summary().skipped(), file);
        return run.all(ListedDevice.class).stream()
                .map(d -> d.device() + " " + d.name() + " " + d.wwid() + " " + d.majMin() + " " + d.under() + " "
                        + d.vendor())
                .toList();
    }

    @Test
    void bracketedAndCurrentLayoutsGiveTheSameMapsAndPaths() {
        List<String> old = devices("multipathd-show-topology-rhel5-0.4.7-bracketed.txt");
        assertEquals(old, devices("multipath-ll-rhel7-same-maps-current-layout.txt"));
        assertEquals(List.of(
                "sdc null null 8:32 [] null", "sdg null null 8:96 [] null", "sde null null 8:64 [] null",
                "sdi null null 8:128 [] null",
                "dm-3 mpath2 36006016012a01f00a8d1e2e6b2a6e011 null [sdc, sdg, sde, sdi] DGC,RAID 5",
                "sdd null null 8:48 [] null", "sdh null null 8:112 [] null",
                "dm-4 null 36006016012a01f0036c39e0ec0a7e011 null [sdd, sdh] DGC,RAID 10"), old);
    }
}
