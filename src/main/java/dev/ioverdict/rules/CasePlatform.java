package dev.ioverdict.rules;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.Platform;
import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.model.iostat.IostatSection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The platform a case comes from, told by its inputs: Linux-only tools (blkparse, perf, strace,
 * LinuxKI, sysfs, xfs_info, lsblk, fio) or sysstat's iostat say Linux; iostat in Solaris's layout
 * says Solaris. Nothing when the inputs say neither or both.
 */
public final class CasePlatform {
    private static final Set<String> LINUX_FORMATS = Set.of("blkparse", "btt", "perf-script", "strace", "linuxki",
            "sysfs-scheduler", "xfs-info", "lsblk", "fio", "blktrace", "sar", "diskstats", "kernel-log", "multipath",
            "dmsetup", "findmnt", "losetup");

    private CasePlatform() {
    }

    public static Optional<Platform> of(CaseData data) {
        List<String> formats = data.inputs().stream().map(InputSummary::format).toList();
        boolean linux = formats.stream().anyMatch(LINUX_FORMATS::contains);
        boolean solaris = false;
        var iostat = data.results().get(IostatSection.class);
        if (iostat.isPresent()) {
            for (var d : iostat.get().devices()) {
                if (d.dialect() == IostatDialect.SOLARIS) {
                    solaris = true;
                } else {
                    linux = true;
                }
            }
        }
        if (linux == solaris) {
            return Optional.empty();
        }
        return Optional.of(linux ? Platform.LINUX : Platform.SOLARIS);
    }
}
