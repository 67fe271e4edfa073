package dev.ioverdict.model;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How much of the observed I/O time a finding explains: {@code seconds} of waiting in the capture,
 * as a share ({@code sharePct}) of {@code of} (e.g. "io_submit + io_getevents time of fio pid
 * 19468", "Q2C time on sdb") when that total is known. {@code measured} says whether the seconds
 * were summed from the capture or estimated; {@code method} says how, in words.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@com.fasterxml.jackson.annotation.JsonIgnoreProperties(value = "text", allowGetters = true)
public record Impact(double seconds, Double sharePct, String of, boolean measured, String method,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) java.util.List<ProcessShare> processes,
                     Double spanSeconds) {
    public static final Impact NONE = new Impact(0, null, null, false, "not measurable from this data");
    /** A process group's share is worth quoting beside the whole's when it is this many points larger. */
    static final double VICTIM_POINTS = 5;
    /**
     * ...and when it holds this share of the cause's seconds: a server's housekeeping process that waited
     * a few milliseconds, all of them on the cause, is not the victim's view of it.
     */
    static final double VICTIM_MIN_SHARE_OF_CAUSE = 0.10;

    public Impact {
        processes = processes == null ? java.util.List.of() : java.util.List.copyOf(processes);
    }

    public Impact(double seconds, Double sharePct, String of, boolean measured, String method,
                  java.util.List<ProcessShare> processes) {
        this(seconds, sharePct, of, measured, method, processes, null);
    }

    public Impact(double seconds, Double sharePct, String of, boolean measured, String method) {
        this(seconds, sharePct, of, measured, method, java.util.List.of(), null);
    }

    /** The same impact with the span its seconds were summed over: said as requests outstanding on average. */
    public Impact over(double span) {
        return new Impact(seconds, sharePct, of, measured, method, processes, span > 0 ? span : null);
    }

    /**
     * The impact in words, the one way every page says it: "1.15 s, 74.4 % of the application's I/O
     * wait (...); 76 % of fio pid 13129's I/O wait" (the share of the process group that loses
     * clearly more than the whole does: the victim's view). Device time summed over a span is said
     * as what it is, the requests outstanding on average (Little's law: time summed over requests
     * divided by the span): "99.4 % of the devices' own time (...): 38.7 requests outstanding on
     * average", where "16.1 min" from a 25-second capture reads as an error and "38.7 s per second"
     * needs working out. Null when it explains nothing.
     */
    @com.fasterxml.jackson.annotation.JsonProperty("text")
    public String text() {
        return words(of, true);
    }

    /**
     * How the seconds were found, for a page that says beside them whether they were measured or estimated:
     * {@link #method} without its own "estimated: " (the time model's parts say it of themselves, and the page
     * would say it twice: "(estimated: time model: ...; estimated: ...)").
     */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public String how() {
        if (method == null) {
            return null;
        }
        String how = method.startsWith(ESTIMATED) ? method.substring(ESTIMATED.length()) : method;
        return how.replace("; " + ESTIMATED, "; ");
    }

    private static final String ESTIMATED = "estimated: ";

    /**
     * The impact in a few words, for a page where its whole sentence stands nearby (the front page's
     * headline over a table of causes): "1.98 s, 58.7 % of the application's I/O wait", without the
     * totals in brackets and the victim's view. Null when it explains nothing.
     */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public String brief() {
        int bracket = of == null ? -1 : of.indexOf(" (");
        return words(bracket > 0 ? of.substring(0, bracket) : of, false);
    }

    private String words(String whole, boolean victimView) {
        if (seconds <= 0) {
            return null;
        }
        String victim = !victimView || sharePct == null || processes.size() < 2 ? "" : processes.stream()
                .filter(p -> p.seconds() >= VICTIM_MIN_SHARE_OF_CAUSE * seconds)
                .max(java.util.Comparator.comparingDouble(ProcessShare::sharePct))
                .filter(p -> p.sharePct() - sharePct >= VICTIM_POINTS)
                .map(p -> "; " + Figures.percent(p.sharePct()) + " of " + UnnamedProcess.who(p.command(), p.pids())
                        + (of != null && of.startsWith("the application") ? "'s I/O wait" : "'s device time"))
                .orElse("");
        String what = whole != null ? whole : "I/O time";
        if (spanSeconds != null) {
            return sharePct == null ? what + ": " + gain() + (measured ? "" : ", estimated")
                    : Figures.percent(sharePct) + " of " + what + ": " + gain() + victim;
        }
        if (sharePct == null) {
            return Figures.duration(seconds) + " of " + what + (measured ? "" : ", estimated");
        }
        return Figures.duration(seconds) + ", " + Figures.percent(sharePct) + " of " + whole + victim;
    }

    /** What addressing it gives back, in the fewest words: "1.98 s", or the load "38.7 requests outstanding on average". */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public String gain() {
        if (seconds <= 0) {
            return null;
        }
        if (spanSeconds != null) {
            String outstanding = Figures.number(seconds / spanSeconds);
            return outstanding + (outstanding.equals("1") ? " request" : " requests") + " outstanding on average";
        }
        return Figures.duration(seconds);
    }

    /** The same seconds seen per process group: each group's seconds and their share of its own wait. */
    public record ProcessShare(String command, java.util.List<Integer> pids, double seconds, double sharePct) {
        public ProcessShare {
            pids = java.util.List.copyOf(pids);
        }
    }

    /** The largest share any one process group loses to it (the victim's view), else the overall share. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public Double worstSharePct() {
        return processes.stream().map(ProcessShare::sharePct).max(Double::compare).orElse(sharePct);
    }

    public static Impact measured(double seconds, String method) {
        return new Impact(seconds, null, null, true, method);
    }

    public static Impact estimated(double seconds, String method) {
        return new Impact(seconds, null, null, false, method);
    }

    /**
     * The same seconds as a share of a known total; no share when the seconds exceed the total (a
     * part larger than its whole says the two were counted over different sets, not a fact).
     */
    public Impact of(double totalSeconds, String what) {
        Double share = Invariants.sharePct(seconds, totalSeconds);
        return new Impact(seconds, share, share == null ? null : what, measured, method, processes, spanSeconds);
    }
}
