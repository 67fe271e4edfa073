package dev.ioverdict.report.charts;

/** One chart as standalone SVG markup, with the report section it belongs to (iostat, block, syscalls). */
public record Chart(String section, String id, String title, String caption, String svg) {
}
