package dev.ioverdict.bundle;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of a folder bundle. Only regular files are ever opened (a FIFO or /proc/kmsg would
 * block the run or consume what it reads); a link is followed only when it resolves inside the
 * bundle, and a folder is read once however many links lead to it, which also ends link loops.
 * Whatever is not read is listed with the reason.
 */
final class FolderWalker {
    private final Path root;
    private final Limits limits;
    private final List<BundleFile> files = new ArrayList<>();
    private final List<Skipped> skipped = new ArrayList<>();
    private final Map<Path, String> walked = new HashMap<>();
    private boolean full;
    /** Links are followed after the real tree is read, so a folder is listed under its own name first. */
    private final java.util.ArrayDeque<Map.Entry<Path, String>> links = new java.util.ArrayDeque<>();

    private FolderWalker(Path root, Limits limits) {
        this.root = root;
        this.limits = limits;
    }

    static Bundle walk(String source, Path folder, Limits limits) throws IOException {
        FolderWalker w = new FolderWalker(folder.toRealPath(), limits);
        w.folder(w.root, "");
        while (!w.links.isEmpty()) {
            Map.Entry<Path, String> l = w.links.poll();
            try {
                w.link(l.getKey(), l.getValue());
            } catch (IOException e) {
                w.skipped.add(new Skipped(l.getValue(), "not read: " + reason(e), true));
            }
        }
        return new Bundle(source, w.files, w.skipped, null, limits);
    }

    private void folder(Path dir, String rel) {
        walked.put(dir, rel.isEmpty() ? "." : rel);
        List<Path> children = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            ds.forEach(children::add);
        } catch (IOException e) {
            skipped.add(new Skipped(rel.isEmpty() ? "." : rel, "folder could not be listed: " + reason(e), true));
            return;
        }
        children.sort(null);
        for (Path child : children) {
            String name = (rel.isEmpty() ? "" : rel + "/") + child.getFileName();
            try {
                entry(child, name);
            } catch (IOException e) {
                skipped.add(new Skipped(name, "not read: " + reason(e), true));
            }
        }
    }

    private void entry(Path p, String name) throws IOException {
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (a.isSymbolicLink()) {
            links.add(Map.entry(p, name));
        } else if (a.isDirectory()) {
            if (walked.containsKey(p)) {
                skipped.add(new Skipped(name, "folder " + walked.get(p) + ", already read: not read twice", false));
            } else {
                folder(p, name);
            }
        } else if (a.isRegularFile()) {
            regular(p, name);
        } else {
            skipped.add(new Skipped(name, special(p) + ": not read (only regular files are)", false));
        }
    }

    private void link(Path p, String name) throws IOException {
        String to = Files.readSymbolicLink(p).toString();
        Path target;
        try {
            target = p.toRealPath();
        } catch (NoSuchFileException e) {
            skipped.add(new Skipped(name, "dangling link to " + to + ": nothing to read", true));
            return;
        } catch (FileSystemException e) {
            skipped.add(new Skipped(name, "link to " + to + " cannot be resolved (" + reason(e)
                    + "; a link loop?): not followed", true));
            return;
        }
        if (!target.startsWith(root)) {
            skipped.add(new Skipped(name, "link to " + to + " leads outside the bundle: not followed", true));
            return;
        }
        BasicFileAttributes a = Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (a.isDirectory()) {
            String seen = walked.get(target);
            if (seen != null) {
                skipped.add(new Skipped(name, "link to folder " + seen + ", already read: not read twice", false));
            } else {
                folder(target, name);
            }
        } else if (a.isRegularFile()) {
            regular(target, name);
        } else {
            skipped.add(new Skipped(name, "link to " + special(target) + ": not read (only regular files are)", false));
        }
    }

    private void regular(Path p, String name) {
        if (files.size() >= limits.maxEntries()) {
            if (!full) {
                full = true;
                skipped.add(new Skipped(name, "more than " + limits.maxEntries() + " files: this one and the rest not"
                        + " read (--max-entries)", true));
            }
            return;
        }
        if (!Files.isReadable(p)) {
            skipped.add(new Skipped(name, "unreadable (permission denied): not read", true));
            return;
        }
        try {
            BundleFile f = BundleFile.of(name, p, limits);
            files.add(f);
            Skipped trailer = f.compression().trailer(name, p, f.size(), limits.maxRatio());
            if (trailer != null) {
                skipped.add(trailer);
            }
        } catch (AccessDeniedException e) {
            skipped.add(new Skipped(name, "unreadable (permission denied): not read", true));
        } catch (IOException e) {
            skipped.add(new Skipped(name, "unreadable: " + reason(e), true));
        }
    }

    /** "FIFO", "character device" ... from the file type bits of the Unix mode. */
    static String special(Path p) {
        try {
            int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            return switch (mode & 0170000) {
                case 0010000 -> "FIFO (named pipe)";
                case 0020000 -> "character device";
                case 0060000 -> "block device";
                case 0140000 -> "socket";
                default -> "special file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "special file";
        }
    }

    static String reason(Exception e) {
        if (e instanceof java.io.EOFException) {
            return "unexpected end of data (truncated?)";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
