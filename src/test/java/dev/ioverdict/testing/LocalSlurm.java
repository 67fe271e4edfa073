package dev.ioverdict.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A one-node Slurm cluster on localhost for a test: munged, slurmctld and slurmd (Debian's
 * slurm-wlm and munge) started directly as daemons (no systemd in a container), each with its own
 * key, socket, ports, state and logs under one folder, so nothing of an installed Slurm is used or
 * disturbed. Cgroups are left out (process tracking through /proc, no task plugin): a container
 * rarely lets slurmd manage them. {@link #close()} stops every daemon it started.
 */
public final class LocalSlurm implements AutoCloseable {
    /** Why a cluster cannot be had here; tests turn it into a skip. */
    public static final class Unavailable extends Exception {
        Unavailable(String message) {
            super(message);
        }
    }

    private static final int CPUS = 4;
    private static final Duration START_WAIT = Duration.ofSeconds(40);

    private final Path dir;
    private final Map<String, Path> tools;
    private final List<Path> pidFiles = new ArrayList<>();
    private final String nodeName;

    private LocalSlurm(Path dir, Map<String, Path> tools, String nodeName) {
        this.dir = dir;
        this.tools = tools;
        this.nodeName = nodeName;
    }

    /** Starts the three daemons under {@code dir}, or says why it cannot. */
    public static LocalSlurm start(Path dir) throws Unavailable, IOException, InterruptedException {
        if (!System.getProperty("os.name").equals("Linux")) {
            throw new Unavailable("Slurm runs on Linux only");
        }
        String uid = run(List.of("id", "-u"), Map.of(), Duration.ofSeconds(10)).out().strip();
        if (!uid.equals("0")) {
            throw new Unavailable("starting munged, slurmctld and slurmd needs root (uid is " + uid + ")");
        }
        Map<String, Path> tools = new java.util.HashMap<>();
        for (String t : List.of("munged", "slurmctld", "slurmd", "sbatch", "sinfo", "scancel")) {
            Optional<Path> p = which(t);
            if (p.isEmpty()) {
                throw new Unavailable(t + " not installed (apt-get install slurm-wlm munge; .ci/run does it as root)");
            }
            tools.put(t, p.get());
        }
        String host = run(List.of("hostname", "-s"), Map.of(), Duration.ofSeconds(10)).out().strip();
        LocalSlurm slurm = new LocalSlurm(dir, tools, host);
        try {
            slurm.startDaemons(host);
        } catch (Unavailable | IOException | RuntimeException e) {
            slurm.close();
            throw e;
        }
        return slurm;
    }

    private void startDaemons(String host) throws Unavailable, IOException, InterruptedException {
        Path munge = Files.createDirectories(dir.resolve("munge"));
        Files.setPosixFilePermissions(munge, PosixFilePermissions.fromString("rwx--x--x"));
        byte[] key = new byte[1024];
        new SecureRandom().nextBytes(key);
        Path keyFile = Files.write(munge.resolve("munge.key"), key);
        Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("r--------"));
        for (String d : List.of("state", "spool", "log")) {
            Files.createDirectories(dir.resolve(d));
        }
        Path socket = munge.resolve("socket");
        pidFiles.add(munge.resolve("munged.pid"));
        daemon(List.of(tools.get("munged").toString(), "--force", "--key-file=" + keyFile, "--socket=" + socket,
                "--pid-file=" + munge.resolve("munged.pid"), "--log-file=" + dir.resolve("log/munged.log"),
                "--seed-file=" + munge.resolve("seed")), "munged");

        int ctldPort = freePort();
        int slurmdPort = freePort();
        String conf = String.join("\n",
                "ClusterName=ioverdict-test",
                "SlurmctldHost=" + host + "(127.0.0.1)",
                "SlurmctldPort=" + ctldPort,
                "SlurmdPort=" + slurmdPort,
                "SlurmUser=root",
                "SlurmdUser=root",
                "AuthType=auth/munge",
                "AuthInfo=socket=" + socket,
                "CredType=cred/munge",
                "StateSaveLocation=" + dir.resolve("state"),
                "SlurmdSpoolDir=" + dir.resolve("spool"),
                "SlurmctldPidFile=" + dir.resolve("slurmctld.pid"),
                "SlurmdPidFile=" + dir.resolve("slurmd.pid"),
                "SlurmctldLogFile=" + dir.resolve("log/slurmctld.log"),
                "SlurmdLogFile=" + dir.resolve("log/slurmd.log"),
                "ProctrackType=proctrack/linuxproc",
                "TaskPlugin=task/none",
                "SelectType=select/cons_tres",
                "SelectTypeParameters=CR_CPU",
                "JobAcctGatherType=jobacct_gather/none",
                "AccountingStorageType=accounting_storage/none",
                "JobCompType=jobcomp/none",
                "MpiDefault=none",
                "SwitchType=switch/none",
                "MailProg=/bin/true",
                "ReturnToService=2",
                // the node takes the CPUs written here, not the machine's: the four tasks of an array run at
                // once even on a two-core CI machine, as on a real cluster (a task waiting for a CPU waits
                // for the next scheduling pass)
                "SlurmdParameters=config_overrides",
                "NodeName=" + host + " NodeAddr=127.0.0.1 CPUs=" + CPUS + " State=UNKNOWN",
                "PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP",
                "");
        Files.writeString(dir.resolve("slurm.conf"), conf, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("cgroup.conf"), "CgroupAutomount=no\n", StandardCharsets.UTF_8);
        pidFiles.add(dir.resolve("slurmctld.pid"));
        daemon(List.of(tools.get("slurmctld").toString(), "-f", conf().toString()), "slurmctld");
        pidFiles.add(dir.resolve("slurmd.pid"));
        daemon(List.of(tools.get("slurmd").toString(), "-f", conf().toString(), "-N", host), "slurmd");

        long deadline = System.nanoTime() + START_WAIT.toNanos();
        String state = "";
        while (System.nanoTime() < deadline) {
            state = command(List.of(tools.get("sinfo").toString(), "-h", "-N", "-o", "%T"), Duration.ofSeconds(20))
                    .out().strip();
            if (state.equals("idle")) {
                return;
            }
            Thread.sleep(300);
        }
        throw new Unavailable("the node did not become idle within " + START_WAIT.toSeconds() + " s (state '"
                + state + "'): " + logs());
    }

    public Path conf() {
        return dir.resolve("slurm.conf");
    }

    public String nodeName() {
        return nodeName;
    }

    /** Runs a Slurm client command (sbatch, squeue ...) against this cluster. */
    public Result command(List<String> command, Duration limit) throws IOException, InterruptedException {
        List<String> c = new ArrayList<>(command);
        Path tool = tools.get(c.get(0));
        if (tool != null) {
            c.set(0, tool.toString());
        }
        return run(c, Map.of("SLURM_CONF", conf().toString()), limit);
    }

    /** The end of every daemon's log, to explain a failure. */
    public String logs() {
        StringBuilder b = new StringBuilder();
        for (String l : List.of("munged.log", "slurmctld.log", "slurmd.log")) {
            Path p = dir.resolve("log").resolve(l);
            try {
                List<String> lines = Files.exists(p) ? Files.readAllLines(p) : List.of();
                b.append("\n--- ").append(l).append('\n')
                        .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 25), lines.size())));
            } catch (IOException e) {
                b.append("\n--- ").append(l).append(": ").append(e);
            }
        }
        return b.toString();
    }

    /** Cancels what is still queued, then stops the daemons this cluster started, newest first. */
    @Override
    public void close() {
        if (Files.exists(dir.resolve("slurmctld.pid"))) {
            try {
                command(List.of("scancel", "--full", "--partition=test"), Duration.ofSeconds(10));
            } catch (IOException | InterruptedException | RuntimeException e) {
                // the daemons are stopped below all the same
            }
        }
        for (int i = pidFiles.size() - 1; i >= 0; i--) {
            stop(pidFiles.get(i));
        }
    }

    private static void stop(Path pidFile) {
        try {
            if (!Files.exists(pidFile)) {
                return;
            }
            long pid = Long.parseLong(Files.readString(pidFile).strip());
            Optional<ProcessHandle> h = ProcessHandle.of(pid);
            if (h.isEmpty()) {
                return;
            }
            List<ProcessHandle> children = h.get().descendants().toList();
            h.get().destroy();
            try {
                h.get().onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                h.get().destroyForcibly();
            }
            children.forEach(ProcessHandle::destroyForcibly);
        } catch (IOException | RuntimeException e) {
            // nothing more can be done for a pid file that cannot be read
        }
    }

    private void daemon(List<String> command, String name) throws Unavailable, IOException, InterruptedException {
        Result r = run(command, Map.of("SLURM_CONF", dir.resolve("slurm.conf").toString()), Duration.ofSeconds(30));
        if (r.exitCode() != 0) {
            throw new Unavailable(name + " did not start (exit " + r.exitCode() + "): " + r.out() + logs());
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static Optional<Path> which(String tool) {
        String path = System.getenv().getOrDefault("PATH", "") + ":/usr/sbin:/sbin:/usr/bin:/bin";
        for (String d : path.split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, tool))) {
                return Optional.of(Path.of(d, tool));
            }
        }
        return Optional.empty();
    }

    /** A finished command: exit code and its output, stdout and stderr together. */
    public record Result(int exitCode, String out) {
    }

    static Result run(List<String> command, Map<String, String> env, Duration limit)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Path log = Files.createTempFile("local-slurm", ".out");
        try {
            pb.redirectOutput(log.toFile());
            Process p = pb.start();
            if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                return new Result(-1, command.get(0) + " still running after " + limit.toSeconds() + " s: "
                        + Files.readString(log));
            }
            return new Result(p.exitValue(), Files.readString(log));
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
