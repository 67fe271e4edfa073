package dev.ioverdict.parse.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.config.QueueSetting;
import dev.ioverdict.model.config.SchedulerSetting;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SysfsFormatTest {
    private static final SysfsFormat FORMAT = new SysfsFormat();

    private static Path external(String name) {
        Path p = TestData.external("block-queue-scheduler").resolve(name);
        return p;
    }

    private static Path recorded(String name) {
        return TestData.bundle("config-xfs-loop").resolve("bundle").resolve(name);
    }

    private static SchedulerSetting scheduler(Path file, String bundlePath) {
        Parsed p = Parsed.of(FORMAT, file, bundlePath);
        assertTrue(p.summary().warnings().isEmpty(), p.summary().warnings().toString());
        List<SchedulerSetting> all = p.all(SchedulerSetting.class);
        assertEquals(1, all.size());
        return all.get(0);
    }

    @Test
    void publicSchedulerFilesWithTheirExactValues() {
        record Case(String file, String device, String active, List<String> available) {
        }
        List<Case> cases = List.of(
                new Case("insights-nvme0n1-none-active.txt", "nvme0n1", "none",
                        List.of("none", "mq-deadline", "kyber", "bfq")),
                new Case("insights-rhel6-vda-with-anticipatory.txt", "vda", "cfq",
                        List.of("noop", "anticipatory", "deadline", "cfq")),
                new Case("insights-rhel7-vda-blk-mq-mq-deadline-kyber-none.txt", "vda", "mq-deadline",
                        List.of("mq-deadline", "kyber", "none")),
                new Case("insights-rhel8-vda-blk-mq-with-bfq.txt", "vda", "mq-deadline",
                        List.of("mq-deadline", "kyber", "bfq", "none")),
                new Case("insights-sda-legacy-noop-deadline-cfq-active-cfq.txt", "sda", "cfq",
                        List.of("noop", "deadline", "cfq")),
                new Case("insights-vda-none-only-no-brackets.txt", "vda", null, List.of("none")));
        for (Case c : cases) {
            Path f = external(c.file());
            SchedulerSetting s = scheduler(f, c.file());
            assertEquals(c.device(), s.device(), c.file() + ": device from the file name");
            assertEquals(c.active(), s.active(), c.file());
            assertEquals(c.available(), s.available(), c.file());
            assertEquals(1, s.line());
            assertTrue(FORMAT.recognise(Parsed.sample(f, c.file())).matches(), c.file());
        }
    }

    @Test
    void theDeviceComesFromWhereTheFileSitsOrItsName() {
        Path f = external("insights-sda-legacy-noop-deadline-cfq-active-cfq.txt");
        assertEquals("sdb", scheduler(f, "host1/sys/block/sdb/queue/scheduler").device());
        assertEquals("sdc", scheduler(f, "sdc.scheduler").device());
        assertEquals("nvme1n1", scheduler(f, "scheduler-nvme1n1.txt").device());
        assertEquals("dm-3", scheduler(f, "block/dm-3/queue/scheduler").device());
        assertNull(scheduler(f, "scheduler.txt").device());
        assertNull(scheduler(f, "scheduler-sda-sdb.txt").device(), "two devices named: unknown");
    }

    @Test
    void recognitionIsConfidentOnlyForElevatorNames() {
        Path lone = external("insights-vda-none-only-no-brackets.txt");
        assertEquals(40, FORMAT.recognise(Parsed.sample(lone, "x.txt")).score(), "a lone 'none' is weak evidence");
        assertEquals(95, FORMAT.recognise(Parsed.sample(lone, "sys/block/vda/queue/scheduler")).score());
        Path legacy = external("insights-sda-legacy-noop-deadline-cfq-active-cfq.txt");
        assertEquals(90, FORMAT.recognise(Parsed.sample(legacy, "x.txt")).score());
        assertFalse(FORMAT.recognise(Parsed.sample("always madvise [never]\n", "x")).matches(),
                "transparent_hugepage/enabled looks alike but names no elevator");
        assertFalse(FORMAT.recognise(Parsed.sample("[noop] [deadline] cfq\n", "x")).matches());
        assertFalse(FORMAT.recognise(Parsed.sample("128\n", "nr_requests.txt")).matches(),
                "a lone number needs a path that says what it is");
        assertFalse(FORMAT.recognise(Parsed.sample("noop deadline\nhello world\n", "x")).matches());
    }

    @Test
    void captureShPathColonValueLines() {
        Parsed q = Parsed.of(FORMAT, recorded("queue-settings.txt"));
        List<QueueSetting> all = q.all(QueueSetting.class);
        assertEquals(14, all.size());
        assertEquals(new QueueSetting("loop0", "max_sectors_kb", "1280", "queue-settings.txt", 4,
                "/sys/block/loop0/queue/max_sectors_kb: 1280"), all.get(3));
        assertEquals("write back", all.get(6).value());
        assertEquals("loop1", all.get(7).device());
        Parsed s = Parsed.of(FORMAT, recorded("scheduler.txt"));
        List<SchedulerSetting> sched = s.all(SchedulerSetting.class);
        assertEquals(List.of("loop0", "loop1"), sched.stream().map(SchedulerSetting::device).toList());
        assertEquals("none", sched.get(1).active());
        assertEquals(List.of("none", "mq-deadline", "kyber", "bfq"), sched.get(1).available());
        assertTrue(q.summary().warnings().isEmpty() && s.summary().warnings().isEmpty());
    }

    @Test
    void grepDumpOfOneQueue() {
        Parsed p = Parsed.of(FORMAT, recorded("sysfs-queue-grep.txt"));
        assertEquals(48, p.summary().records());
        Map<String, String> values = p.all(QueueSetting.class).stream()
                .collect(Collectors.toMap(QueueSetting::name, QueueSetting::value));
        assertEquals(47, values.size());
        assertEquals("128", values.get("nr_requests"));
        assertEquals("2560", values.get("read_ahead_kb"));
        assertEquals("2000", values.get("wbt_lat_usec"));
        assertEquals("4294966784", values.get("discard_max_bytes"));
        assertEquals("-1", values.get("io_poll_delay"));
        assertEquals("none", values.get("zoned"));
        SchedulerSetting s = p.all(SchedulerSetting.class).get(0);
        assertEquals("loop0", s.device());
        assertEquals("none", s.active());
        assertEquals(36, s.line());
    }

    @Test
    void copiedSingleValueFilesNamedByTheirPath() {
        Parsed n = Parsed.of(FORMAT, recorded("sys/block/loop0/queue/nr_requests"), "sys/block/loop0/queue/nr_requests");
        assertEquals(List.of(new QueueSetting("loop0", "nr_requests", "128", "sys/block/loop0/queue/nr_requests", 1,
                "128")), n.all(QueueSetting.class));
        Parsed r = Parsed.of(FORMAT, recorded("sys/block/loop0/queue/rotational"), "sys/block/loop0/queue/rotational");
        assertEquals("1", r.all(QueueSetting.class).get(0).value());
        assertEquals(60, FORMAT.recognise(Parsed.sample(recorded("sys/block/loop0/queue/rotational"),
                "sys/block/loop0/queue/rotational")).score());
        SchedulerSetting s = scheduler(recorded("sys/block/loop0/queue/scheduler"), "sys/block/loop0/queue/scheduler");
        assertEquals("loop0", s.device());
        assertEquals("none", s.active());
    }

    @Test
    void headAndEchoCatDumpsIoschedAndDeviceAttributes() throws Exception {
        String legacy = Files.readString(external("insights-sda-legacy-noop-deadline-cfq-active-cfq.txt")).strip();
        String text = "# head /sys/block/sd*/queue/scheduler\n==> /sys/block/sda/queue/scheduler <==\n" + legacy
                + "\n\n/sys/block/sdb/queue/scheduler\n" + legacy
                + "\n/sys/block/sdb/queue/iosched/fifo_batch:16\n/sys/block/sdb/device/queue_depth:32\n"
                + "/sys/block/sdb/dev:8:16\n/sys/dev/block/8:16/queue/nr_requests:128\n";
        Parsed p = Parsed.text(FORMAT, text, "queues.txt");
        assertTrue(p.summary().warnings().isEmpty(), p.summary().warnings().toString());
        List<SchedulerSetting> s = p.all(SchedulerSetting.class);
        assertEquals(List.of("sda", "sdb"), s.stream().map(SchedulerSetting::device).toList());
        assertEquals("cfq", s.get(1).active());
        assertEquals(3, s.get(0).line());
        List<QueueSetting> q = p.all(QueueSetting.class);
        assertEquals(List.of("sdb iosched/fifo_batch=16", "sdb device/queue_depth=32", "sdb dev=8:16",
                        "8:16 nr_requests=128"),
                q.stream().map(x -> x.device() + " " + x.name() + "=" + x.value()).toList());
        assertEquals(100, FORMAT.recognise(Parsed.sample(text, "queues.txt")).score());
    }

    @Test
    void aDamagedValueIsAWarningAndTheRestStays() {
        Parsed p = Parsed.text(FORMAT, "/sys/block/sda/queue/scheduler: noop [deadline\n/sys/block/sda/queue/nr_requests: 64\n",
                "q.txt");
        assertEquals(1, p.summary().warnings().size());
        assertEquals(1, p.summary().warnings().get(0).line());
        assertEquals("64", p.all(QueueSetting.class).get(0).value());
    }
}
