package dev.ioverdict.pipeline;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.report.model.BatchSummary.CaseResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What makes a batch resumable: beside each case's reports, the SHA-256 of everything the report
 * depends on (the tool's version, the options, every byte and path of the bundle), the case's
 * result, and the size and SHA-256 of each report written. A later run whose hash for the case is
 * the same, and whose reports are each still there with the size and hash recorded, takes the
 * result and compiles nothing: a report cut short, emptied or edited since is no reason to trust the
 * rest, and the case is redone. The stamp is written last, after the reports, so an interrupted case
 * is redone.
 */
public final class CaseStamp {
    static final String FILE = ".ioverdict-case.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The stamp; {@code outputs}: each report file's name, size and SHA-256 as written (none in stamps of before). */
    record Stamp(String hash, CaseResult result, Map<String, Output> outputs) {
    }

    /** A report file as it was written. */
    record Output(long size, String sha256) {
        static Output of(Path file) throws IOException {
            MessageDigest sha = CaseStamp.sha256();
            digest(file, sha, new byte[1 << 16]);
            return new Output(Files.size(file), HexFormat.of().formatHex(sha.digest()));
        }
    }

    private CaseStamp() {
    }

    /** The hash of one case: {@code options} (version, formats, config) then the bundle's files in path order. */
    static String hash(Path bundle, String options) throws IOException {
        MessageDigest sha = sha256();
        sha.update(options.getBytes(StandardCharsets.UTF_8));
        byte[] buf = new byte[1 << 16];
        if (Files.isDirectory(bundle)) {
            List<Path> files;
            try (Stream<Path> s = Files.walk(bundle)) {
                files = s.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path f : files) {
                sha.update(("\n" + bundle.relativize(f).toString().replace('\\', '/') + "\n").getBytes(StandardCharsets.UTF_8));
                digest(f, sha, buf);
            }
        } else {
            digest(bundle, sha, buf);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** The result stored for the case when its hash is {@code hash} and its reports are all there. */
    static Optional<CaseResult> reusable(Path caseDir, String hash, List<String> reportFiles) {
        Path file = caseDir.resolve(FILE);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try {
            Stamp s = JSON.readValue(file.toFile(), Stamp.class);
            if (!hash.equals(s.hash()) || s.result() == null) {
                return Optional.empty();
            }
            for (String r : s.result().report() == null ? List.<String>of() : reportFiles) {
                Path report = caseDir.resolve(r);
                Output recorded = s.outputs() == null ? null : s.outputs().get(r);
                // size first: a cut or emptied report is told without reading it
                if (recorded == null || !Files.isRegularFile(report, LinkOption.NOFOLLOW_LINKS)
                        || Files.size(report) != recorded.size() || !Output.of(report).equals(recorded)) {
                    return Optional.empty();
                }
            }
            return Optional.of(s.result());
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // a stamp that cannot be read is no stamp: the case is redone
        }
    }

    static void write(Path caseDir, String hash, CaseResult result, List<String> reportFiles) throws IOException {
        Files.createDirectories(caseDir);
        Map<String, Output> outputs = new TreeMap<>();
        for (String r : result.report() == null ? List.<String>of() : reportFiles) {
            Path report = caseDir.resolve(r);
            if (Files.isRegularFile(report, LinkOption.NOFOLLOW_LINKS)) {
                outputs.put(r, Output.of(report));
            }
        }
        Path tmp = caseDir.resolve(FILE + ".tmp");
        JSON.writeValue(tmp.toFile(), new Stamp(hash, result, outputs));
        try {
            Files.move(tmp, caseDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, caseDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Forgets a case's stamp before it is compiled again. */
    static void clear(Path caseDir) throws IOException {
        Files.deleteIfExists(caseDir.resolve(FILE));
    }

    private static void digest(Path f, MessageDigest sha, byte[] buf) throws IOException {
        try (InputStream in = Files.newInputStream(f)) {
            int n;
            while ((n = in.read(buf)) > 0) {
                sha.update(buf, 0, n);
            }
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
