package dev.ioverdict.analysis.syscall;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.model.syscall.BlockWriteAlignment;
import dev.ioverdict.model.syscall.FileAlignment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A block trace's data writes per process and device ({@link BlockProcessTimes.Writes}) as
 * {@link FileAlignment}s of the filesystem on that device: the block size from xfs_info or the mounts,
 * as a syscall trace's files are resolved. A write from a process's own context that is not a
 * multiple of the filesystem block is direct I/O: the page cache writes whole pages.
 */
public final class BlockWriteAlignments implements Analysis {
    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(BlockWriteAlignment.class).reading(BlockProcessTimes.class, StorageConfig.class)
                .readingFacts(FilesystemInfo.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        BlockProcessTimes times = results.get(BlockProcessTimes.class).orElse(null);
        if (times == null || times.writes().isEmpty()) {
            return;
        }
        StorageConfig config = results.get(StorageConfig.class).orElse(null);
        FilesystemResolver fs = new FilesystemResolver(facts.all(FilesystemInfo.class));
        List<BlockWriteAlignment.Row> rows = new ArrayList<>();
        for (BlockProcessTimes.Writes w : times.writes()) {
            String name = config == null ? w.device() : config.deviceName(w.device()).orElse(w.device());
            String mount = config == null ? null : config.mountOf(name).orElse(null);
            FilesystemResolver.Resolved where = mount == null ? null : fs.resolve(mount);
            Integer block = where == null ? null : where.blockSize();
            Map<String, Long> classes = new java.util.LinkedHashMap<>();
            FileAlignment.CLASSES.forEach(c -> classes.put(c, w.classes().getOrDefault(c, 0L)));
            String input = w.examples().isEmpty() ? null : w.examples().get(0).input();
            String file = (mount == null ? "" : mount + " ") + "(" + name + ")";
            // a bio's start and size are only ever judged together: the trace's classes are of the coarser one
            rows.add(new BlockWriteAlignment.Row(w.pid(), w.comm(), name, new FileAlignment("block", input, file,
                    "block trace", "write", true, w.n(), w.bytes(), w.minBytes(), w.maxBytes(), Map.of(), Map.of(),
                    classes, where == null ? null : where.type(), mount, block,
                    where == null ? null : where.how(), block == null ? null : FileAlignment.unalignedTo(classes, block),
                    where == null ? null : where.evidence(), w.examples())));
        }
        results.put(BlockWriteAlignment.class, new BlockWriteAlignment(rows));
    }
}
