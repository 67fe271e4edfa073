package dev.ioverdict.rules.disk;

import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatPoint;
import dev.ioverdict.model.Figures;
import java.util.List;
import java.util.Optional;

/**
 * iostat files of one bundle whose names differ only in a setting's value (iostat-x-cp-maxcontig6.txt
 * and iostat-x-cp-maxcontig128.txt): a before/after of that setting. Advice must fit it: never
 * advise raising a setting the evidence already shows raised, and say what the change did.
 */
record SettingVariants(String setting, long value, DeviceSeries other, long otherValue) {

    /** The setting token of a file name: the last letters+digits run ("maxcontig128"), as name and value. */
    static Optional<Token> token(String input) {
        String name = input.substring(input.lastIndexOf('/') + 1);
        int end = name.lastIndexOf('.') > 0 ? name.lastIndexOf('.') : name.length();
        int digitsEnd = end;
        int i = end - 1;
        while (i >= 0 && Character.isDigit(name.charAt(i))) {
            i--;
        }
        int digitsStart = i + 1;
        while (i >= 0 && Character.isLetter(name.charAt(i))) {
            i--;
        }
        int letters = i + 1;
        if (digitsStart == digitsEnd || letters == digitsStart || digitsEnd - digitsStart > 9) {
            return Optional.empty();
        }
        String prefix = input.substring(0, input.length() - name.length()) + name.substring(0, digitsStart);
        return Optional.of(new Token(name.substring(letters, digitsStart), Long.parseLong(name.substring(digitsStart,
                digitsEnd)), prefix + "#" + name.substring(digitsEnd)));
    }

    record Token(String setting, long value, String pattern) {
    }

    /** The same device in the sibling file with another value of the setting, when the bundle holds one. */
    static Optional<SettingVariants> of(DeviceSeries s, List<DeviceSeries> all) {
        Optional<Token> mine = token(s.input());
        if (mine.isEmpty()) {
            return Optional.empty();
        }
        for (DeviceSeries o : all) {
            if (o == s || !o.device().equals(s.device())) {
                continue;
            }
            Optional<Token> theirs = token(o.input());
            if (theirs.isPresent() && theirs.get().pattern().equals(mine.get().pattern())
                    && theirs.get().setting().equals(mine.get().setting()) && theirs.get().value() != mine.get().value()) {
                return Optional.of(new SettingVariants(mine.get().setting(), mine.get().value(), o, theirs.get().value()));
            }
        }
        return Optional.empty();
    }

    /** One sentence: the device's figures under the other value of the setting. */
    String sentence(DeviceSeries s) {
        double response = other.points().stream().mapToDouble(IostatPoint::responseMs).filter(v -> !Double.isNaN(v))
                .average().orElse(Double.NaN);
        double busy = other.points().stream().mapToDouble(IostatPoint::busyPct).filter(v -> !Double.isNaN(v))
                .average().orElse(Double.NaN);
        return " The bundle holds this capture with " + setting + " " + otherValue + " too (" + other.input() + "): there "
                + s.device() + " answered in " + Figures.duration(response / 1000) + " (" + s.responseLabel()
                + ") at " + Figures.percent(busy) + " busy, against " + setting + " " + value + " here.";
    }
}
