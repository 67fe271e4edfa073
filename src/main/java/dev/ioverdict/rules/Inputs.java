package dev.ioverdict.rules;

import dev.ioverdict.analysis.config.StorageConfig;

/**
 * Inputs that several rules read and that belong to no rule package: the storage configuration
 * (filesystems, schedulers, queue settings). Inputs of one area live beside it (block figures in
 * rules.block, AIO symptoms in rules.aio, iostat series in rules.disk), public, so a rule in any
 * package can declare them.
 */
public final class Inputs {
    public static final Input<StorageConfig> STORAGE = new Input<>("storage configuration",
            "storage configuration (sysfs queue settings, lsblk, mounts, xfs_info)",
            "grep . /sys/block/*/queue/* > sysfs-queue.txt; lsblk -o NAME,MAJ:MIN,TYPE,SIZE,ROTA,SCHED,MOUNTPOINT "
                    + "> lsblk.txt; cat /proc/mounts > mounts.txt; xfs_info <mount point> > xfs_info.txt",
            c -> c.results().get(StorageConfig.class));

    private Inputs() {
    }
}
