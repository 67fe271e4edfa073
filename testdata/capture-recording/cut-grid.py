#!/usr/bin/env python3
"""cut-grid.py SRC_BUNDLE DST_BUNDLE [ref=SYSCALL,...] [FILE=FROM:TO | FILE=drop] ... - cut.py for the
grid, whose workloads do not all use io_submit: copies a recorded bundle, cutting the named trace
files to a time window on whole lines (perf script samples with call chains: on whole samples).
FROM and TO are seconds relative to fio's first call of one of the ref syscalls (default io_submit;
pwrite64, pread64, fsync for the psync and sync engines), as each tool timed it: strace's wall clock
for strace-*.txt (the first such call in strace-COMM.txt), perf's clock for perf-*.txt (the first
sys_enter of one of them by a COMM task in perf-syscalls.txt, or else the first COMM line of the
file). COMM is fio, or comm=NAME for a workload a grid-jobs/*.sh script runs. An empty FROM keeps the
file's start, an empty TO its end. Files not named are copied whole. Prints, per cut file, which
lines of the original were kept, so that README can say so."""
import os
import shutil
import sys


def strace_time(line):
    parts = line.split(None, 2)
    if len(parts) < 2 or parts[1].count(":") != 2:
        return None
    h, m, s = parts[1].split(":")
    try:
        return int(h) * 3600 + int(m) * 60 + float(s)
    except ValueError:
        return None


def perf_time(line):
    # "comm tid [cpu] 1234.567890: event: ..." (the comm may hold spaces)
    for tok in line.split():
        if tok.endswith(":") and tok[:-1].replace(".", "", 1).isdigit() and "." in tok:
            return float(tok[:-1])
    return None


def first(path, test, clock):
    with open(path, errors="replace") as f:
        for line in f:
            if test(line):
                t = clock(line)
                if t is not None:
                    return t
    return None


def records(path):
    """(first line number, lines) per record: a line, or a perf sample with its call chain (the
    chain's lines start with a tab, a blank line ends the sample)."""
    rec, start = [], 0
    with open(path, errors="replace", newline="") as f:
        for n, line in enumerate(f, 1):
            if line[:1] == "\t" or (line.strip() == "" and rec):
                rec.append(line)
                if line.strip() == "":
                    yield start, rec
                    rec = []
                continue
            if rec:
                yield start, rec
            rec, start = [line], n
    if rec:
        yield start, rec


def cut(src, dst, lo, hi, clock):
    kept = 0
    with open(src, "rb") as f:
        total = sum(1 for _ in f)
    first_kept = last_kept = None
    with open(dst, "w", newline="") as out:
        for start, rec in records(src):
            t = clock(rec[0])
            if t is None:
                # an untimed line belongs with the lines around it
                inside = lo is None or first_kept is not None
            else:
                inside = (lo is None or t >= lo) and (hi is None or t < hi)
            if t is not None and hi is not None and t >= hi:
                break
            if inside:
                out.writelines(rec)
                kept += len(rec)
                first_kept = first_kept or start
                last_kept = start + len(rec) - 1
    return kept, total, first_kept, last_kept


def main():
    src, dst = sys.argv[1], sys.argv[2]
    specs = dict(a.split("=", 1) for a in sys.argv[3:])
    refs = specs.pop("ref", "io_submit").split(",")
    # the workload's command: fio, or the program a grid-jobs/*.sh script runs (strace-COMM.txt)
    comm = specs.pop("comm", "fio")
    os.makedirs(dst, exist_ok=True)
    t_strace = None
    p = os.path.join(src, "strace-%s.txt" % comm)
    if os.path.exists(p):
        t_strace = first(p, lambda l: any(" %s(" % r in l for r in refs), strace_time)
    t_perf = None
    p = os.path.join(src, "perf-syscalls.txt")
    if os.path.exists(p):
        t_perf = first(p, lambda l: l.lstrip().startswith(comm + " ")
                       and any("sys_enter_%s:" % r in l for r in refs), perf_time)
    for name in sorted(os.listdir(src)):
        s, d = os.path.join(src, name), os.path.join(dst, name)
        spec = specs.get(name)
        if spec is None:
            shutil.copyfile(s, d)
            continue
        if spec == "drop":
            print("%s: left out" % name)
            continue
        a, b = spec.split(":")
        if name.startswith("strace"):
            ref, clock = t_strace, strace_time
        else:
            ref = t_perf
            if ref is None:
                ref = first(s, lambda l: l.lstrip().startswith(comm + " "), perf_time)
            clock = perf_time
        lo = ref + float(a) if a else None
        hi = ref + float(b) if b else None
        kept, total, f, l = cut(s, d, lo, hi, clock)
        print("%s: kept lines %s..%s (%d of %d lines), window %s..%s s after the first %s (%.6f); %d bytes"
              % (name, f, l, kept, total, a or "start", b or "end", "/".join(refs), ref, os.path.getsize(d)))


main()
