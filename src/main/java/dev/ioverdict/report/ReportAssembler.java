package dev.ioverdict.report;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.analysis.host.HostInfo;
import dev.ioverdict.model.AppliedWindow;
import dev.ioverdict.model.UnusedInputs;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.bpf.BpfSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.report.model.BlockView;
import dev.ioverdict.model.config.ConfigSection;
import dev.ioverdict.model.fio.FioSection;
import dev.ioverdict.model.layers.LayerTimes;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.iostat.Periods;
import dev.ioverdict.model.iostat.IostatSection;
import dev.ioverdict.model.syscall.SyscallSection;
import dev.ioverdict.report.model.Report;
import dev.ioverdict.diagnosis.Diagnosed;
import java.util.List;

/** Places analysis results and findings into the one report model all renderers share. */
public final class ReportAssembler {
    private ReportAssembler() {
    }

    /** Device identities listed: those of the devices the report itemises first, then others up to this many. */
    static final int IDENTITIES = 1_000;

    /** The identities report.json lists: all of a bundle of up to {@link #IDENTITIES} devices, else the itemised ones first. */
    private static List<dev.ioverdict.analysis.config.DeviceIdentity> identities(
            List<dev.ioverdict.analysis.config.DeviceIdentity> all, List<IostatDevice> iostat) {
        if (all.size() <= IDENTITIES) {
            return all;
        }
        java.util.Set<String> shown = new java.util.HashSet<>();
        if (iostat != null) {
            iostat.forEach(d -> shown.add(d.device()));
        }
        List<dev.ioverdict.analysis.config.DeviceIdentity> out = new java.util.ArrayList<>();
        java.util.Set<dev.ioverdict.analysis.config.DeviceIdentity> taken = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        all.stream().filter(d -> shown.contains(d.kernelName()) || shown.contains(d.key())).limit(IDENTITIES).forEach(taken::add);
        all.stream().filter(d -> !taken.contains(d)).limit(IDENTITIES - taken.size()).forEach(taken::add);
        // in their own order
        all.stream().filter(taken::contains).forEach(out::add);
        return out;
    }

    private static List<String> iostatNotes(List<String> notes, int identities) {
        if (identities <= IDENTITIES) {
            return notes;
        }
        List<String> out = new java.util.ArrayList<>(notes);
        out.add(String.format(java.util.Locale.ROOT, "%,d more device identities not listed in report.json (of %,d)",
                identities - IDENTITIES, identities));
        return out;
    }

    public static Report assemble(CaseData data, Diagnosed diagnosed, String caseId, String title) {
        Diagnosed outcome = InvariantGate.findings(diagnosed);
        String caseTitle = title != null ? title : "I/O diagnosis: " + caseId;
        var results = data.results();
        HostInfo host = results.get(HostInfo.class).orElse(null);
        List<IostatDevice> iostat = results.get(IostatSection.class).map(IostatSection::devices)
                .map(devices -> devices.stream().map(d -> d.withLabel(results.get(StorageConfig.class)
                        .map(c -> c.label(d.device())).filter(l -> !l.equals(d.device())).orElse(null))).toList())
                .orElse(null);
        var config = results.get(StorageConfig.class);
        return InvariantGate.rest(Report.builder()
                .tool(new Report.Tool("ioverdict", Version.get()))
                .caseInfo(new Report.CaseInfo(caseId, caseTitle, data.source(), host))
                .summary(FrontPage.of(data, outcome, caseId, host, iostat,
                        results.get(BlockSection.class).map(b -> b.devices().stream()
                                .map(d -> config.flatMap(c -> c.deviceName(d.device())).orElse(d.device()))
                                .toList()).orElse(List.of())))
                .verdict(Verdict.write(data, outcome))
                .layers(results.get(LayerTimes.class).orElse(null))
                .inputs(results.get(UnusedInputs.class).orElse(UnusedInputs.NONE).noted(data.inputs()))
                .block(results.get(BlockSection.class)
                        .map(b -> BlockView.of(b, results.get(BlockTrace.class).orElse(null),
                                d -> config.map(c -> c.label(d)).orElse(d))).orElse(null))
                .syscalls(results.get(SyscallSection.class).orElse(null))
                .iostat(iostat)
                .iostatNotes(iostatNotes(results.get(IostatSection.class).map(IostatSection::notes).orElse(List.of()),
                        config.map(c -> c.identities().all().size()).orElse(0)))
                .config(results.get(ConfigSection.class).orElse(null))
                .findings(outcome.causes())
                .notEvaluated(outcome.notEvaluated())
                .failedRules(outcome.failures())
                .consistency(outcome.consistency())
                .window(results.get(AppliedWindow.class).orElse(null))
                .timeModel(results.get(TimeModel.class).orElse(null))
                .periods(results.get(Periods.class).orElse(Periods.NONE))
                .fio(results.get(FioSection.class).orElse(null))
                .bpf(results.get(BpfSection.class).orElse(null))
                .analysisFailures(data.analysisFailures())
                .devices(identities(config.map(c -> c.identities().all()).orElse(List.of()), iostat))
                .build());
    }
}
