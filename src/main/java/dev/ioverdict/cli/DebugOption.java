package dev.ioverdict.cli;

import picocli.CommandLine.Option;

/** --debug on every command: stack traces on error. */
final class DebugOption {
    @Option(names = "--debug", description = "Print stack traces of errors.")
    boolean debug;
}
