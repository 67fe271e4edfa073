package dev.ioverdict.model.host;

import dev.ioverdict.model.Fact;

/**
 * One fact about the host the bundle comes from, with where it was read: {@code key} is
 * {@code hostname}, {@code kernel} (release, e.g. {@code 4.18.0-80.el8.x86_64}), {@code os}
 * (distribution, e.g. {@code Red Hat Enterprise Linux CoreOS 4.1}), {@code arch} or {@code captured}
 * (the capture's start as the tool printed it).
 */
public record HostFact(String key, String value, String input, long line, String text) implements Fact {
}
