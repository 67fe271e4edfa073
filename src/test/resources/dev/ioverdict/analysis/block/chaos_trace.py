"""A random, physically meaningless blktrace trace for testing btt look-alikes.

Every event kind btt reacts to, on two disks and a dm volume, with sectors drawn from a
small set so that bios overlap, share start sectors, complete out of order, get remapped,
requeued, or never complete: the cases where btt's exact behaviour (its red-black tree's
shape, replacement of equal start sectors, pre-culling, zero-byte events) decides the figures.
Writes the binary with blkgen's TraceWriter, then runs the real blkparse and btt.

    python3 chaos_trace.py BLKGEN_DIR SEED OUT_DIR [EVENTS]
"""
import os
import random
import subprocess
import sys

sys.path.insert(0, sys.argv[1])
import blkgen as b  # noqa: E402

seed, out = int(sys.argv[2]), sys.argv[3]
events = int(sys.argv[4]) if len(sys.argv) > 4 else 3000
rng = random.Random(seed)
os.makedirs(out, exist_ok=True)
devs = [("sda", b.mkdev(8, 0)), ("sdb", b.mkdev(8, 16)), ("dm-0", b.mkdev(253, 0))]
w = b.TraceWriter(out, devs, 2)
w.register_process(100, "p")
w.register_process(200, "q")
t = 10 ** 9
acts = ["Q"] * 6 + ["G"] * 3 + ["I"] * 3 + ["M", "F", "S", "R", "A", "P", "U"] + ["D"] * 3 + ["C"] * 4
for _ in range(events):
    t += rng.randrange(1, 3000)
    _, dev = rng.choice(devs)
    act = rng.choice(acts)
    if act in ("P", "U"):
        pdu = b.BE64.pack(rng.randrange(1, 4)) if act == "U" else b""
        w.event(t, dev, rng.randrange(2), 100, b.make_action(act), 0, 0, 0, pdu)
        continue
    pdu = b""
    if act == "A":
        volume = b.mkdev(253, 0)
        if dev == volume:
            dev = b.mkdev(8, 16)
        pdu = b.REMAP.pack(volume, dev, rng.randrange(0, 64) * 8)
    sector = rng.randrange(0, 64) * 8
    nbytes = rng.choice([0, 8, 8, 16, 24, 32, 64]) * 512
    if nbytes == 0:
        # as the kernel has them: empty preflushes, and reads without data (blkparse prints N).
        # (Sub-sector sizes are left out: blkparse prints neither their size nor their sector.)
        rwbs = rng.choice(["FWS", "FWFS", "R"])
    else:
        rwbs = rng.choice(["R", "W", "WS", "RA", "WFS", "D", "WM", "FWS"])
    fs = act in ("I", "D", "C", "R")
    w.event(t, dev, rng.randrange(2), rng.choice([100, 200]), b.make_action(act, rwbs, fs=fs),
            sector, nbytes, 0, pdu)
w.close()


def run(cmd, stdout):
    with open(os.path.join(out, stdout), "w") as f:
        subprocess.run(cmd, cwd=out, stdout=f, stderr=subprocess.DEVNULL, check=True)


run(b.blkparse_cmd(w.input_names()), "blkparse.txt")
run(b.blkparse_cmd(w.input_names(), ["-d", "trace.bin", "-O"]), "dump.out")
run(["btt", "-i", "trace.bin"], "btt.txt")
run(["btt", "-i", "trace.bin", "-A"], "btt_A.txt")
run(["python3", os.path.join(sys.argv[1], "btt2json.py"), "btt.txt", "btt_A.txt"], "expected.json")
