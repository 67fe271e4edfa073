package dev.ioverdict.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Threshold overrides from --config: either lines {@code rule-id.key = value} ({@code #} comments,
 * {@code rule-id.enabled = false} switches a rule off) or the same as JSON
 * {@code {"rule-id": {"key": value}}}.
 */
public final class RuleConfig {
    public static final RuleConfig DEFAULTS = new RuleConfig(Map.of());

    private final Map<String, String> values;

    private RuleConfig(Map<String, String> values) {
        this.values = Map.copyOf(values);
    }

    public static RuleConfig of(Map<String, String> values) {
        return new RuleConfig(values);
    }

    /** Every override as {@code rule-id.key} to value: {@link #of} of it is this configuration again. */
    public Map<String, String> values() {
        return values;
    }

    public static RuleConfig load(Path file) throws ConfigException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read: " + e.getMessage());
        }
        return text.stripLeading().startsWith("{") ? fromJson(file, text) : fromLines(file, text);
    }

    private static RuleConfig fromLines(Path file, String text) throws ConfigException {
        Map<String, String> values = new LinkedHashMap<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0 || line.substring(0, eq).strip().indexOf('.') <= 0) {
                throw new ConfigException(file + ":" + (i + 1) + ": expected 'rule-id.key = value', found: " + line);
            }
            values.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
        }
        return new RuleConfig(values);
    }

    private static RuleConfig fromJson(Path file, String text) throws ConfigException {
        Map<String, String> values = new LinkedHashMap<>();
        try {
            JsonNode root = new ObjectMapper().readTree(text);
            Iterator<Map.Entry<String, JsonNode>> rules = root.fields();
            while (rules.hasNext()) {
                Map.Entry<String, JsonNode> rule = rules.next();
                if (!rule.getValue().isObject()) {
                    throw new ConfigException(file + ": \"" + rule.getKey() + "\" must be an object of thresholds");
                }
                rule.getValue().fields().forEachRemaining(
                        kv -> values.put(rule.getKey() + "." + kv.getKey(), kv.getValue().asText()));
            }
        } catch (IOException e) {
            throw new ConfigException(file + ": not valid JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
        return new RuleConfig(values);
    }

    public Optional<Double> value(String ruleId, String key) {
        String v = values.get(ruleId + "." + key);
        if (v == null) {
            return Optional.empty();
        }
        return Optional.of(Double.parseDouble(v));
    }

    public boolean enabled(String ruleId) {
        return !"false".equalsIgnoreCase(values.getOrDefault(ruleId + ".enabled", "true"));
    }

    /**
     * Checks every key names a known rule and one of its thresholds, and every value is allowed:
     * a mistake is one line naming the key and what it may be, before anything is read.
     */
    public void validate(Iterable<Rule> rules) throws ConfigException {
        Map<String, RuleInfo> byId = new LinkedHashMap<>();
        rules.forEach(r -> byId.put(r.info().id(), r.info()));
        for (Map.Entry<String, String> e : values.entrySet()) {
            String key = e.getKey();
            int dot = key.indexOf('.');
            String ruleId = key.substring(0, dot);
            String name = key.substring(dot + 1);
            RuleInfo info = byId.get(ruleId);
            if (info == null) {
                throw new ConfigException("config: " + key + ": unknown rule '" + ruleId + "'; rules: "
                        + String.join(", ", byId.keySet()));
            }
            if (name.equals("enabled")) {
                if (!e.getValue().equalsIgnoreCase("true") && !e.getValue().equalsIgnoreCase("false")) {
                    throw new ConfigException("config: " + key + " = '" + e.getValue() + "': must be true or false");
                }
                continue;
            }
            Threshold t = info.thresholds().stream().filter(x -> x.key().equals(name)).findFirst().orElse(null);
            if (t == null) {
                throw new ConfigException("config: " + key + ": rule " + ruleId + " has no threshold '" + name
                        + "'; its thresholds: " + (info.thresholds().isEmpty() ? "none"
                        : String.join(", ", info.thresholds().stream().map(Threshold::key).toList())) + ", enabled");
            }
            double v;
            try {
                v = Double.parseDouble(e.getValue());
            } catch (NumberFormatException nfe) {
                throw new ConfigException("config: " + key + " = '" + e.getValue() + "': must be " + t.allowed());
            }
            String refusal = t.refusal(v);
            if (refusal != null) {
                throw new ConfigException("config: " + key + " = " + e.getValue() + ": " + refusal);
            }
        }
    }

    public static final class ConfigException extends Exception {
        public ConfigException(String message) {
            super(message);
        }
    }
}
