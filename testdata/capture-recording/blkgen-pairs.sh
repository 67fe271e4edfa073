#!/usr/bin/env bash
# Regenerates the two blkgen before/after pairs for `ioverdict compare`:
#   testdata/compare-blkgen-two-seeds/        healthy-ssd, seed 1 (before) against seed 2 (after)
#   testdata/compare-blkgen-sched-vs-healthy/ i2d-dominant (before) against the same scenario, same
#                                             seed, with the scheduler's I2D of healthy-ssd (after)
# Each side: blkgen's binary trace -> the real blkparse (the bundle: SIDE/blkparse.txt) and the real
# btt (oracle/SIDE/: btt.txt, btt_A.txt, btt2json's btt-expected.json, btt's per-I/O Q2C and D2C
# files). Needs python3 and blktrace (blkparse, btt). Same blkgen, same Python: byte-identical files.
#   testdata/capture-recording/blkgen-pairs.sh
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
blkgen=${BLKGEN:-$here/tools/blkgen/blkgen.py}
[ -f "$blkgen" ] || blkgen=/work/shared/tools/blkgen/blkgen.py
IOS=2000

side() {   # side PAIR SIDE SCENARIO SEED
    local pair=$1 side=$2 scenario=$3 seed=$4 work
    work=$(mktemp -d)
    python3 "$blkgen" case "$scenario" --out "$work" --ios "$IOS" --seed "$seed" > "$work/case.log"
    mkdir -p "$here/$pair/$side" "$here/$pair/oracle/$side"
    cp "$work/blkparse.txt" "$here/$pair/$side/blkparse.txt"
    cp "$work/btt.txt" "$work/btt_A.txt" "$work/scenario.json" "$here/$pair/oracle/$side/"
    cp "$work/expected.json" "$here/$pair/oracle/$side/btt-expected.json"
    cp "$work"/btt_q2c_*_q2c.dat "$work"/btt_d2c_*_d2c.dat "$here/$pair/oracle/$side/"
    python3 -c 'import json,sys; m=json.load(open(sys.argv[1])); print(m["blkparse"])' "$work/manifest.json" \
        > "$here/$pair/oracle/$side/blkparse-command.txt"
    rm -rf "$work"
}

rm -rf "$here/compare-blkgen-two-seeds"/{before,after,oracle}
side compare-blkgen-two-seeds before healthy-ssd 1
side compare-blkgen-two-seeds after healthy-ssd 2

# the healthy twin of i2d-dominant: every key as in the preset but the disk's i2d, which takes
# healthy-ssd's (lognormal, median 3 us) in place of the preset's (lognormal, median 12 ms)
twin=$(mktemp)
python3 - "$blkgen" > "$twin" <<'PY'
import json, subprocess, sys
preset = lambda name: json.loads(subprocess.run([sys.executable, sys.argv[1], "preset", name],
                                                check=True, capture_output=True, text=True).stdout)
s, healthy = preset("i2d-dominant"), preset("healthy-ssd")
s["name"] = "i2d-dominant-healthy-scheduler"
s["description"] = ("i2d-dominant with the I/O scheduler of healthy-ssd: the same disk (8,0), processes, "
                    "sizes and arrival rate; I2D lognormal median 3 us instead of 12 ms.")
s["devices"][0]["timing"]["i2d"] = healthy["devices"][0]["timing"]["i2d"]
s["intended"] = {"dominant_phase": "D2C", "per_device": {"8,0": "D2C"},
                 "notes": "healthy twin of i2d-dominant: D2C the largest share, small in absolute terms"}
print(json.dumps(s, indent=2))
PY
rm -rf "$here/compare-blkgen-sched-vs-healthy"/{before,after,oracle}
side compare-blkgen-sched-vs-healthy before i2d-dominant 22
side compare-blkgen-sched-vs-healthy after "$twin" 22
rm -f "$twin"
du -sh "$here"/compare-blkgen-*/*
