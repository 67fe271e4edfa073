package dev.ioverdict.analysis.config;

import java.util.List;
import java.util.Optional;

/**
 * What kind of storage a device is, and so what service time is normal for it. A 8 ms request is
 * a healthy random read for a rotating disk and a sick one for flash: a device is judged against
 * its class, never against one number for all. The limits are the average service time (D2C, or
 * iostat's r_await / w_await with no queue in front) above which the class is abnormal; they are
 * the usual alerting lines of storage practice (e.g. 20 ms for spinning disks), stated in
 * docs/rules/device-latency.md and configurable there.
 */
public enum MediaClass {
    NVME("NVMe flash", "an NVMe flash device", 2, 1000),
    SSD("solid-state (non-rotational)", "a solid-state (non-rotational) device", 5, 400),
    VIRTUAL("virtual disk (virtio, Xen)", "a virtual disk", 10, 100),
    ARRAY_LUN("array LUN (multipath)", "an array LUN", 10, 200),
    HDD("rotating disk", "a rotating disk", 20, 100),
    UNKNOWN("device of unknown class", "a device of unknown class", 20, 100);

    private final String description;
    private final String nounPhrase;
    private final double abnormalMs;
    private final double leastMBps;

    MediaClass(String description, String nounPhrase, double abnormalMs, double leastMBps) {
        this.description = description;
        this.nounPhrase = nounPhrase;
        this.abnormalMs = abnormalMs;
        this.leastMBps = leastMBps;
    }

    /**
     * The throughput (MB/s) a healthy device of the class moves at the least: a SATA SSD 400-550 MB/s,
     * an NVMe device several GB/s, a 7,200 rpm disk 100-250 MB/s, a cloud volume from 125 MB/s. The
     * class's service time is a small request's; a large request holds its transfer too, and requests
     * in the device at once share its throughput: 5 of 1 MiB each on an SSD moving 470 MB/s take 11 ms
     * each, a healthy device doing all it can.
     */
    public double leastMBps() {
        return leastMBps;
    }

    /**
     * What a request may take on a healthy device of this class: {@code serviceMs}, the class's (or its
     * configured) service time, plus, for large requests, the transfer of the data in the device at once
     * ({@code inFlight} requests of {@code requestBytes}, at least the one) at {@code mbPerSecond}. A
     * request of {@value #SMALL_REQUEST_KIB} KiB or less is the application's small I/O, and a transfer
     * under a tenth of the class's time is within its margin: there the class's service time stands alone.
     */
    public static double expectedMs(double serviceMs, double requestBytes, double inFlight, double mbPerSecond) {
        if (!(requestBytes > SMALL_REQUEST_KIB * 1024) || !(mbPerSecond > 0)) {
            return serviceMs;
        }
        double atOnce = Double.isNaN(inFlight) ? 1 : Math.max(1, inFlight);
        double transferMs = atOnce * requestBytes / (mbPerSecond * 1e6) * 1000;
        // a transfer within a tenth of the class's time is inside the margin its service time already has
        return transferMs < MATERIAL_TRANSFER * serviceMs ? serviceMs : serviceMs + transferMs;
    }

    /** The share of the class's service time from which a transfer is added to it. */
    private static final double MATERIAL_TRANSFER = 0.1;

    /** Requests of at most this size (KiB) on average are small I/O, whose transfer the class's service time holds. */
    public static final double SMALL_REQUEST_KIB = 64;

    /** The class in a sentence, with its article: "within the 5 ms expected of a solid-state (non-rotational) device". */
    public String nounPhrase() {
        return nounPhrase;
    }

    /** The class a report names by its lower-case id ({@code "ssd"}, {@code "array_lun"}); UNKNOWN for any other. */
    public static MediaClass ofId(String id) {
        for (MediaClass m : values()) {
            if (m.name().equalsIgnoreCase(id)) {
                return m;
            }
        }
        return UNKNOWN;
    }

    public String description() {
        return description;
    }

    /**
     * Whether a device of this class is expected to serve several requests at once: flash has many channels,
     * a virtual disk or an array LUN many disks behind it; a rotating disk has one head, and of a device of
     * unknown class nothing is assumed.
     */
    public boolean servesInParallel() {
        return this == NVME || this == SSD || this == VIRTUAL || this == ARRAY_LUN;
    }

    /** Average service time above which a device of this class is slow, by default. */
    public double abnormalMs() {
        return abnormalMs;
    }

    /** The threshold key a rule declares for this class: {@code nvme_max_ms}, {@code hdd_max_ms}... */
    public String thresholdKey() {
        return name().toLowerCase(java.util.Locale.ROOT) + "_max_ms";
    }

    /** A device's class and how the bundle told it. */
    public record Media(String device, MediaClass media, String basis) {
    }

    /**
     * The class of {@code device} (kernel name) from what the bundle says: its kernel name (nvme,
     * virtio), the multipath map or the stack under it (dm, md: the class of its legs), its queue's
     * rotational flag or lsblk's ROTA (a loop device's flag is its backing store's).
     */
    public static Media of(String device, StorageConfig config) {
        return of(device, config, 0);
    }

    private static Media of(String device, StorageConfig config, int depth) {
        String name = device == null ? "" : device;
        if (name.startsWith("nvme")) {
            return new Media(device, NVME, "kernel name " + name);
        }
        if (name.matches("x?vd[a-z]+\\d*")) {
            return new Media(device, VIRTUAL, "kernel name " + name + " (virtio/Xen block device)");
        }
        if (config == null) {
            return new Media(device, UNKNOWN, "nothing in the bundle describes " + name);
        }
        if (!config.paths(name).isEmpty() || (name.startsWith("dm-") && config.wwid(name).isPresent()
                && config.wwid(name).get().startsWith("3"))) {
            return new Media(device, ARRAY_LUN, "multipath map over " + String.join(", ", config.paths(name)));
        }
        if (depth < 8 && (name.startsWith("dm-") || name.startsWith("md"))) {
            List<String> under = config.disksUnder(name).stream().filter(d -> !d.equals(name)).toList();
            Optional<Media> leg = under.stream().map(d -> of(d, config, depth + 1))
                    .filter(m -> m.media() != UNKNOWN).findFirst();
            if (leg.isPresent()) {
                return new Media(device, leg.get().media(), "sits on " + leg.get().device() + ": " + leg.get().basis());
            }
        }
        Optional<Boolean> rotational = config.rotational(name)
                .or(() -> config.device(name).map(b -> b.rotational()));
        if (rotational.isPresent()) {
            boolean spinning = rotational.get();
            String what = name.startsWith("loop") ? "loop device: its queue's rotational flag, the class of its backing "
                    + "store, is " : "rotational flag ";
            return new Media(device, spinning ? HDD : SSD, what + (spinning ? "1" : "0"));
        }
        return new Media(device, UNKNOWN, "the bundle gives no rotational flag, transport or model for " + name);
    }
}
