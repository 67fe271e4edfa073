package dev.ioverdict.diagnosis;

import dev.ioverdict.model.Finding;
import java.util.List;
import java.util.Set;

/**
 * Which findings are symptoms of which causes, one line each. A symptom is shown under its cause
 * (with its own evidence) and not as a cause of its own; the cause carries the one recommendation.
 */
final class Relations {
    /** Where an unaligned direct write waits for the inode's other direct I/O (XFS). */
    private static final Set<String> DIO_WAIT = Set.of("inode_dio_wait", "xfs_file_dio_write_unaligned");
    /** What a block-layer source is called in a finding's sources. */
    private static final Set<String> BLOCK = Set.of("block trace", "btt report");

    static final List<Relation> ALL = List.of(
            // io_submit blocks because the unaligned writes drain the inode
            new Relation("unaligned-dio-xfs", "sync-io-submit", Relations::drains),
            // the process waits in io_getevents because completions are slow
            new Relation("device-latency", "aio-completion-wait", (c, s) -> true),
            new Relation("scheduler-latency", "aio-completion-wait", (c, s) -> true),
            // iostat's queue is what a saturated device leaves behind
            new Relation("disk-saturation", "queue-wait", Relation::sameSubject),
            // iostat's long response and queue, when the block layer shows where the time really goes
            new Relation("device-latency", "disk-saturation", (c, s) -> Relation.sameSubject(c, s) && blockShown(c)),
            new Relation("device-latency", "queue-wait", (c, s) -> Relation.sameSubject(c, s) && blockShown(c)),
            new Relation("scheduler-latency", "queue-wait", Relation::sameSubject),
            new Relation("scheduler-latency", "disk-saturation", Relation::sameSubject),
            new Relation("request-starvation", "queue-wait", Relation::sameSubject),
            new Relation("request-starvation", "disk-saturation", Relation::sameSubject),
            // io_submit blocks waiting for a request when the queue is too small
            new Relation("request-starvation", "sync-io-submit", (c, s) -> s.text("sleepsIn")
                    .map(f -> f.contains("get_request") || f.contains("get_tag")).orElse(false)));

    private Relations() {
    }

    private static boolean drains(Finding unaligned, Finding submit) {
        boolean sleepsInDrain = submit.text("sleepsIn").map(DIO_WAIT::contains).orElse(false);
        boolean writer = unaligned.text("writers").map(w -> List.of(w.split(", ")).contains(submit.subject().id()))
                .orElse(false);
        return sleepsInDrain || writer;
    }

    private static boolean blockShown(Finding f) {
        return f.sources().stream().anyMatch(BLOCK::contains);
    }
}
