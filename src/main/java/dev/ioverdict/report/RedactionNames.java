package dev.ioverdict.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.config.BlockDevice;
import dev.ioverdict.model.config.ListedDevice;
import dev.ioverdict.model.host.HostFact;
import dev.ioverdict.report.model.Report;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names --redact hides, gathered from what the parsers read (host names from uname, hostname,
 * sar and LinuxKI headers; WWNs, WWIDs and serials from lsblk, multipath, dmsetup and disk/by-id)
 * and from report.json trees (host names in syslog lines and "Linux 5.14 (host)" headers quoted as
 * evidence, user names of home paths); {@link #build()} makes the {@link Redaction}.
 */
public final class RedactionNames {
    private static final Set<String> NOT_NAMES = Set.of("localhost", "localhost.localdomain", "localdomain",
            "(none)", "none", "unknown", "root", "home", "user", "users");
    /** The host in the first line of sysstat's tools: "Linux 5.14.0-70.el9.x86_64 (db01) 11/24/2026 ...". */
    private static final Pattern SYSSTAT_HOST = Pattern.compile(
            "(?<![/\\w])(?:Linux|SunOS) [0-9]+\\.[0-9]+\\S* \\(([^)\\s]+)\\)");
    /** The host of a syslog or journal line: "Apr 16 07:07:38 worker-02 kernel: ...", "2024-05-11T16:40:10+00:00 db01 multipathd[4554]: ...". */
    private static final Pattern SYSLOG_HOST = Pattern.compile(
            "^(?:[A-Z][a-z]{2} [ 0-9]?[0-9] [0-9]{2}:[0-9]{2}:[0-9]{2}|[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+(?:Z|[+-][0-9:]+)?) "
            + "([A-Za-z0-9][^\\s:]*) [A-Za-z][A-Za-z0-9_./-]*(?:\\[[0-9]+\\])?:");

    /** The server of a network file system as iostat, mounts or findmnt name it: "fuji:/export/home", "//nas01/share". */
    private static final Pattern NFS_SERVER = Pattern.compile("^(?:([A-Za-z][A-Za-z0-9.-]*):/|//([A-Za-z][A-Za-z0-9.-]*)/)");

    private final RedactionKey key;
    private final Map<String, Redaction.Kind> names = new LinkedHashMap<>();

    RedactionNames(RedactionKey key) {
        this.key = key;
    }

    /** One name to hide; too short, all digits or a placeholder ("localhost", "(none)") is not a name. */
    public RedactionNames name(Redaction.Kind kind, String original) {
        if (original == null) {
            return this;
        }
        String n = original.strip();
        String lower = n.toLowerCase(Locale.ROOT);
        if (n.length() < 2 || NOT_NAMES.contains(lower) || n.chars().allMatch(Character::isDigit)
                || n.chars().noneMatch(Character::isLetterOrDigit)) {
            return this;
        }
        names.putIfAbsent(lower, kind);
        if (kind == Redaction.Kind.HOST && n.indexOf('.') > 0 && !Character.isDigit(n.charAt(0))) {
            name(kind, n.substring(0, n.indexOf('.'))); // db01.example.com is also printed as db01
        }
        if (kind == Redaction.Kind.WWID && lower.startsWith("0x") && n.length() >= 10) {
            name(kind, n.substring(2)); // lsblk's 0x5000c500... is the same WWN as by-id's 5000c500...
        }
        return this;
    }

    /** Host names, WWNs, WWIDs and serials the parsers read from the bundle. */
    public RedactionNames data(CaseData data) {
        for (HostFact f : data.facts().all(HostFact.class)) {
            if (f.key().equals("hostname")) {
                name(Redaction.Kind.HOST, f.value());
            }
        }
        for (BlockDevice d : data.facts().all(BlockDevice.class)) {
            name(Redaction.Kind.WWID, d.wwn());
            name(Redaction.Kind.SERIAL, d.serial());
        }
        for (ListedDevice d : data.facts().all(ListedDevice.class)) {
            name(Redaction.Kind.WWID, d.wwid());
        }
        return this;
    }

    /** The same names from a report, as report.json has them (a compared report.json has no parsed data beside it). */
    public RedactionNames report(Report report) {
        JsonNode tree = JsonRenderer.MAPPER.valueToTree(report);
        return report(tree);
    }

    /** The same from a report.json tree. */
    public RedactionNames report(JsonNode tree) {
        walk(tree, null);
        return this;
    }

    private void walk(JsonNode node, String field) {
        if (node == null) {
            return;
        }
        if (node.isObject()) {
            node.properties().forEach(e -> walk(e.getValue(), e.getKey()));
        } else if (node.isArray()) {
            node.forEach(n -> walk(n, field));
        } else if (node.isTextual()) {
            String v = node.asText();
            if (field != null) {
                switch (field) {
                    case "hostname" -> name(Redaction.Kind.HOST, v);
                    case "wwn", "wwid" -> name(Redaction.Kind.WWID, v);
                    case "serial" -> name(Redaction.Kind.SERIAL, v);
                    default -> { }
                }
            }
            Matcher m = SYSSTAT_HOST.matcher(v);
            while (m.find()) {
                name(Redaction.Kind.HOST, m.group(1));
            }
            Matcher server = NFS_SERVER.matcher(v);
            if (server.find()) {
                name(Redaction.Kind.HOST, server.group(1) != null ? server.group(1) : server.group(2));
            }
            Matcher syslog = SYSLOG_HOST.matcher(v);
            if (syslog.find()) {
                name(Redaction.Kind.HOST, syslog.group(1).replaceFirst("^-", ""));
            }
            Matcher home = Redaction.SHAPES.matcher(v);
            while (home.find()) {
                if (home.group("user") != null && home.group("user").length() >= 3) {
                    name(Redaction.Kind.USER, home.group("user")); // the user is named elsewhere too (a process owner, a prompt)
                }
            }
        }
    }

    public Redaction build() {
        return Redaction.of(key, names);
    }
}
