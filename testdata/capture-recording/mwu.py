#!/usr/bin/env python3
"""mwu.py BEFORE AFTER - two-sided Mann-Whitney U test (normal approximation with tie correction)
of two samples, each a file whose last column on every line is one value (btt's per-I/O .dat files:
"time latency"; or one number per line). Prints n, median, p95 of each side, the change of the
median, U, z and p. Python standard library only (the figures in the compare READMEs)."""
import math
import sys


def values(path):
    out = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if parts:
                out.append(float(parts[-1]))
    return out


def pct(sorted_vals, q):
    # nearest rank
    k = max(0, min(len(sorted_vals) - 1, math.ceil(q / 100 * len(sorted_vals)) - 1))
    return sorted_vals[k]


def mann_whitney(a, b):
    both = sorted([(v, 0) for v in a] + [(v, 1) for v in b])
    ranks = [0.0] * len(both)
    ties = 0.0
    i = 0
    while i < len(both):
        j = i
        while j + 1 < len(both) and both[j + 1][0] == both[i][0]:
            j += 1
        r = (i + j) / 2 + 1
        for k in range(i, j + 1):
            ranks[k] = r
        t = j - i + 1
        ties += t ** 3 - t
        i = j + 1
    n1, n2 = len(a), len(b)
    r1 = sum(r for r, (_, side) in zip(ranks, both) if side == 0)
    u1 = r1 - n1 * (n1 + 1) / 2
    mu = n1 * n2 / 2
    n = n1 + n2
    sigma = math.sqrt(n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1))))
    z = (u1 - mu) / sigma if sigma else 0.0
    p = math.erfc(abs(z) / math.sqrt(2))
    return u1, z, p


def main():
    a, b = values(sys.argv[1]), values(sys.argv[2])
    sa, sb = sorted(a), sorted(b)
    u, z, p = mann_whitney(a, b)
    ma, mb = pct(sa, 50), pct(sb, 50)
    print("before n=%d median=%.6f p95=%.6f mean=%.6f" % (len(a), ma, pct(sa, 95), sum(a) / len(a)))
    print("after  n=%d median=%.6f p95=%.6f mean=%.6f" % (len(b), mb, pct(sb, 95), sum(b) / len(b)))
    print("median change %+.1f %%; Mann-Whitney U=%.1f z=%.3f p=%.4g" % (100 * (mb - ma) / ma, u, z, p))


main()
