#!/usr/bin/env python3
"""Large text traces for the benchmarks, made of real tool output.

Each kind replicates real recordings from the repository (testdata/ and bench/templates/) end to end,
shifting every copy's time stamps past the previous copy's last one, so the layout, the mix of calls
and events, and the unfinished/resumed pairs are those the tools wrote; only the clock moves on.

    textgen.py strace   --mb 1024 --out FILE   # strace -f -ttT: fio with libaio and with psync
    textgen.py perf     --mb 1024 --out FILE   # perf script: syscalls, block, sched_switch with -g stacks
    textgen.py iostat   --mb 1024 --out FILE   # iostat -x -t 1
    textgen.py blkparse --mb 1024 --out FILE   # blkparse text of a blkgen trace
    textgen.py sar      --mb 1024 --out FILE   # sar -d -p 1 (sysstat 12.6, device last), 200 disks a second
    textgen.py kernel   --mb 1024 --out FILE   # dmesg: boot noise, I/O errors, an NVMe reset, a hung task, XFS

Shifts are whole seconds, so only the seconds part of a stamp is rewritten and the sub-second
digits stay as recorded.
"""
import argparse
import datetime
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

STRACE = ["testdata/xfs-aligned-4k/bundle/strace-fio.txt",
          "testdata/busy-parallel-healthy/bundle/strace-fio.txt",
          "bench/templates/strace-fio-psync.txt"]
PERF = ["testdata/xfs-aligned-4k/bundle/perf-syscalls.txt",
        "testdata/xfs-aligned-4k/bundle/perf-block.txt",
        "testdata/xfs-aligned-4k/bundle/perf-sched-stacks.txt"]
IOSTAT = "testdata/iostat-linux-saturated/bundle/iostat-x-t.txt"
SAR = "testdata/sosreport-sar-saturated/bundle/sosreport-vm-2026-11-24-qkzvbnr/sos_commands/sar/sar24"
KERNEL_NOISE = "testdata/sosreport-sar-saturated/bundle/sosreport-vm-2026-11-24-qkzvbnr/sos_commands/kernel/dmesg"
KERNEL_STORAGE = ["testdata/external/kernel-log/linux-xfs-2021-kernel5.14-xfstests-dmesg-buffer-io-error-async-page-read-xfs-log-io-error-shutdown-excerpt.txt",
                  "testdata/external/kernel-log/centos72-kernel4.8-dmesg-nvme-io-timeout-reset-controller-removed.txt",
                  "testdata/external/kernel-log/ppc64-kernel4.15-dmesg-hung-task-120s-io_schedule-ext4-bread-prefix.txt",
                  "testdata/external/kernel-log/lkml-2016-kernel4.8-dmesg-xfs-possible-memory-allocation-deadlock-size-comm-pid.txt"]
BLKPARSE = "testdata/blkgen-scale/bundle/blkparse.txt"


def read(rel):
    with open(os.path.join(REPO, rel), encoding="utf-8", errors="surrogateescape") as f:
        return f.read().splitlines(keepends=True)


class Template:
    """Pieces (text before the seconds, seconds from the template's start, text after) and the span."""

    def __init__(self, pieces, span):
        self.pieces = pieces
        self.span = span

    def write(self, out, target, stamp):
        """Writes copies until `target` bytes; stamp(second) formats an absolute whole second."""
        written = 0
        base = 0
        while written < target:
            stamps = [stamp(base + s) for s in range(self.span + 1)]
            block = "".join([pre + stamps[s] + post for pre, s, post in self.pieces])
            out.write(block)
            written += len(block)
            base += self.span + 1
        return written


STRACE_LINE = re.compile(r"^(\d+ +)(\d\d):(\d\d):(\d\d)(\..*)$", re.S)


def strace_template():
    pieces = []
    offset = 0
    for rel in STRACE:
        first = None
        last = 0
        for line in read(rel):
            m = STRACE_LINE.match(line)
            if not m:
                continue
            sec = int(m.group(2)) * 3600 + int(m.group(3)) * 60 + int(m.group(4))
            if first is None:
                first = sec
            rel_sec = sec - first + (86400 if sec < first else 0)
            last = max(last, rel_sec)
            pieces.append((m.group(1), offset + rel_sec, m.group(5)))
        offset += last + 1
    return Template(pieces, offset)


