package dev.ioverdict.parse.iostat;

import dev.ioverdict.testing.TestData;
import dev.ioverdict.testing.TestInputs;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Sample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Parses one real iostat file the way the case compiler does, for tests. */
record IostatFiles(List<IostatSample> samples, InputSummary summary) {
    /** The sar text files of testdata: both layouts, device first and last, -h, -j, AM/PM, a COM record. */
    static final List<Path> SAR_TEXT = List.of(
            TestData.file("iostat-layouts", "sar-d.txt"),
            TestData.file("iostat-layouts", "sar-d-h.txt"),
            TestData.file("iostat-layouts", "sar-d-j-UUID.txt"),
            TestData.file("iostat-layouts", "sar-d-j-ID.txt"),
            TestData.file("iostat-layouts", "sar-d-j-LABEL.txt"),
            TestData.file("iostat-layouts", "sar-d-j-PATH.txt"),
            TestData.file("sosreport-sar-saturated", "sosreport-vm-2026-11-24-qkzvbnr/sos_commands/sar/sar24"),
            TestData.external("sar-d/sysstat-testdata-fedora28-kernel4.17-sa-file-sar-A-DEV-section-with-COM-record.txt"),
            TestData.external("sar-d/thegeekstuff-rhel5-2.6.18-el5PAE-sar-d-old-layout-devMAJ-MIN-ampm.txt"));

    static IostatFiles parse(Path file) throws IOException {
        Facts facts = new Facts();
        ParseContext ctx = new ParseContext(file.getFileName().toString(), facts);
        new IostatFormat().parse(TestInputs.of(file), ctx);
        return new IostatFiles(facts.all(IostatSample.class), ctx.summary("iostat", "test"));
    }

    static Sample sample(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        return new Sample(file.getFileName().toString(), lines.subList(0, Math.min(200, lines.size())));
    }

    List<IostatSample> device(String name) {
        return samples.stream().filter(s -> s.device().equals(name)).toList();
    }

    IostatSample at(String device, int report) {
        return samples.stream().filter(s -> s.device().equals(device) && s.report() == report).findFirst().orElseThrow();
    }
}
