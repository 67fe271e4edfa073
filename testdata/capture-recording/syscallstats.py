#!/usr/bin/env python3
"""syscallstats.py BUNDLE - aiostats.py for every I/O syscall the grid's workloads make: per pid (and
per command in perf's view), count, average, p50/p99 (index n*q), maximum and total time of io_submit,
io_getevents, pread64, pwrite64, read, write, fsync and fdatasync, from strace-fio.txt (strace's own
-T times; read and write only on descriptors above 2 that fio opened as its data file) and from
perf-syscalls.txt (sys_enter to sys_exit of the same tid). Ends with each pid's total: its I/O wait."""
import collections
import os
import re
import sys

IO = ("io_submit", "io_getevents", "pread64", "pwrite64", "read", "write", "fsync", "fdatasync")
b = sys.argv[1]


def show(title, d, keep=lambda k, v: True):
    print(title)
    d = {k: v for k, v in d.items() if keep(k, v)}
    tot = collections.defaultdict(float)
    for k, v in sorted(d.items()):
        v.sort(); n = len(v)
        tot[k[:-1]] += sum(v)
        print("  %-22s %-12s n=%5d avg %8.3f ms p50 %7.3f p99 %8.3f max %8.3f total %7.3f s" % (
            " ".join(k[:-1]), k[-1], n, 1000*sum(v)/n, 1000*v[n//2], 1000*v[min(n-1, int(n*.99))], 1000*v[-1], sum(v)))
    for k, t in sorted(tot.items()):
        print("  %-22s I/O syscalls total %7.3f s" % (" ".join(k), t))


p = os.path.join(b, 'strace-fio.txt')
if os.path.exists(p):
    d = collections.defaultdict(list); datafd = set(); pending = {}
    for ln in open(p, errors='replace'):
        parts = ln.split(None, 2)
        if len(parts) < 3: continue
        pid, rest = parts[0], parts[2]
        if rest.startswith('openat(') and '/mnt/' in rest or rest.startswith('openat(') and '/dev/loop' in rest:
            m = re.search(r'= (\d+)', rest)
            if m: datafd.add(m.group(1))
        if rest.startswith('<... '):
            name = rest[5:].split()[0]; fd = pending.pop((pid, name), None)
        else:
            name = rest.split('(')[0]
            fd = rest[len(name) + 1:].split(',')[0].split(')')[0]
            if rest.rstrip().endswith('<unfinished ...>'):
                pending[(pid, name)] = fd
        m = re.search(r'<([0-9.]+)>\s*$', ln)
        if name in IO and m:
            d[(pid, name, fd if name in ('read', 'write') else None)].append(float(m.group(1)))
    # read/write on the data file only: its descriptor from openat, or, in a cut trace that starts
    # after the open, any descriptor above 2
    d2 = collections.defaultdict(list)
    for (pid, name, fd), v in d.items():
        if fd is None or (fd in datafd if datafd else fd.isdigit() and int(fd) > 2):
            d2[(pid, name)] += v
    d = d2
    show('strace (read/write: data-file descriptors only)', d)
p = os.path.join(b, 'perf-syscalls.txt')
if os.path.exists(p):
    ent = {}; d = collections.defaultdict(list)
    for ln in open(p, errors='replace'):
        q = ln.split()
        i = [k for k, x in enumerate(q) if x.startswith('syscalls:')][0]
        pid = q[i-3]; t = float(q[i-1].rstrip(':')); ev = q[i].rstrip(':')
        comm = " ".join(q[:i-3])
        name = ev.replace('syscalls:sys_enter_', '').replace('syscalls:sys_exit_', '')
        if 'enter' in ev: ent[(pid, name)] = t
        elif (pid, name) in ent: d[(comm, pid, name)].append(t - ent.pop((pid, name)))
    show('perf (fio, restore, and other commands with 50 ms or more)', d,
         lambda k, v: k[0] in ('fio', 'restore') or sum(v) >= 0.05)
