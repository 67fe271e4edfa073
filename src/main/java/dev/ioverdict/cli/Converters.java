package dev.ioverdict.cli;

import dev.ioverdict.model.Severity;
import dev.ioverdict.report.ReportFormat;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** picocli converters and completion candidates for the options that take a closed set of words. */
final class Converters {
    private Converters() {
    }

    /** --format html,pdf,json */
    static final class Format implements ITypeConverter<ReportFormat> {
        @Override
        public ReportFormat convert(String value) {
            try {
                return ReportFormat.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static final class Formats implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(ReportFormat.values()).map(ReportFormat::id).iterator();
        }
    }

    /** --mark TIME=LABEL: an ISO 8601 time (with or without zone) or seconds since the capture's start. */
    static final class MarkText implements ITypeConverter<dev.ioverdict.model.Mark> {
        @Override
        public dev.ioverdict.model.Mark convert(String value) {
            try {
                return dev.ioverdict.model.Mark.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** --fail-on warning|critical: info findings never fail a run. */
    static final class FailOn implements ITypeConverter<Severity> {
        @Override
        public Severity convert(String value) {
            return switch (value.trim().toLowerCase(Locale.ROOT)) {
                case "warning" -> Severity.WARNING;
                case "critical" -> Severity.CRITICAL;
                default -> throw new TypeConversionException("expected warning or critical, got '" + value + "'");
            };
        }
    }

    static final class FailOnLevels implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("warning", "critical").iterator();
        }
    }

    /** --shard I/N: this run takes the cases whose index modulo N is I. */
    record Shard(int index, int count) {
        static final Shard ALL = new Shard(0, 1);
    }

    static final class ShardSpec implements ITypeConverter<Shard> {
        @Override
        public Shard convert(String value) {
            int slash = value.indexOf('/');
            try {
                int i = Integer.parseInt(value.substring(0, slash).trim());
                int n = Integer.parseInt(value.substring(slash + 1).trim());
                if (n >= 1 && i >= 0 && i < n) {
                    return new Shard(i, n);
                }
            } catch (RuntimeException e) {
                // reported below, with what is expected
            }
            throw new TypeConversionException("expected I/N with 0 <= I < N, got '" + value + "'");
        }
    }
}
