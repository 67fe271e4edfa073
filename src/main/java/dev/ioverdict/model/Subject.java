package dev.ioverdict.model;

/**
 * What a finding is about, with a stable identity so that findings of different sources about the
 * same thing can be merged: a device by its name ("sdb", else "8,16"), a process by pid, a file by
 * path. {@code label} is what a reader sees ("sdb (8,16)", "fio pid 19468").
 */
public record Subject(Kind kind, String id, String label) {
    public enum Kind { DEVICE, PROCESS, FILE, FILESYSTEM, HOST }

    public static Subject device(String id, String label) {
        return new Subject(Kind.DEVICE, id, label);
    }

    public static Subject process(int pid, String comm) {
        return new Subject(Kind.PROCESS, Integer.toString(pid), (comm == null ? "" : comm + " ") + "pid " + pid);
    }

    /** The processes of one command together (a database's writer threads): known by the command, not a pid. */
    public static Subject command(String comm, String label) {
        return new Subject(Kind.PROCESS, comm, label);
    }

    /** Several processes the traces give no name, known by their pids: id "pids 15675,15676". */
    public static Subject processes(java.util.List<Integer> pids, String label) {
        return new Subject(Kind.PROCESS, "pids " + pids.stream().sorted().map(String::valueOf)
                .collect(java.util.stream.Collectors.joining(",")), label);
    }

    /** The pids a process subject names: its one pid, the pids of {@link #processes}, none for a command's. */
    public java.util.List<Integer> pids() {
        if (kind != Kind.PROCESS) {
            return java.util.List.of();
        }
        String list = id.startsWith("pids ") ? id.substring(5) : id;
        java.util.List<Integer> out = new java.util.ArrayList<>();
        for (String each : list.split(",")) {
            try {
                out.add(Integer.parseInt(each));
            } catch (NumberFormatException e) {
                return java.util.List.of(); // a command's name
            }
        }
        return out;
    }

    public static Subject file(String path) {
        return new Subject(Kind.FILE, path, path);
    }

    public static Subject host() {
        return new Subject(Kind.HOST, "host", "the host");
    }

    /** rule-independent key: kind and id */
    public String key() {
        return kind + ":" + id;
    }
}
