#!/bin/bash
# oracle.sh PERF_BLOCK_TXT OUTDIR [R|W] - btt's own figures for a perf block-tracepoint capture:
# ../perf-recording/perf2blktrace.py turns the perf script lines into blktrace binary files, the
# real blkparse sorts them into one binary, the real btt reports (OUTDIR/btt.txt, OUTDIR/btt_A.txt,
# and btt's per-I/O Q2C and D2C files of the loop devices).
# With R or W, only the events of that direction are kept (their RWBS field holds R, or W), so that
# btt's tables describe reads alone or writes alone; a read and a write never merge into one
# request, so every kept request keeps all its events. Needs python3 and blktrace (blkparse, btt).
set -euo pipefail
SRC=$1; OUT=$2; DIR=${3:-}
HERE=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "$DIR" ]; then
    # the RWBS token follows "MAJ,MIN" on every block tracepoint line
    awk -v want="$DIR" '{ for (i = 1; i <= NF; i++) if ($i ~ /^block:block_/) {
                              if ($(i + 2) ~ want) print; next } }' "$SRC" > "$work/in.txt"
else
    cp "$SRC" "$work/in.txt"
fi
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
inputs=$(cd "$work" && python3 "$HERE/../perf-recording/perf2blktrace.py" in.txt .)
(cd "$work" && blkparse $inputs -d trace.bin -O > /dev/null)
# btt drops per-device .dat files into its working directory: keep them out of OUT
(cd "$work" && btt -i trace.bin > "$OUT/btt.txt" && btt -i trace.bin -A -q btt_q2c -l btt_d2c > "$OUT/btt_A.txt")
# btt's per-I/O Q2C and D2C ("time latency" per line) of the loop devices (major 7), for percentiles
# and significance tests
cp "$work"/btt_q2c_7,*_q2c.dat "$work"/btt_d2c_7,*_d2c.dat "$OUT/" 2>/dev/null || true
