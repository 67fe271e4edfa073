package dev.ioverdict.parse.kernel;

import dev.ioverdict.model.kernel.KernelEventKind;
import dev.ioverdict.parse.text.Bytes;
import java.nio.charset.StandardCharsets;

/**
 * Which kernel (and multipathd) messages are storage errors, and which device each names. Each
 * test is an {@code indexOf} on the message body, in the kernel's own wording: block layer
 * ({@code blk_update_request: I/O error, dev sdb}, {@code print_req_error}, {@code end_request},
 * {@code Buffer I/O error on dev}), SCSI ({@code [sdb] tag#3 FAILED Result}, {@code Sense Key :
 * Medium Error}, {@code timing out command}, aborts, {@code Device offlined}, {@code rejecting I/O
 * to offline device}), libata ({@code exception Emask}, {@code hard resetting link}), NVMe
 * ({@code I/O 0 QID 0 timeout, reset controller}, {@code aborting}, {@code Removing after probe
 * failure}), dm-multipath ({@code Failing path 8:32}, {@code remaining active paths: 0},
 * multipathd's {@code checker reports path is down}, {@code reinstated}) and XFS / ext4 / jbd2.
 */
final class StorageMessages {
    /** What one message says: kind, device as named, the multipath map when it names one. */
    record Match(KernelEventKind kind, String device, String map) {
    }

    private StorageMessages() {
    }

    private static final byte[] ERROR = ascii("error");
    private static final byte[] MARK_AS_FAILED = ascii("mark as failed");
    private static final byte[] REINSTATED = ascii("reinstated");
    private static final byte[] ABORTING_JOURNAL = ascii("Aborting journal on device ");
    private static final byte[] PATH = ascii("path");
    private static final byte[] SENSE_KEY = ascii("sense key");

    /**
     * Whether the message {@code b[from, to)} (its bytes, ASCII or UTF-8) may be one that
     * {@link #classify} knows, {@code worded} being whether it {@link #holdsWord holds a word}:
     * false only when it cannot be, so that a log's common line is passed after one scan of its
     * bytes. Every form either starts as a device's or a filesystem's message does ({@code sd },
     * {@code nvme}, {@code ata}, {@code XFS}, {@code EXT4-fs (} ...) or holds one of the words. The
     * caller scans for the words itself, as it hands {@code worded} on to {@link #classify(String, boolean)}.
     */
    static boolean mayClassify(boolean worded, byte[] b, int from, int to) {
        return worded || from < to && startsAsDevice(b, from, to);
    }

    private static final long R = Bytes.pattern((byte) 'r');
    private static final long P = Bytes.pattern((byte) 'p');
    private static final long K = Bytes.pattern((byte) 'k');

