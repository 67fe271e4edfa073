package dev.ioverdict.diagnosis;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.config.DeviceStacks;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Measurement;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.Unit;
import dev.ioverdict.model.config.DeviceLink;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import dev.ioverdict.rules.block.DeviceLatencyRule;
import dev.ioverdict.rules.disk.DiskSaturationRule;
import dev.ioverdict.rules.disk.QueueWaitRule;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One stack, one cause. A request to a loop device on a loop device, a dm volume or a multipath
 * map ends as requests to the devices below, so a slow disk shows on every device above it with
 * the same time: the findings of one kind about the devices of one stack become one cause, named
 * on the lowest device that holds the time, with the upper devices' findings under it (their own
 * figures and evidence, a sentence each) and the time counted once. Where the devices below hold
 * less than half of the upper device's time, the upper device is slow by itself (dm's own queue, a
 * filesystem's locks under a loop device): it keeps its cause, less the time held below it, which
 * is that lower device's cause.
 */
final class StackedDevices {
    /**
     * The kinds whose time on an upper device contains the time below it (D2C, await and the queue
     * iostat counts run until the lower device completes). A scheduler's or a request queue's wait
     * on the upper device is spent before its requests reach the lower one: not folded.
     */
    private static final List<String> TIME_INCLUDES_BELOW = List.of(DeviceLatencyRule.ID, DiskSaturationRule.ID, QueueWaitRule.ID);
    /** The devices below hold the time when they hold at least this share of the upper device's. */
    static final double HELD_BELOW = 0.5;

    private StackedDevices() {
    }

    static List<Finding> fold(List<Finding> causes, CaseData data) {
        DeviceStacks stacks = data.results().get(DeviceStacks.class).orElse(DeviceStacks.NONE);
        Map<Finding, Finding> now = new LinkedHashMap<>();
        causes.forEach(f -> now.put(f, f));
        Set<Finding> absorbed = new LinkedHashSet<>();
        for (String rule : TIME_INCLUDES_BELOW) {
            List<Finding> same = causes.stream().filter(f -> f.rule().equals(rule) && onDevice(f)).toList();
            for (List<Finding> group : groups(same, stacks)) {
                settle(group, now, absorbed, data, stacks);
            }
        }
        return causes.stream().filter(f -> !absorbed.contains(f)).map(now::get).toList();
    }

    /**
     * One stack's findings ({@code group}, as the rules gave them; {@code now} holds each one as
     * this step has made it so far). When the devices at the bottom hold the time, all fold into
     * one cause on them; else each upper device keeps its own share, and the upper devices are
     * settled among themselves (a loop device on a slow dm volume on a fine disk: one cause on dm).
     */
    private static void settle(List<Finding> group, Map<Finding, Finding> now, Set<Finding> absorbed, CaseData data,
                               DeviceStacks stacks) {
        List<Finding> bottoms = group.stream().filter(f -> group.stream()
                .noneMatch(g -> g != f && !stacks.path(f.subject().id(), g.subject().id()).isEmpty())).toList();
        List<Finding> uppers = group.stream().filter(f -> !bottoms.contains(f)).toList();
        List<Finding> lower = bottoms.stream().map(now::get).toList();
        TimeHeld held = TimeHeld.of(lower, uppers.stream().map(now::get).toList(), data, stacks);
        if (held.heldBelow()) {
            Finding holder = bottoms.stream().max(Comparator.comparingDouble((Finding f) -> now.get(f).weight())
                    .thenComparing(Finding::fingerprint, Comparator.reverseOrder())).orElseThrow();
            List<Finding> parts = group.stream().filter(f -> f != holder).toList();
            now.put(holder, folded(now.get(holder), parts.stream().map(now::get).toList(), lower, stacks, held));
            absorbed.addAll(parts);
            return;
        }
        for (Finding u : uppers) {
            now.put(u, ownTime(now.get(u), bottoms.stream()
                    .filter(b -> !stacks.path(u.subject().id(), b.subject().id()).isEmpty()).map(now::get).toList(), held));
        }
        for (List<Finding> above : groups(uppers, stacks)) {
            settle(above, now, absorbed, data, stacks);
        }
    }

    private static boolean onDevice(Finding f) {
        return f.subject() != null && f.subject().kind() == Subject.Kind.DEVICE && !f.subject().id().startsWith("?");
    }

