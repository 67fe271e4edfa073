#!/usr/bin/env python3
"""percentiles.py FILE... - n, average, p50/p95/p99 (nearest rank) and maximum, in milliseconds, of
btt's per-I/O latency files ("time latency" in seconds per line, from btt -q / -l)."""
import math
import sys

for path in sys.argv[1:]:
    v = sorted(float(line.split()[-1]) for line in open(path) if line.strip())
    p = lambda q: v[max(0, min(len(v) - 1, math.ceil(q / 100 * len(v)) - 1))]
    print("%s n=%d avg %.3f ms p50 %.3f p95 %.3f p99 %.3f max %.3f" % (
        path, len(v), 1000 * sum(v) / len(v), 1000 * p(50), 1000 * p(95), 1000 * p(99), 1000 * v[-1]))
