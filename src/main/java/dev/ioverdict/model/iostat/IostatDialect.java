package dev.ioverdict.model.iostat;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The three iostat -x families: their columns differ, and so does what they can tell. Ids are
 * CONTRACT.md's.
 */
public enum IostatDialect {
    /** sysstat 11.5.7 and later: r_await/w_await, aqu-sz, rareq-sz; no overall await since 12.x. */
    SYSSTAT_NEW("sysstat-new"),
    /** sysstat up to 11.5.6: {@code Device:}, avgrq-sz (sectors), avgqu-sz, await, svctm. */
    SYSSTAT_OLD("sysstat-old"),
    /** Solaris / illumos: wait actv svc_t %w %b, or wsvc_t asvc_t with -n. */
    SOLARIS("solaris");

    private final String id;

    IostatDialect(String id) {
        this.id = id;
    }

    @JsonValue
    public String id() {
        return id;
    }
}
