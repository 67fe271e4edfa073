package dev.ioverdict.cli;

import picocli.CommandLine.Mixin;

/** What every command that reads a bundle takes: the common options and the limits a bundle may cost. */
final class BundleOptions {
    @Mixin
    CommonOptions common;

    @Mixin
    LimitsOption limits;
}
