#!/usr/bin/env python3
"""Large text traces for the benchmarks, made of real tool output.

Each kind replicates real recordings from the repository (testdata/ and bench/templates/) end to end,
shifting every copy's time stamps past the previous copy's last one, so the layout, the mix of calls
and events, and the unfinished/resumed pairs are those the tools wrote; only the clock moves on.

    textgen.py strace   --mb 1024 --out FILE   # strace -f -ttT: fio with libaio and with psync
    textgen.py perf     --mb 1024 --out FILE   # perf script: syscalls, block, sched_switch with -g stacks
    textgen.py iostat   --mb 1024 --out FILE   # iostat -x -t 1
    textgen.py blkparse --mb 1024 --out FILE   # blkparse text of a blkgen trace

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


KINDS = {"strace": strace, "perf": perf, "iostat": iostat, "blkparse": blkparse}


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
