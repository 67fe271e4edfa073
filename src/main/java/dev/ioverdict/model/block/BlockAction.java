package dev.ioverdict.model.block;

/** blkparse's action letters (and the perf block tracepoints that mean the same). */
public enum BlockAction {
    QUEUE("Q"), GETRQ("G"), SLEEPRQ("S"), INSERT("I"), BACKMERGE("M"), FRONTMERGE("F"), ISSUE("D"),
    COMPLETE("C"), REQUEUE("R"), REMAP("A"), SPLIT("X"), BOUNCE("B"), PLUG("P"), UNPLUG("U"),
    UNPLUG_TIMER("UT"), MESSAGE("m"), OTHER("?");

    private final String letter;

    BlockAction(String letter) {
        this.letter = letter;
    }

    public String letter() {
        return letter;
    }
}
