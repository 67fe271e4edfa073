package dev.ioverdict.analysis.timemodel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.model.syscall.IoOp;
import dev.ioverdict.model.syscall.IoRequest;
import dev.ioverdict.model.syscall.SyscallCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The per-call caches of {@link ApplicationWaits} (the process of a pid slot, the last file's
 * bytes, the last thread, the input's span) give what a lookup per call gave: processes whose pids
 * share a cache slot stay apart, files past the cap are not counted, threads keep their first-seen
 * order and cap, and each input keeps its own span.
 */
class ApplicationWaitsTest {
    private static SyscallCall pread(String input, int pid, int tid, double start, String path, long bytes) {
        return new SyscallCall("strace", input, 1, 1, "pread64(...)", pid, tid, null, "pread64", start, 0.001, bytes,
                null, null, List.of(new IoRequest(3, path, IoOp.READ, bytes, 0, null)), null);
    }

    private static ApplicationWaits.Process of(ApplicationWaits w, String input, int pid) {
        return w.processes().stream().filter(p -> p.input.equals(input) && p.pid == pid).findFirst().orElseThrow();
    }

    @Test
    void pidsOfOneCacheSlotAndTwoInputsStayApart() {
        ApplicationWaits w = new ApplicationWaits();
        // 100 and 356 share a slot of the 256; a.txt and b.txt the same pid
        for (int i = 0; i < 10; i++) {
            w.add(pread("a.txt", 100, 100, 10 + i, "/data/f", 4096));
            w.add(pread("a.txt", 356, 357, 10.5 + i, "/data/g", 512));
            w.add(pread("b.txt", 100, 101, 1000 + 2 * i, "/data/f", 8192));
        }
        assertEquals(List.of("a.txt|100", "a.txt|356", "b.txt|100"),
                w.processes().stream().map(p -> p.input + "|" + p.pid).toList());
        assertEquals(Map.of("/data/f", 40960L), of(w, "a.txt", 100).bytesByFile());
        assertEquals(Map.of("/data/g", 5120L), of(w, "a.txt", 356).bytesByFile());
        assertEquals(Map.of("/data/f", 81920L), of(w, "b.txt", 100).bytesByFile());
        assertEquals(10, of(w, "a.txt", 356).waits.calls(WaitClass.READ));
        assertEquals(List.of(357), List.copyOf(of(w, "a.txt", 356).threads));
        assertEquals(9.501, w.span("a.txt"), 1e-9);
        assertEquals(18.001, w.span("b.txt"), 1e-9);
    }

    @Test
    void filesPastTheCapAreNotCountedAndThreadsKeepTheirFirstOrder() {
        ApplicationWaits w = new ApplicationWaits();
        List<Integer> tids = new ArrayList<>();
        for (int f = 0; f < ApplicationWaits.MAX_FILES + 4; f++) {
            int tid = 1000 - f % (ApplicationWaits.MAX_THREADS + 6);
            w.add(pread("a.txt", 7, tid, f, "/data/" + f, 100));
            w.add(pread("a.txt", 7, tid, f + 0.5, "/data/0", 1)); // back to the first file between the others
        }
        for (int f = 0; f < ApplicationWaits.MAX_THREADS + 6; f++) {
            int tid = 1000 - f;
            w.add(pread("a.txt", 7, tid, 100 + f, "/data/0", 1));
            if (tids.size() < ApplicationWaits.MAX_THREADS && !tids.contains(tid)) {
                tids.add(tid);
            }
        }
        ApplicationWaits.Process p = of(w, "a.txt", 7);
        Map<String, Long> files = p.bytesByFile();
        assertEquals(ApplicationWaits.MAX_FILES, files.size());
        assertEquals("/data/0", files.keySet().iterator().next());
        assertEquals(100 + ApplicationWaits.MAX_FILES + 4 + ApplicationWaits.MAX_THREADS + 6, files.get("/data/0"));
        assertEquals(100, files.get("/data/" + (ApplicationWaits.MAX_FILES - 1)));
        assertEquals(tids, List.copyOf(p.threads));
    }
}
