package dev.ioverdict.analysis.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The host the bundle comes from, for the report's front page ({@code case.host}): host name,
 * kernel release, OS, architecture, and the capture's start as the tool printed it in the host's
 * own clock ({@code captured}, from a kiinfo header: "Thu Apr 14 11:19:44 2016"), each with the file
 * and line it was read from ({@code sources}: "kernel: sos_commands/kernel/uname_-a:1").
 */
@JsonPropertyOrder({"hostname", "kernel", "os", "arch", "captured", "sources"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HostInfo(String hostname, String kernel, String os, String arch, String captured,
                       List<String> sources) {
    public HostInfo {
        sources = List.copyOf(sources);
    }
}