def strace(out, target):
    start = 1 * 3600  # 01:00:00, far from midnight for the first day
    t = strace_template()
    return t.write(out, target, lambda s: "%02d:%02d:%02d" % (((start + s) // 3600) % 24, ((start + s) // 60) % 60, (start + s) % 60))


PERF_HEAD = re.compile(r"^(.*\] )( *\d+)(\.\d+: .*)$", re.S)


def perf_template():
    records = []
    for rel in PERF:
        current = None
        for line in read(rel):
            m = PERF_HEAD.match(line) if not line.startswith("\t") and line.strip() else None
            if m:
                current = [float(m.group(2).strip() + m.group(3).split(":")[0]), m.group(1), int(m.group(2)), [m.group(3)]]
                records.append(current)
            elif current is not None:
                current[3].append(line)  # stack frames and the blank line after them
    records.sort(key=lambda r: r[0])
    first = records[0][2]
    pieces = [(pre, sec - first, "".join(rest)) for _, pre, sec, rest in records]
    return Template(pieces, max(p[1] for p in pieces))


def perf(out, target):
    return perf_template().write(out, target, lambda s: "%5d" % (10000 + s))


def iostat(out, target):
    lines = read(IOSTAT)
    header = []
    blocks = []
    stamp = re.compile(r"^\d\d/\d\d/\d\d \d\d:\d\d:\d\d\s*$")
    for line in lines:
        if stamp.match(line):
            blocks.append([])
        elif blocks:
            blocks[-1].append(line)
        else:
            header.append(line)
    bodies = ["".join(b) for b in blocks[1:]]  # the first report covers the time since boot
    out.write("".join(header))
    written = len("".join(header))
    t = datetime.datetime(2026, 11, 21, 1, 0, 0)
    one = datetime.timedelta(seconds=1)
    i = 0
    while written < target:
        text = t.strftime("%m/%d/%y %H:%M:%S") + "\n" + bodies[i % len(bodies)]
        out.write(text)
        written += len(text)
        t += one
        i += 1
    return written


BLK_LINE = re.compile(r"^( *\d+,\d+ +\d+ +\d+ )( *\d+)(\.\d{9} .*)$", re.S)


def blkparse(out, target):
    pieces = []
    for line in read(BLKPARSE):
        m = BLK_LINE.match(line)
        if m:
            pieces.append((m.group(1), int(m.group(2)), m.group(3)))
        # the per-CPU totals blkparse writes at its end belong to one run only: left out
    t = Template(pieces, max(p[1] for p in pieces))
    return t.write(out, target, lambda s: "%5d" % s)


SAR_ROW = re.compile(r"^(\d\d):(\d\d):(\d\d)( .*)$", re.S)


def sar(out, target):
    """The recording's rows (device last), each second's rows given to 200 disks sda..sdgr in turn:
    a SAN host's daily file. Every row keeps its recorded figures; only the clock and the name move."""
    lines = read(SAR)
    banner = lines[0]
    header = next(l for l in lines if l.rstrip().endswith(" DEV"))
    rows = [SAR_ROW.match(l).group(4).rsplit(" ", 1)[0] for l in lines[lines.index(header) + 1:]
            if SAR_ROW.match(l) and not l.rstrip().endswith(" DEV")]
    names = []
    for i in range(200):
        names.append("sd" + (chr(ord("a") + i // 26 - 1) if i >= 26 else "") + chr(ord("a") + i % 26))
    head = banner + "\n" + "00:00:00" + SAR_ROW.match(header).group(4)
    out.write(head)
    written = len(head)
    second = 1
    k = 0
    while written < target and second < 86400:
        stamp = "%02d:%02d:%02d" % (second // 3600, (second // 60) % 60, second % 60)
        block = "".join(stamp + rows[(k + i) % len(rows)] + " " + names[i] + "\n" for i in range(len(names)))
        out.write(block)
        written += len(block)
        k += 1
        second += 1
    return written


DMESG = re.compile(r"^\[ *(\d+)(\.\d+\].*)$", re.S)


def kernel(out, target):
    """Ten copies of a quiet boot's last lines, then each storage excerpt, one after the other, the
    whole over and over as one boot's log: every copy's stamps moved past the last one's (whole
    seconds, as the kernel prints them: %5lu.%06lu). A gap of more than a second between two lines
    of an excerpt is shortened to one (the xfstests excerpt alone spans ten hours), so that a copy
    spans about a minute and 1 GB of log about four weeks of uptime, as a server's dmesg can;
    moved on at the excerpts' own pace, 1 GB ran past 10^9 s (decades), which a reader then takes
    for wall-clock times."""
    pieces = []
    offset = 0
    for rel in [KERNEL_NOISE] * 10 + KERNEL_STORAGE:
        prev = None
        at = 0
        for line in read(rel):
            m = DMESG.match(line)
            if not m:
                continue
            sec = int(m.group(1))
            if prev is not None:
                at += max(0, min(sec - prev, 1))
            prev = sec
            pieces.append(("[", offset + at, m.group(2)))
        offset += at + 1
    return Template(pieces, offset).write(out, target, lambda s: "%5d" % s)


KINDS = {"strace": strace, "perf": perf, "iostat": iostat, "blkparse": blkparse, "sar": sar, "kernel": kernel}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("kind", choices=sorted(KINDS))
    p.add_argument("--mb", type=int, required=True, help="size to reach, in MB (10^6 bytes)")
    p.add_argument("--out", required=True)
    a = p.parse_args()
    with open(a.out, "w", encoding="utf-8", errors="surrogateescape", buffering=1 << 20) as out:
        n = KINDS[a.kind](out, a.mb * 1_000_000)
    print("%s: %d bytes" % (a.out, n), file=sys.stderr)


if __name__ == "__main__":
    main()
