package dev.ioverdict.model.config;

import java.util.List;

/**
 * One block device as lsblk lists it. {@code name} is lsblk's NAME ({@code sda1}, {@code centos-root}),
 * {@code kernelName} the kernel's ({@code dm-0}; equal to name for disks and partitions; null when
 * lsblk did not say), {@code majMin} as lsblk prints it ("8:0"). {@code parents} are the devices it
 * sits on (a partition's disk, an LV's PV partitions, an md array's members), from the tree or
 * PKNAME. Columns lsblk did not print are null; {@code readAheadKb} is RA (lsblk prints
 * queue/read_ahead_kb), {@code requestQueueSize} is RQ-SIZE (queue/nr_requests). {@code wwn} and
 * {@code serial} (WWN, SERIAL) name the disk itself, whatever name the kernel gave it this boot.
 */
public record BlockDevice(String name, String kernelName, String majMin, String type, String size,
                          String mountpoint, String fstype, Boolean rotational,
                          Integer logicalSectorSize, Integer physicalSectorSize, Integer minIo,
                          String scheduler, Integer requestQueueSize, Integer readAheadKb,
                          List<String> parents, String wwn, String serial, String input, long line, String text) implements ConfigFact {
    public BlockDevice {
        parents = List.copyOf(parents);
    }

    /** The kernel name when known, else the lsblk name: what /sys/block and iostat call it. */
    public String sysName() {
        return kernelName != null ? kernelName : name;
    }

    public boolean partition() {
        return "part".equals(type);
    }
}
