package dev.ioverdict.parse.blkparse;

import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.block.BlockInput;
import dev.ioverdict.parse.ForwardClocks;
import dev.ioverdict.parse.InputFile;
import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * blkparse's default text output ({@code blkparse -i DEV > blkparse.txt}): one
 * {@link BlockEvent} per event line, the trailing summary recognised and passed over. Large
 * files are parsed on every core while this thread hands the events, in order, to the block
 * analysis ({@link ChunkedPipeline}).
 */
public final class BlkparseFormat implements InputFormat {
    /** Below this size a second thread costs more than it saves. */
    static final long PIPELINE_MIN_BYTES = 8L << 20;

    @Override
    public String id() {
        return "blkparse";
    }

    /** Its big files are parsed on every core already, and the tracker keeps the reading thread (ChunkedPipeline). */
    @Override
    public boolean analysedAlongside() {
        return false;
    }

    @Override
    public String description() {
        return "blkparse default output of blktrace";
    }

    @Override
    public InputClock clock() {
        return InputClock.BLOCK_TRACE;
    }

    @Override
    public Recognition recognise(Sample sample) {
        BlkparseLineParser parser = new BlkparseLineParser();
        int events = 0;
        int inputNotes = 0;
        int other = 0;
        for (String line : sample.lines()) {
            byte[] b = line.getBytes(StandardCharsets.UTF_8);
            if (parser.read(b, 0, b.length)) {
                events++;
            } else if (SummaryLines.inputFileNote(line)) {
                inputNotes++;
            } else if (!line.isBlank()) {
                other++;
            }
        }
        String because = events + " 'maj,min cpu seq secs.nsecs pid action rwbs' event lines";
        if (events >= 3 || (events > 0 && events >= other)) {
            return Recognition.certain(because);
        }
        if (events > 0) {
            return Recognition.possible(because);
        }
        if (inputNotes > 0) {
            return Recognition.likely(inputNotes + " blkparse 'Input file ... added' lines");
        }
        return Recognition.NO;
    }

    @Override
    public void parse(InputFile file, ParseContext ctx) throws IOException {
        ctx.emit(new BlockInput(ctx.input(), BlockInput.BLKPARSE));
        BlkparseReading reading = new BlkparseReading(ctx.input());
        ForwardClocks clocks = new ForwardClocks("device and CPU", "time runs backwards on one CPU of one device",
                "the events are kept with the time they carry (blkparse writes each CPU's events in time order: "
                        + "two traces glued together, or an edited file)");
        EarlyCompletions early = new EarlyCompletions();
        Consumer<BlockEvent> sink = e -> {
            clocks.see(((long) e.major() << 40) ^ ((long) e.minor() << 20) ^ e.cpu(), e.timeNs() / 1e9, e.line());
            early.see(e);
            ctx.emit(e);
        };
        long lines = 0;
        int cores = Runtime.getRuntime().availableProcessors();
        ByteLines byteLines = null;
        try (InputStream in = file.open()) {
            if (file.size() >= PIPELINE_MIN_BYTES && cores > 1) {
                lines = new ChunkedPipeline(in, ctx.input(), cores, ctx.maxLineLength(), ctx::lineCut)
                        .run(sink, ctx::skip, reading);
            } else {
                byteLines = new ByteLines(in, ctx.maxLineLength());
                while (byteLines.next()) {
                    if (byteLines.cutLength() > 0) {
                        ctx.lineCut(byteLines.number(), byteLines.cutLength(), ctx.maxLineLength());
                    }
                    BlockEvent e = reading.line(byteLines.buffer(), byteLines.start(), byteLines.end(),
                            byteLines.number(), ctx::skip);
                    if (e != null) {
                        sink.accept(e);
                    }
                }
                lines = byteLines.number();
            }
        } finally {
            // a file that fails part way (cut short, an I/O error) keeps the events read before
            clocks.report(ctx);
            early.report(ctx);
            ctx.lines(byteLines != null ? byteLines.number() : lines);
            ctx.records(reading.events);
            if (reading.events > 0) {
                ctx.time(reading.firstNs / 1e9);
                ctx.time(reading.lastNs / 1e9);
            }
        }
    }
}
