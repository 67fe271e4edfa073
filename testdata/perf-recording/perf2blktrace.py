#!/usr/bin/env python3
"""perf2blktrace.py PERF_SCRIPT_TXT OUTDIR - turn perf script block tracepoint lines into
blktrace binary files (one set per device), so that blkparse and btt can compute their own
figures on a perf capture. Uses blkgen.py's blktrace writer (struct blk_io_trace v7)."""
import os, sys
sys.path.insert(0, "/work/shared/tools/blkgen")
import blkgen

ACT = {"block_bio_queue": "Q", "block_getrq": "G", "block_sleeprq": "S", "block_rq_insert": "I",
       "block_rq_issue": "D", "block_rq_complete": "C", "block_bio_backmerge": "M",
       "block_bio_frontmerge": "F", "block_rq_requeue": "R", "block_plug": "P", "block_unplug": "U",
       "block_bio_remap": "A", "block_rq_remap": "A", "block_split": "X"}

def rwbs_clean(r):
    # kernel rwbs: [F(preflush)] op(W/R/D/DE/F/N) [F(fua)] [A] [S] [M]; blkgen knows F prefix + R/W/D/N
    pre = ""
    if r.startswith("F") and len(r) > 1:
        pre, r = "F", r[1:]
    op, rest = r[0], r[1:]
    if r.startswith("DE"):
        op, rest = "D", r[2:]
    if op == "F":
        op = "N"
        pre = "F"
    if op not in "RWDN":
        op = "N"
    rest = "".join(c for c in rest if c in "FASM")
    return pre + op + rest

def main():
    src, out = sys.argv[1], sys.argv[2]
    events = []
    devs = {}
    for ln in open(src, errors="replace"):
        i = ln.find(" block:block_")
        if i < 0:
            continue
        head = ln[:i].rstrip().rstrip(":")
        name, _, payload = ln[i + len(" block:"):].partition(": ")
        name = name.strip()
        act = ACT.get(name)
        if act is None:
            continue
        h = head.split()
        t = h[-1]
        cpu = int(h[-2].strip("[]"))
        pid = max(0, int(h[-3].split("/")[-1]))
        comm = " ".join(h[:-3])
        p = payload.strip()
        if act in ("P", "U"):
            continue   # btt's plug figures are not needed here; no device number in these lines
        dev_s, rwbs = p.split()[0], p.split()[1]
        ma, mi = (int(x) for x in dev_s.split(","))
        dev = blkgen.mkdev(ma, mi)
        devs[dev] = "d%d_%d" % (ma, mi)
        toks = p.split()
        sector = n = err = 0
        nbytes = 0
        pdu = b""
        if act == "X":
            continue
        if "+" in toks:
            k = toks.index("+")
            sector = int(toks[k - 1]); n = int(toks[k + 1])
        if act in ("C", "R"):
            err = int(toks[-1].strip("[]")) & 0xffff
        if act in ("I", "D"):
            nbytes = int(toks[2])
        else:
            nbytes = n * 512
        if act == "A":
            k = toks.index("<-")
            fm, fi = (int(x) for x in toks[k + 1].strip("()").split(","))
            pdu = blkgen.REMAP.pack(blkgen.mkdev(fm, fi), dev, int(toks[k + 2]))
            devs[blkgen.mkdev(fm, fi)] = "d%d_%d" % (fm, fi)
        secs, _, frac = t.rstrip(":").partition(".")
        ns = int(secs) * 10**9 + int((frac + "000000000")[:9])
        events.append((ns, dev, cpu, pid, comm, act, rwbs_clean(rwbs), sector & (2**64 - 1), nbytes, err, pdu))
    events.sort(key=lambda e: e[0])
    ncpu = max(e[2] for e in events) + 1
    w = blkgen.TraceWriter(out, sorted((v, k) for k, v in devs.items()), ncpu)
    for ns, dev, cpu, pid, comm, act, rwbs, sector, nbytes, err, pdu in events:
        w.register_process(pid, comm[:15])
        w.event(ns, dev, cpu, pid, blkgen.make_action(act, rwbs, fs=True), sector, nbytes, err, pdu)
    w.close()
    print(" ".join("-i " + s for s in w.input_names()))

main()
