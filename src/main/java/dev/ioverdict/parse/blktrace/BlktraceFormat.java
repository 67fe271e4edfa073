package dev.ioverdict.parse.blktrace;

import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.block.BlockInput;
import dev.ioverdict.parse.InputFile;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * blktrace's own binary files: the per-CPU {@code DEV.blktrace.N} files of a blktrace run and
 * the single sorted file of {@code blkparse -d}, in either byte order. All such files of a folder
 * are one trace: their records are merged in time order (then device, then sequence), as
 * blkparse merges its inputs, and each becomes the event blkparse's text of it would give, so
 * the block analysis derives btt's figures from the binary exactly as from the text.
 */
public final class BlktraceFormat implements InputFormat {
    @Override
    public String id() {
        return "blktrace";
    }

    @Override
    public String description() {
        return "blktrace's own binary files: the per-CPU `DEV.blktrace.N` of a blktrace run, or a `blkparse "
                + "-d` dump (either byte order)";
    }

    @Override
    public InputClock clock() {
        return InputClock.BLOCK_TRACE;
    }

    @Override
    public Recognition recognise(Sample sample) {
        byte[] head = sample.head();
        if (head.length < TraceFile.HEADER) {
            return Recognition.NO;
        }
        ByteBuffer b = ByteBuffer.wrap(head);
        b.order((b.getInt(0) & 0xffffff00) == TraceFile.MAGIC ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        int records = 0;
        int at = 0;
        while (at + TraceFile.HEADER <= head.length && records < 64) {
            if ((b.getInt(at) & 0xffffff00) != TraceFile.MAGIC) {
                return Recognition.NO;
            }
            records++;
            at += TraceFile.HEADER + Short.toUnsignedInt(b.getShort(at + 46));
        }
        String order = b.order() == ByteOrder.LITTLE_ENDIAN ? "little-endian" : "big-endian";
        String because = records + " blk_io_trace records (" + order + ", magic 0x65617407)";
        return records >= 2 || at == head.length ? Recognition.certain(because) : Recognition.possible(because);
    }

    /** Its files are decoded on a thread of their own (DecodingThread); the tracker keeps the reading thread. */
    @Override
    public boolean analysedAlongside() {
        return false;
    }

    @Override
    public boolean readsFolderTogether() {
        return true;
    }

    @Override
    public void parse(InputFile file, ParseContext ctx) throws IOException {
        parseTogether(List.of(file), List.of(ctx));
    }

    /**
     * A folder's per-CPU files are one trace, and its {@code blkparse -d} dumps another: a dump is
     * most often made of the per-CPU files beside it, so the two are merged apart and announced as
     * two origins ({@link BlockInput#BLKTRACE}, {@link BlockInput#BLKPARSE_DUMP}), never one trace
     * of every event twice.
     */
    @Override
    public void parseTogether(List<InputFile> files, List<ParseContext> contexts) throws IOException {
        List<Integer> perCpu = new ArrayList<>();
        List<Integer> dumps = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            (perCpuFile(contexts.get(i).input()) ? perCpu : dumps).add(i);
        }
        for (List<Integer> group : List.of(perCpu, dumps)) {
            if (!group.isEmpty()) {
                parseTrace(group.stream().map(files::get).toList(), group.stream().map(contexts::get).toList(),
                        group == perCpu ? BlockInput.BLKTRACE : BlockInput.BLKPARSE_DUMP);
            }
        }
    }

    /** Whether {@code path} is named as blktrace names its per-CPU files: {@code DEV.blktrace.N}. */
    static boolean perCpuFile(String path) {
        int dot = path.lastIndexOf('.');
        if (dot < 0 || dot == path.length() - 1 || !path.startsWith(".blktrace", dot - 9)) {
            return false;
        }
        for (int i = dot + 1; i < path.length(); i++) {
            if (!Character.isDigit(path.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private void parseTrace(List<InputFile> files, List<ParseContext> contexts, String source) throws IOException {
        List<InputStream> streams = new ArrayList<>();
        try {
            List<TraceFile> traces = new ArrayList<>();
            for (int i = 0; i < files.size(); i++) {
                ParseContext ctx = contexts.get(i);
                ctx.emit(new BlockInput(ctx.input(), source));
                InputStream in = files.get(i).open();
                streams.add(in);
                traces.add(new TraceFile(ctx.input(), ctx, i, in));
            }
            if (Runtime.getRuntime().availableProcessors() > 1) {
                new DecodingThread(traces).run(contexts);
            } else {
                decode(traces, (e, file) -> contexts.get(file).emit(e));
            }
            for (TraceFile t : traces) {
                t.ctx.lines(t.records);
                t.ctx.records(t.events);
                if (t.events > 0) {
                    t.ctx.time(t.firstNs / 1e9);
                    t.ctx.time(t.lastNs / 1e9);
                } else if (t.records > 0) {
                    // blktrace writes a file per CPU; one that issued no I/O keeps only the notify records
                    t.ctx.note("holds no I/O: only blktrace's notify records (process names, version): a CPU that "
                            + "issued no I/O while traced");
                }
            }
        } finally {
            for (InputStream in : streams) {
                in.close();
            }
        }
    }

    /** Where decoded events go, with the position of the file each came from. */
    interface EventSink {
        void accept(BlockEvent e, int file) throws InterruptedException;
    }

    /** Merges the files in time order and decodes every record into {@code sink}. */
    static void decode(List<TraceFile> traces, EventSink sink) throws IOException {
        EventDecoder decoder = new EventDecoder();
        TimeMerge merge = new TimeMerge(traces);
        TraceFile f;
        try {
            while ((f = merge.poll()) != null) {
                if (!decoder.note(f)) {
                    BlockEvent e = decoder.event(f);
                    if (e != null) {
                        sink.accept(e, f.index);
                    }
                }
                merge.advance(f);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading", e);
        }
    }
}
