#!/usr/bin/env bash
# blktrace-ftrace-grid.sh DEV SECONDS OUTDIR - ../../../shared/tools/capture/blktrace-ftrace.sh as
# this kernel (6.18) needs it: DEV's block events as blktrace's own binary files (OUTDIR/DEV.blktrace.N,
# one per CPU) through ftrace's blk tracer in binary mode. The kit's script stops at its last
# `echo 0 > /sys/block/DEV/trace/enable` (EINVAL: setting the tracer back to nop has already torn
# the device's trace down) before it converts anything; here that write may fail. Sequence numbers
# are 0 and there are no process-name records (blkparse prints [(null)]), as with the kit's.
set -euo pipefail
TOOLS=${KIT:-/work/shared/tools/capture}
DEV=$1 SECS=$2 OUT=$3
mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
T=/sys/kernel/debug/tracing
mkdir -p "$OUT"; RAW=$(mktemp -d)
old_kb=$(cat $T/buffer_size_kb)
echo 16384 > $T/buffer_size_kb
echo 1 > /sys/block/$DEV/trace/enable
echo blk > $T/current_tracer; echo bin > $T/trace_options
pids=()
for c in $(ls $T/per_cpu | sed 's/cpu//'); do cat $T/per_cpu/cpu$c/trace_pipe > "$RAW/bin.$c" & pids+=($!); done
sleep "$SECS"; sleep 1
kill "${pids[@]}"; wait "${pids[@]}" 2>/dev/null || true
echo nop > $T/current_tracer; echo nobin > $T/trace_options
echo 0 > /sys/block/$DEV/trace/enable 2>/dev/null || true
echo "$old_kb" > $T/buffer_size_kb 2>/dev/null || true   # a size the kernel rounded (16387) may be refused
grep -hE 'overrun|dropped' $T/per_cpu/cpu*/stats | sort | uniq -c
for f in "$RAW"/bin.*; do c=${f##*.}; python3 "$TOOLS/ftrace_bin2blktrace.py" "$f" "$OUT/$DEV.blktrace.$c"; done
rm -rf "$RAW"