    /** The findings that sit on one another, each group one stack (in the order the causes came). */
    private static List<List<Finding>> groups(List<Finding> findings, DeviceStacks stacks) {
        int n = findings.size();
        int[] root = new int[n];
        for (int i = 0; i < n; i++) {
            root[i] = i;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j && !stacks.path(findings.get(i).subject().id(), findings.get(j).subject().id()).isEmpty()) {
                    root[find(root, i)] = find(root, j);
                }
            }
        }
        Map<Integer, List<Finding>> byRoot = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            byRoot.computeIfAbsent(find(root, i), k -> new ArrayList<>()).add(findings.get(i));
        }
        return byRoot.values().stream().filter(g -> g.size() > 1).toList();
    }

    private static int find(int[] root, int i) {
        while (root[i] != i) {
            i = root[i];
        }
        return i;
    }

    /**
     * The holder's cause with the others under it: each says how its device sits on the holder and
     * keeps its own figures and evidence; the lines that show the stack join the evidence. The time
     * is the holder's (the others' is the same time seen from above), or, with several devices
     * holding it side by side (a map's paths), theirs added up.
     */
    private static Finding folded(Finding holder, List<Finding> parts, List<Finding> bottoms, DeviceStacks stacks,
                                  TimeHeld held) {
        List<Finding> symptoms = new ArrayList<>(holder.symptoms());
        List<Evidence> evidence = new ArrayList<>(holder.evidence());
        Set<String> sources = new LinkedHashSet<>(holder.sources());
        StringBuilder summary = new StringBuilder(holder.summary());
        Severity severity = holder.severity();
        double seconds = holder.weight();
        List<String> above = new ArrayList<>();
        List<String> beside = new ArrayList<>();
        for (Finding p : parts) {
            severity = p.severity().compareTo(severity) < 0 ? p.severity() : severity;
            sources.addAll(p.sources());
            if (bottoms.contains(p)) {
                // another device at the bottom of the same stack (a second path, a second leg)
                beside.add(p.subject().id());
                seconds += p.weight();
                summary.append(" It holds the time side by side with ").append(p.subject().label()).append(": ")
                        .append(p.title()).append('.');
                symptoms.add(p.withSymptoms(List.of()).withSummary("Beside " + holder.subject().label()
                        + " at the bottom of the same stack, part of the same cause. " + p.summary()));
            } else {
                above.add(p.subject().id());
                List<DeviceLink> chain = stacks.path(p.subject().id(), holder.subject().id());
                for (int i = 0; chain.isEmpty() && i < bottoms.size(); i++) {
                    chain = stacks.path(p.subject().id(), bottoms.get(i).subject().id());
                }
                String how = String.join("; ", chain.stream().map(DeviceLink::how).toList());
                summary.append(" Stacked above it: ").append(p.subject().label()).append(" (").append(how)
                        .append("): ").append(p.title()).append(", the same time seen from the device above, not a "
                                + "second cause.");
                symptoms.add(p.withSymptoms(List.of()).withSummary("Part of the cause on " + holder.subject().label()
                        + ": " + how + ", so its requests wait for " + holder.subject().id() + ". " + p.summary()));
                chain.forEach(l -> l.evidence().stream().filter(e -> !evidence.contains(e)).forEach(evidence::add));
            }
            symptoms.addAll(p.symptoms());
        }
        List<Measurement> measurements = new ArrayList<>(holder.measurements());
        List<String> reasons = reasons(holder, above, symptoms);
        if (!above.isEmpty()) {
            summary.append(" ").append(beside.isEmpty() ? holder.subject().id() + " holds " : "The devices at the bottom hold ")
                    .append(Figures.percent(held.above() > 0 ? Math.min(100, 100 * held.below() / held.above()) : 100))
                    .append(" of the time of the device above (").append(held.how()).append(").");
            measurements.add(Measurement.text("stackedAbove", "devices stacked above it", Unit.TEXT,
                    String.join(", ", above)));
        }
        if (!beside.isEmpty()) {
            measurements.add(Measurement.text("stackedBeside", "devices beside it in the stack", Unit.TEXT,
                    String.join(", ", beside)));
        }
        Impact impact = beside.isEmpty() ? holder.impact() : new Impact(seconds, null, null, holder.impact().measured(),
                holder.impact().method() + ", added up over " + holder.subject().id() + " and " + String.join(", ", beside));
        return new Finding(holder.rule(), severity, holder.confidence(), reasons, holder.assumptions(),
                holder.subject(), holder.title(), summary.toString(), holder.recommendation(), measurements, evidence,
                impact, List.copyOf(sources), symptoms);
    }

    /**
     * The holder's reasons and that the devices above it show the same time; a holder without reasons
     * gets the one the diagnosis gives any cause (what it was measured in, the application's waits
     * that agree), which would otherwise count the devices above among the application's waits.
     */
    private static List<String> reasons(Finding holder, List<String> above, List<Finding> symptoms) {
        List<String> out = new ArrayList<>(holder.confidenceReasons());
        String stack = above.isEmpty() ? "" : "the device" + (above.size() > 1 ? "s" : "") + " stacked above it ("
                + String.join(", ", above) + ") " + (above.size() > 1 ? "show" : "shows") + " the same time";
        if (out.isEmpty()) {
            List<String> waits = symptoms.stream().map(Finding::rule).filter(r -> !r.equals(holder.rule())).distinct()
                    .toList();
            String kinds = holder.sources().isEmpty() ? "the capture" : "the " + String.join(" and the ", holder.sources());
            out.add("its figures measured directly in " + kinds + (stack.isEmpty() ? "" : "; " + stack)
                    + (waits.isEmpty() ? "" : "; the application's own waits agree (" + String.join(", ", waits) + ")"));
        } else if (!stack.isEmpty()) {
            out.add(stack);
        }
        return out;
    }

    /**
     * An upper device slow by itself: its time less the share the devices below it hold (their own
     * causes), so that the stack's time is counted once.
     */
    private static Finding ownTime(Finding upper, List<Finding> below, TimeHeld held) {
        double share = held.above() > 0 ? Math.min(1, held.below() / held.above()) : 0;
        String names = String.join(", ", below.stream().map(f -> f.subject().label()).toList());
        Impact own = new Impact(upper.weight() * (1 - share), null, null, upper.impact().measured(),
                upper.impact().method() + ", less the " + Figures.percent(100 * share) + " held below it in " + names);
        return upper.withImpact(own).withSummary(upper.summary() + " It sits on " + names + ", which hold"
                + (below.size() == 1 ? "s " : " ") + "only " + Figures.percent(100 * share) + " of its time ("
                + held.how() + "; a cause of " + (below.size() == 1 ? "its" : "their") + " own): the rest is held in "
                + upper.subject().id() + " itself.");
    }
}
