package dev.ioverdict.parse;

import dev.ioverdict.model.InputClock;
import dev.ioverdict.parse.blkparse.BlkparseFormat;
import dev.ioverdict.parse.blktrace.BlktraceFormat;
import dev.ioverdict.parse.bpf.BiolatencyFormat;
import dev.ioverdict.parse.bpf.BiosnoopFormat;
import dev.ioverdict.parse.bpf.BiotopFormat;
import dev.ioverdict.parse.bpf.FsDistFormat;
import dev.ioverdict.parse.bpf.FsSlowerFormat;
import dev.ioverdict.parse.btt.BttAveragesFormat;
import dev.ioverdict.parse.btt.BttFormat;
import dev.ioverdict.parse.btt.BttIostatFormat;
import dev.ioverdict.parse.btt.BttPerIoFormat;
import dev.ioverdict.parse.config.FindmntFormat;
import dev.ioverdict.parse.config.LsblkFormat;
import dev.ioverdict.parse.config.LsblkJsonFormat;
import dev.ioverdict.parse.config.MountsFormat;
import dev.ioverdict.parse.config.SysfsFormat;
import dev.ioverdict.parse.config.XfsInfoFormat;
import dev.ioverdict.parse.dm.DiskByIdFormat;
import dev.ioverdict.parse.dm.DmsetupFormat;
import dev.ioverdict.parse.dm.MultipathFormat;
import dev.ioverdict.parse.fio.FioFormat;
import dev.ioverdict.parse.fio.FioJobFormat;
import dev.ioverdict.parse.fio.FioJsonFormat;
import dev.ioverdict.parse.host.CollectionErrorFormat;
import dev.ioverdict.parse.host.HostnameFormat;
import dev.ioverdict.parse.host.LosetupFormat;
import dev.ioverdict.parse.host.OsReleaseFormat;
import dev.ioverdict.parse.host.UnameFormat;
import dev.ioverdict.parse.iostat.DiskstatsFormat;
import dev.ioverdict.parse.iostat.IostatFormat;
import dev.ioverdict.parse.iostat.SarFormat;
import dev.ioverdict.parse.iostat.SysstatJsonFormat;
import dev.ioverdict.parse.kernel.KernelLogFormat;
import dev.ioverdict.parse.linuxki.LinuxKiFormat;
import dev.ioverdict.parse.perf.PerfScriptFormat;
import dev.ioverdict.parse.perf.PerfTraceFormat;
import dev.ioverdict.parse.strace.StraceFormat;
import dev.ioverdict.parse.vmstat.VmstatSFormat;
import java.util.List;
import java.util.Optional;

/** Every input format ioverdict reads: adding one is one class and one line here. */
public final class InputFormats {
    private static final List<InputFormat> ALL = List.of(
            new BttFormat(),
            new BttAveragesFormat(),
            new BttIostatFormat(),
            new BttPerIoFormat(),
            // bcc and bpftrace before iostat: biosnoop's header names a DISK column and would otherwise read as iostat
            new BiosnoopFormat(),
            new BiolatencyFormat(),
            new BiotopFormat(),
            new FsSlowerFormat(),
            new FsDistFormat(),
            // before lsblk: its KEY="value" lines would otherwise read as lsblk -P
            new OsReleaseFormat(),
            new LsblkFormat(),
            new LsblkJsonFormat(),
            new FindmntFormat(),
            new MountsFormat(),
            new MultipathFormat(),
            new DmsetupFormat(),
            new DiskByIdFormat(),
            // before fio: normal,json output holds both, and the JSON is read with the text's group summary
            new FioJsonFormat(),
            new FioFormat(),
            new FioJobFormat(),
            new UnameFormat(),
            new HostnameFormat(),
            new CollectionErrorFormat(),
            new LosetupFormat(),
            new IostatFormat(),
            new SarFormat(),
            new SysstatJsonFormat(),
            new DiskstatsFormat(),
            new BlkparseFormat(),
            new BlktraceFormat(),
            new PerfScriptFormat(),
            new PerfTraceFormat(),
            new KernelLogFormat(),
            new SysfsFormat(),
            new XfsInfoFormat(),
            new LinuxKiFormat(),
            new StraceFormat(),
            new VmstatSFormat());

    private InputFormats() {
    }

    public static List<InputFormat> all() {
        return ALL;
    }

    public static Optional<InputFormat> byId(String id) {
        return ALL.stream().filter(f -> f.id().equals(id)).findFirst();
    }

    /**
     * The place of format {@code id} in the tracers' order of trust ({@link SyscallTiming}), 0 the most
     * exact; a format that times no system calls, or an id no format has, last.
     */
    public static int tracerRank(String id) {
        return byId(id).map(InputFormat::syscallTiming).orElse(SyscallTiming.NONE).ordinal();
    }

    /** The clock of format {@code id}; {@link InputClock#UNSTATED} for an id no format has ("unknown"). */
    public static InputClock clockOf(String id) {
        return byId(id).map(InputFormat::clock).orElse(InputClock.UNSTATED);
    }
}
