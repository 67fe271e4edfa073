#!/usr/bin/env python3
"""aiostats.py BUNDLE - per pid: count, average, p50/p99 (index n*q), maximum and total time of
io_submit and io_getevents, from strace-fio.txt (strace's own -T times) and from perf-syscalls.txt
(sys_enter to sys_exit of the same pid) when the bundle has them."""
import collections
import os
import re
import sys

b = sys.argv[1]
def show(title, d):
    print(title)
    for k, v in sorted(d.items()):
        v.sort(); n = len(v)
        print("  pid %s %-12s n=%5d avg %8.3f ms p50 %7.3f p99 %8.3f max %8.3f total %7.3f s" % (
            k[0], k[1], n, 1000*sum(v)/n, 1000*v[n//2], 1000*v[min(n-1, int(n*.99))], 1000*v[-1], sum(v)))
p = os.path.join(b, 'strace-fio.txt')
if os.path.exists(p):
    d = collections.defaultdict(list)
    for ln in open(p, errors='replace'):
        parts = ln.split(None, 2)
        if len(parts) < 3: continue
        rest = parts[2]
        name = rest[5:].split()[0] if rest.startswith('<... ') else rest.split('(')[0]
        m = re.search(r'<([0-9.]+)>\s*$', ln)
        if name in ('io_submit', 'io_getevents') and m:
            d[(parts[0], name)].append(float(m.group(1)))
    show('strace', d)
p = os.path.join(b, 'perf-syscalls.txt')
if os.path.exists(p):
    ent = {}; d = collections.defaultdict(list)
    for ln in open(p):
        q = ln.split()
        i = [k for k, x in enumerate(q) if x.startswith('syscalls:')][0]
        pid = q[i-3]; t = float(q[i-1].rstrip(':')); ev = q[i].rstrip(':')
        name = ev.replace('syscalls:sys_enter_', '').replace('syscalls:sys_exit_', '')
        if 'enter' in ev: ent[(pid, name)] = t
        elif (pid, name) in ent: d[(pid, name)].append(t - ent.pop((pid, name)))
    show('perf', d)
