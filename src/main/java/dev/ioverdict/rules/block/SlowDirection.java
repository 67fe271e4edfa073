package dev.ioverdict.rules.block;

/**
 * One direction of a device slow in the queue both directions share ({@link SlowInSharedQueue} from a block
 * trace, {@link IostatSharedQueue} from iostat): its requests' own service at the least, which device-latency
 * holds, the rest of their time being the queue's (disk-saturation's).
 */
public sealed interface SlowDirection permits SlowInSharedQueue, IostatSharedQueue {
    /** Whether the slow direction is the reads. */
    boolean reads();

    /** What each request of the slow direction takes alone at the least, seconds. */
    double ownSeconds();

    /** The share of the slow direction's time in the device that is its own service, 0..1. */
    double ownShare();

    /** The slow direction's own service as a share of the device's time in both directions, 0..1. */
    double ofDeviceTime();

    /**
     * The share of the device's time the slow direction's own service holds: of all of it, and of each direction's
     * (its own, and none of the other's): what device-latency's finding holds of the device's time.
     */
    default void shares(dev.ioverdict.rules.RuleContext.FindingBuilder f) {
        f.figure(dev.ioverdict.rules.SubjectMetrics.OF_DEVICE_TIME, 100 * ofDeviceTime())
                .figure(dev.ioverdict.rules.SubjectMetrics.OF_READ_TIME, reads() ? 100 * ownShare() : 0.0)
                .figure(dev.ioverdict.rules.SubjectMetrics.OF_WRITE_TIME, reads() ? 0.0 : 100 * ownShare())
                .figure(DeviceLatencyRule.SERVED_IN_TURN, ownSeconds());
    }
}
