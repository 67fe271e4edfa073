package dev.ioverdict.model.config;

/** Another /sys/block/DEV/queue/NAME value: nr_requests, rotational, logical_block_size ... */
public record QueueSetting(String device, String name, String value, String input, long line, String text) implements ConfigFact {
}
