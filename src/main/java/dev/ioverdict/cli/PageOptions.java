package dev.ioverdict.cli;

import dev.ioverdict.report.RedactionKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * What the commands that write pages for people take (report, compare): the templates the pages
 * are drawn from, and --redact, the pseudonyms that stand for the customer's names in them.
 */
final class PageOptions {
    @Option(names = "--redact", description = "Replace host names, IP and MAC addresses, WWIDs, serial numbers, user "
            + "names and paths under home folders by stable pseudonyms in every output: the same in every report and "
            + "comparison made with one key ($" + RedactionKey.ENV + " or ~/.config/ioverdict/redact.key, made on "
            + "first use).")
    boolean redact;

    @Option(names = "--templates", paramLabel = "DIR",
            description = "Folder of Thymeleaf templates overriding the built-in ones (copy templates/ to start).")
    private Path templates;

    /** The --templates folder, null for the built-in templates; a usage error when it is no folder. */
    Path templates() {
        if (templates != null && !Files.isDirectory(templates)) {
            throw new UserError(ExitCodes.USAGE, "--templates " + templates + ": no such folder");
        }
        return templates;
    }

    /** The key --redact's pseudonyms are made with. */
    static RedactionKey redactionKey() {
        try {
            return RedactionKey.load();
        } catch (IOException e) {
            throw new UserError(ExitCodes.USAGE, "--redact needs a key: set " + RedactionKey.ENV
                    + " or let ioverdict write ~/.config/ioverdict/redact.key (" + e.getMessage() + ")", e);
        }
    }
}
