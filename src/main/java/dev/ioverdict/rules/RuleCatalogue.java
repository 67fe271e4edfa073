package dev.ioverdict.rules;

import dev.ioverdict.rules.aio.AioCompletionWaitRule;
import dev.ioverdict.rules.aio.ExtendingDioXfsRule;
import dev.ioverdict.rules.aio.SyncIoSubmitRule;
import dev.ioverdict.rules.aio.UnalignedDioXfsRule;
import dev.ioverdict.rules.block.DeviceLatencyRule;
import dev.ioverdict.rules.block.RequestStarvationRule;
import dev.ioverdict.rules.block.SchedulerLatencyRule;
import dev.ioverdict.rules.cache.NameCacheRule;
import dev.ioverdict.rules.disk.DiskSaturationRule;
import dev.ioverdict.rules.disk.QueueWaitRule;
import dev.ioverdict.rules.kernel.HungTaskIoRule;
import dev.ioverdict.rules.kernel.IoErrorsRule;
import dev.ioverdict.rules.wait.CgroupIoLimitRule;
import dev.ioverdict.rules.wait.DirtyThrottleRule;
import dev.ioverdict.rules.wait.NoisyNeighbourRule;
import dev.ioverdict.rules.wait.SyncWriteLatencyRule;
import dev.ioverdict.rules.wait.WaitAboveDeviceRule;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Every rule ioverdict runs, sorted by id: adding one is one class and one line here. */
public final class RuleCatalogue {
    private static final List<Rule> ALL = List.<Rule>of(
                    new DeviceLatencyRule(),
                    new RequestStarvationRule(),
                    new SchedulerLatencyRule(),
                    new DiskSaturationRule(),
                    new QueueWaitRule(),
                    new IoErrorsRule(),
                    new HungTaskIoRule(),
                    new NameCacheRule(),
                    new UnalignedDioXfsRule(),
                    new ExtendingDioXfsRule(),
                    new SyncIoSubmitRule(),
                    new AioCompletionWaitRule(),
                    new NoisyNeighbourRule(),
                    new SyncWriteLatencyRule(),
                    new DirtyThrottleRule(),
                    new CgroupIoLimitRule(),
                    new WaitAboveDeviceRule())
            .stream().sorted(Comparator.comparing(r -> r.info().id())).toList();

    /** Each rule's declaration, asked once: the diagnosis looks it up for every pair of findings. */
    private static final Map<String, Meaning> MEANINGS = ALL.stream()
            .collect(Collectors.toUnmodifiableMap(r -> r.info().id(), Rule::meaning));

    private RuleCatalogue() {
    }

    public static List<Rule> all() {
        return ALL;
    }

    /** What rule {@code id} looks for, in words ("Disk saturated: long service times while busy"); the id itself when unknown. */
    public static String title(String id) {
        return byId(id).map(r -> r.info().title()).orElse(id);
    }

    /**
     * The title as it reads inside a sentence: "disk saturated: …", an acronym kept as it is
     * ("I/Os wait for a free request", "XFS …").
     */
    public static String titleInSentence(String id) {
        String t = title(id);
        return t.length() > 1 && Character.isUpperCase(t.charAt(0)) && Character.isLowerCase(t.charAt(1))
                ? Character.toLowerCase(t.charAt(0)) + t.substring(1) : t;
    }

    public static Optional<Rule> byId(String id) {
        return ALL.stream().filter(r -> r.info().id().equals(id)).findFirst();
    }

    /** What the findings of rule {@code id} mean; {@link Meaning#NONE} for an id the catalogue does not hold. */
    public static Meaning meaning(String id) {
        return MEANINGS.getOrDefault(id, Meaning.NONE);
    }
}