    /**
     * Whether {@code b[from, to)} holds one of {@code error}, {@code sense key}, {@code path},
     * {@code mark as failed}, {@code reinstated}, {@code Aborting journal on device }: the forms of
     * {@link #classify} that need no device's start need one of them. They are found from their
     * {@code r}, {@code p} or {@code k}, eight bytes a step, every flagged byte of a step checked in
     * place (a common line has about three; the search restarted after each cost a tenth more).
     * Tried and dropped (the whole reading of 100 MB, best of ten): pairs that the words have and
     * text seldom does ({@code rr}, {@code ns}, {@code rk}, {@code pa}, {@code bo}; a tenth of the
     * hits) tested as one step of five compares cost 6 % more; {@code e} and {@code h} (two
     * compares a step, as many hits) cost the same.
     */
    static boolean holdsWord(byte[] b, int from, int to) {
        for (int i = from; i < to; i += 8) {
            long w = Bytes.word(b, i, to);
            for (long hits = Bytes.flags(w, R) | Bytes.flags(w, P) | Bytes.flags(w, K); hits != 0; hits &= hits - 1) {
                if (wordAt(b, i + (Long.numberOfTrailingZeros(hits) >>> 3), from, to)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether the r, p or k at {@code at} is that of one of the {@link #holdsWord words}: the byte
     * after it tells which word it can be (error's first r, mark's, reinstated's, Aborting's).
     */
    private static boolean wordAt(byte[] b, int at, int from, int to) {
        if (at + 1 >= to) {
            return false; // every word goes on past its r, p or k
        }
        byte next = b[at + 1];
        return switch (b[at]) {
            case 'r' -> switch (next) {
                case 'r' -> at(ERROR, b, at - 1, from, to);
                case 'k' -> at(MARK_AS_FAILED, b, at - 2, from, to);
                case 'e' -> at(REINSTATED, b, at, from, to);
                case 't' -> at(ABORTING_JOURNAL, b, at - 3, from, to);
                default -> false;
            };
            case 'p' -> next == 'a' && at(PATH, b, at, from, to);
            case 'k' -> next == 'e' && at(SENSE_KEY, b, at - 6, from, to);
            default -> false; // a false flag (Bytes.flags)
        };
    }

    /** The prefixes by which {@link #classify} and the forms it calls take a message: a superset of them. */
    private static boolean startsAsDevice(byte[] b, int from, int to) {
        return switch (b[from]) {
            case 's' -> at(SD, b, from, from, to) || at(SR, b, from, from, to) || at(ST, b, from, from, to)
                    || at(SCSI, b, from, from, to);
            case 'n' -> at(NVME, b, from, from, to);
            case 'a' -> at(ATA, b, from, from, to);
            case 'X' -> at(XFS, b, from, from, to);
            case 'F' -> at(FILESYSTEM, b, from, from, to);
            case 'x' -> at(XFS_FORCE_SHUTDOWN, b, from, from, to);
            case 'E' -> at(EXT, b, from, from, to);
            case 'J' -> at(JBD2, b, from, from, to);
            default -> false;
        };
    }

    private static final byte[] SD = ascii("sd ");
    private static final byte[] SR = ascii("sr ");
    private static final byte[] ST = ascii("st ");
    private static final byte[] SCSI = ascii("scsi ");
    private static final byte[] NVME = ascii("nvme");
    private static final byte[] ATA = ascii("ata");
    private static final byte[] XFS = ascii("XFS");
    private static final byte[] FILESYSTEM = ascii("Filesystem \"");
    private static final byte[] XFS_FORCE_SHUTDOWN = ascii("xfs_force_shutdown(");
    private static final byte[] EXT = ascii("EXT");
    private static final byte[] JBD2 = ascii("JBD2: ");

    /** Whether {@code word} stands at {@code start}, inside {@code b[from, to)}. */
    private static boolean at(byte[] word, byte[] b, int start, int from, int to) {
        return start >= from && start + word.length <= to && Bytes.same(word, b, start);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    static Match classify(String m) {
        return classify(m, true);
    }

    /**
     * What message {@code m} says, or null. {@code worded}: false when {@code m} is known to hold
     * none of the {@link #holdsWord words} (the quick reading's scan found none), which leaves only
     * the forms taken by how a message starts; the others need a word and are not tried. The forms
     * are tried in one order either way, so the first that fits is the same.
     */
    static Match classify(String m, boolean worded) {
        if (m.contains("callbacks suppressed")) {
            return null;
        }
        Match found = worded ? blockLayer(m) : null;
        if (found == null) {
            found = device(m);
        }
        if (found == null && worded) {
            found = multipath(m);
        }
        return found != null ? found : filesystem(m);
    }

    /** The block layer's and the SCSI midlayer's messages that name the device after a word. */
    private static Match blockLayer(String m) {
        int at;
        if ((at = m.indexOf("critical medium error, dev ")) >= 0) {
            return new Match(KernelEventKind.MEDIUM_ERROR, word(m, at + 27), null);
        }
        if ((at = m.indexOf("I/O error, dev ")) >= 0) {
            return new Match(KernelEventKind.IO_ERROR, word(m, at + 15), null);
        }
        if ((at = m.indexOf("error, dev ")) >= 0 && (m.startsWith("blk_update_request") || m.contains("print_req_error"))) {
            return new Match(KernelEventKind.IO_ERROR, word(m, at + 11), null);
        }
        if ((at = m.indexOf("Buffer I/O error on dev")) >= 0) {
            return new Match(KernelEventKind.IO_ERROR, word(m, m.indexOf("dev", at + 19) + 4), null);
        }
        if ((at = m.indexOf("Buffer I/O error on device ")) >= 0) {
            return new Match(KernelEventKind.IO_ERROR, word(m, at + 27), null);
        }
        if (m.startsWith("SCSI error : <") && m.indexOf('>') > 14) {
            // 2.6.9's scsi_io_completion: "SCSI error : <0 0 0 0> return code = 0x8000002"
            return new Match(KernelEventKind.IO_ERROR, m.substring(14, m.indexOf('>')).replace(' ', ':'), null);
        }
        if ((at = m.indexOf(": Current: sense key: ")) > 0 && m.indexOf(' ') > at) {
            // 2.6's scsi_print_sense: "sda: Current: sense key: Medium Error"
            return new Match(m.contains("Medium Error") ? KernelEventKind.MEDIUM_ERROR : KernelEventKind.IO_ERROR,
                    m.substring(0, at), null);
        }
        return null;
    }

    /** The messages of a SCSI disk, an NVMe controller or a libata link, taken by how they start. */
    private static Match device(String m) {
        String scsi = scsiDevice(m);
        if (scsi != null) {
            if (m.contains("Medium Error") || m.contains("Unrecovered read error")) {
                return new Match(KernelEventKind.MEDIUM_ERROR, scsi, null);
            }
            if (m.contains("timing out command") || m.contains("timed out")) {
                return new Match(KernelEventKind.TIMEOUT, scsi, null);
            }
            if (m.contains("abort") || m.contains("ABORT")) {
                return new Match(KernelEventKind.ABORT, scsi, null);
            }
            if (m.contains("Device offlined") || m.contains("rejecting I/O to offline device")) {
                return new Match(KernelEventKind.DEVICE_OFFLINE, scsi, null);
            }
            if (m.contains("FAILED Result") || m.contains("Sense Key") || m.contains("I/O error")
                    || m.contains("SCSI error: return code")) {
                return new Match(KernelEventKind.IO_ERROR, scsi, null);
            }
            if (m.contains("reset") || m.contains("RESET")) {
                return new Match(KernelEventKind.RESET, scsi, null);
            }
        }
        if (m.startsWith("nvme ") || m.startsWith("nvme")) {
            Match nvme = nvme(m);
            if (nvme != null) {
                return nvme;
            }
        }
        if (m.startsWith("ata")) {
            String dev = m.substring(0, Math.max(0, m.indexOf(':')));
            if (!dev.isEmpty()) {
                if (m.contains("hard resetting link") || m.contains("soft resetting link")) {
                    return new Match(KernelEventKind.RESET, dev, null);
                }
                if (m.contains("exception Emask") || m.contains("failed command") || m.contains("error: {")) {
                    return new Match(m.contains("timeout") ? KernelEventKind.TIMEOUT : KernelEventKind.IO_ERROR,
                            dev, null);
                }
            }
        }
        return null;
    }

    /** {@code sd 3:0:0:0: [sdb] ...} -> sdb; {@code sd 3:0:0:0: timing out} -> 3:0:0:0; else null. */
    private static String scsiDevice(String m) {
        if (!m.startsWith("sd ") && !m.startsWith("scsi ") && !m.startsWith("st ") && !m.startsWith("sr ")) {
            return null;
        }
        int open = m.indexOf('[');
        int close = open < 0 ? -1 : m.indexOf(']', open);
        if (open > 0 && close > open && open < 40) {
            return m.substring(open + 1, close);
        }
        return trimDot(word(m, m.indexOf(' ') + 1));
    }

    private static Match nvme(String m) {
        // "nvme nvme2: I/O 0 QID 0 timeout, reset controller" or "nvme2n1: detected capacity change ... to 0"
        String dev = m.startsWith("nvme ") ? word(m, 5) : word(m, 0);
        if (dev.endsWith(":")) {
            dev = dev.substring(0, dev.length() - 1);
        }
        if (m.contains("timeout")) {
            return new Match(KernelEventKind.TIMEOUT, dev, null);
        }
        if (m.contains("aborting reset")) {
            return new Match(KernelEventKind.RESET, dev, null);
        }
        if (m.contains("aborting") || m.contains("Abort")) {
            return new Match(KernelEventKind.ABORT, dev, null);
        }
        if (m.contains("Removing after probe failure") || m.contains("controller is down")
                || (m.contains("detected capacity change") && m.endsWith(" to 0"))) {
            return new Match(KernelEventKind.DEVICE_OFFLINE, dev, null);
        }
        if (m.contains("resetting controller") || m.contains("reset controller")) {
            return new Match(KernelEventKind.RESET, dev, null);
        }
        if (m.contains("I/O error") || m.contains("I/O Cmd") && m.contains("failed")) {
            return new Match(KernelEventKind.IO_ERROR, dev, null);
        }
        return null;
    }

    private static Match multipath(String m) {
        int at;
        if ((at = m.indexOf("Failing path ")) >= 0) {
            return new Match(KernelEventKind.PATH_FAILED, trimDot(word(m, at + 13)), null);
        }
        if ((at = m.indexOf("remaining active paths: 0")) >= 0) {
            String map = m.indexOf(':') > 0 ? m.substring(0, m.indexOf(':')) : null;
            return new Match(KernelEventKind.ALL_PATHS_DOWN, map, map);
        }
        // multipathd: "mpathaq: sdak - tur checker reports path is down", "mpatha: sdc - ... reinstated"
        int colon = m.indexOf(": ");
        int dash = m.indexOf(" - ");
        if (colon > 0 && dash >= colon + 2) { // "x: - y" has no path between (and was cut out of range)
            String map = m.substring(0, colon);
            String path = m.substring(colon + 2, dash).strip();
            if (m.contains("path is down") || m.contains("failed path") || m.contains("mark as failed")) {
                return new Match(KernelEventKind.PATH_FAILED, path, map);
            }
            if (m.contains("reinstated")) {
                return new Match(KernelEventKind.PATH_REINSTATED, path, map);
            }
        }
        if ((at = m.indexOf("Reinstating path ")) >= 0) {
            return new Match(KernelEventKind.PATH_REINSTATED, trimDot(word(m, at + 17)), null);
        }
        return null;
    }

    private static Match filesystem(String m) {
        if (m.startsWith("XFS (")) {
            String dev = m.substring(5, Math.max(5, m.indexOf(')')));
            if (m.contains("Shutting down filesystem") || m.contains("xfs_do_force_shutdown")
                    || m.contains("Filesystem has been shut down")) {
                return new Match(KernelEventKind.FS_SHUTDOWN, dev, null);
            }
            if (m.contains("I/O error") || m.contains("I/O Error") || m.contains("Corruption")
                    || m.contains("metadata I/O error") || m.contains("corrupt")) {
                return new Match(KernelEventKind.FS_ERROR, dev, null);
            }
            return null;
        }
        Match old = oldXfs(m);
        if (old != null) {
            return old;
        }
        if (m.startsWith("XFS: ") && m.contains("possible memory allocation deadlock")) {
            return new Match(KernelEventKind.FS_WARNING, null, null);
        }
        int at;
        if ((at = m.indexOf("EXT4-fs error (device ")) >= 0 || (at = m.indexOf("EXT3-fs error (device ")) >= 0) {
            return new Match(KernelEventKind.FS_ERROR, upTo(m, at + 22, ')'), null);
        }
        if (m.startsWith("EXT4-fs (") || m.startsWith("EXT3-fs (")) {
            String dev = upTo(m, 9, ')');
            if (m.contains("I/O error") || m.contains("error count") || m.contains("Remounting filesystem read-only")) {
                return new Match(m.contains("read-only") ? KernelEventKind.FS_SHUTDOWN : KernelEventKind.FS_ERROR,
                        dev, null);
            }
            return null;
        }
        if ((at = m.indexOf("Aborting journal on device ")) >= 0) {
            return new Match(KernelEventKind.FS_SHUTDOWN, jbd2Device(trimDot(word(m, at + 27))), null);
        }
        if (m.startsWith("JBD2: ") && m.contains("Error") && (at = m.indexOf(" for ")) >= 0) {
            return new Match(KernelEventKind.FS_ERROR, jbd2Device(trimDot(word(m, m.lastIndexOf(' ') + 1))), null);
        }
        return null;
    }

    /**
     * XFS of the 2.6 kernels (before 2.6.39's {@code XFS (dev): } prefix): xfs_cmn_err and
     * xfs_fs_cmn_err print {@code Filesystem "sdb1": <message>}, xfs_do_force_shutdown
     * {@code xfs_force_shutdown(sdb1,0x8) called from line ...} and xfs_ioerror_alert
     * {@code I/O error in filesystem ("sda2") meta-data dev sda2 block 0x...}.
     */
    private static Match oldXfs(String m) {
        if (m.startsWith("Filesystem \"") && m.indexOf("\": ", 12) > 12) {
            int close = m.indexOf("\": ", 12);
            String dev = m.substring(12, close);
            String what = m.substring(close + 3);
            if (what.contains("Shutting down filesystem")) {
                return new Match(KernelEventKind.FS_SHUTDOWN, dev, null);
            }
            if (what.startsWith("XFS internal error") || what.contains("Corruption") || what.contains("I/O error")
                    || what.contains("xfs_log_force: error")) {
                return new Match(KernelEventKind.FS_ERROR, dev, null);
            }
            if (what.startsWith("Disabling barriers")) {
                // not a failure, but the flushes the write cache needs are gone from here on
                return new Match(KernelEventKind.FS_WARNING, dev, null);
            }
            return null;
        }
        if (m.startsWith("xfs_force_shutdown(") && m.indexOf(',') > 19) {
            return new Match(KernelEventKind.FS_SHUTDOWN, m.substring(19, m.indexOf(',')), null);
        }
        if (m.startsWith("I/O error in filesystem (\"") && m.indexOf('"', 26) > 26) {
            return new Match(KernelEventKind.FS_ERROR, m.substring(26, m.indexOf('"', 26)), null);
        }
        return null;
    }

    /** jbd2 names its journal {@code sda1-8}: the device is before the last dash. */
    static String jbd2Device(String s) {
        int dash = s.lastIndexOf('-');
        return dash > 0 ? s.substring(0, dash) : s;
    }

    private static String word(String m, int from) {
        if (from < 0 || from >= m.length()) {
            return "";
        }
        int end = from;
        while (end < m.length() && m.charAt(end) != ' ' && m.charAt(end) != ',') {
            end++;
        }
        return m.substring(from, end);
    }

    private static String upTo(String m, int from, char stop) {
        int end = m.indexOf(stop, from);
        return end < 0 ? word(m, from) : m.substring(from, end);
    }

    private static String trimDot(String s) {
        return s.endsWith(".") || s.endsWith(":") ? s.substring(0, s.length() - 1) : s;
    }
}
