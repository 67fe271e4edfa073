#!/usr/bin/env python3
"""blockstats.py PERF_BLOCK_TXT [SECONDS] - per device and per kind of request (read, write, flush,
write with FUA/preflush as issued), from perf script of the block tracepoints: requests completed,
average and p50/p99 of D2C (block_rq_issue to block_rq_complete) and Q2C (the first block_bio_queue
of the request's sectors to its completion), average queue depth at the driver (sum of D2C over the
window: Little's law) and who queued them (the command of block_bio_queue, or of block_rq_insert /
block_rq_issue for requests made without a bio: flushes, which have no sectors and are matched in
order). SECONDS: the window's length for the
depth and the rates (default: first to last event)."""
import collections
import sys

path = sys.argv[1]
span = float(sys.argv[2]) if len(sys.argv) > 2 else None


def kind(rwbs):
    op = rwbs.lstrip('F')[:1] if rwbs.startswith('F') and len(rwbs) > 1 else rwbs[:1]
    if rwbs.startswith('F') and len(rwbs) > 1 and rwbs[1] == 'F':
        return 'flush'
    pre = rwbs.startswith('F') and len(rwbs) > 1 and rwbs[1] in 'RW'
    fua = 'F' in rwbs[2:] if pre else 'F' in rwbs[1:]
    base = {'R': 'read', 'W': 'write', 'D': 'discard', 'N': 'none'}.get(op, rwbs)
    return base + (' +preflush' if pre else '') + (' +FUA' if fua else '')


queued = {}; issued = collections.defaultdict(list); who = {}
d2c = collections.defaultdict(list); q2c = collections.defaultdict(list)
bywho = collections.defaultdict(lambda: [0, 0, 0.0])
t_first = t_last = None
for ln in open(path, errors='replace'):
    i = ln.find(' block:')
    if i < 0: continue
    head = ln[:i].split(); comm = ln[:ln.find(head[-3])].strip() if len(head) >= 3 else head[0]
    t = float(head[-1].rstrip(':'))
    t_first = t if t_first is None else t_first; t_last = t
    ev, rest = ln[i + 7:].split(':', 1)
    f = rest.split()
    dev, rwbs = f[0], f[1]
    if ev == 'block_bio_queue':
        queued.setdefault((dev, f[2]), (t, comm))
    elif ev in ('block_rq_insert', 'block_rq_issue'):
        # "DEV RWBS BYTES () SECTOR + NSEC ..."
        sec = f[4]; nsec = f[6] if len(f) > 6 else '0'
        key = (dev, sec, kind(rwbs))
        if key[2] == 'flush':
            # a flush has no sectors: issued as "0 + 0", completed as "18446744073709551615 + 0"
            key = (dev, '*', 'flush')
        if ev == 'block_rq_issue':
            q = queued.pop((dev, sec), None)
            issued[key].append((t, q[0] if q else None, q[1] if q else who.pop(key, comm), int(nsec)))
        else:
            who.setdefault(key, comm)
    elif ev == 'block_rq_complete':
        # "DEV RWBS () SECTOR + NSEC ..."
        sec = f[3]; key = (dev, sec, kind(rwbs))
        if key[2] == 'flush':
            key = (dev, '*', 'flush')
        if issued[key]:
            ti, tq, c, nsec = issued[key].pop(0)
            d2c[(dev, key[2])].append(t - ti)
            if tq is not None: q2c[(dev, key[2])].append(t - tq)
            w = bywho[(dev, c, key[2])]; w[0] += 1; w[1] += nsec * 512; w[2] += t - ti
span = span or (t_last - t_first)
print("%s: %.3f s of events" % (path, span))


def stat(v):
    v = sorted(v); n = len(v)
    return "avg %8.3f ms p50 %8.3f p99 %8.3f" % (1000*sum(v)/n, 1000*v[n//2], 1000*v[min(n-1, int(n*.99))])


for k in sorted(d2c):
    v = d2c[k]
    print("  %-6s %-20s n=%5d (%6.1f/s) D2C %s  depth %.2f" % (k[0], k[1], len(v), len(v)/span, stat(v), sum(v)/span))
    if q2c[k]:
        print("  %-6s %-20s          Q2C %s (n=%d with a bio)" % ("", "", stat(q2c[k]), len(q2c[k])))
print("  by who queued:")
for k, w in sorted(bywho.items(), key=lambda x: -x[1][2]):
    print("  %-6s %-18s %-20s n=%5d %9.1f KiB/s  D2C avg %8.3f ms  busy share %.2f" % (
        k[0], k[1][:18], k[2], w[0], w[1] / 1024 / span, 1000*w[2]/w[0], w[2]/span))
