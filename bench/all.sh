#!/usr/bin/env bash
# Every benchmark of docs/PERFORMANCE.md in one run, one after the other on the same machine:
# block traces against btt (text, per-CPU binary files, blkparse -d dump; then 10 M lines in a
# 512 MB heap), the text parsers at 1 GB each against wc -l and awk, a 10 GB bundle reported in
# every format within -Xmx512m, and start-up with and without the class archive. Prints one
# Markdown document (about 30 min on 2 quiet cores); keep the machine otherwise idle.
#
#   bench/all.sh [--quick] [--out FILE] [--cache DIR]
#
# --cache DIR keeps the generated text inputs (13 GB for the full run) for the next run.
#
# --quick: 100k bios, 100 MB per text parser, a 1 GB bundle, one run each (a few minutes; to
# check the scripts, not for figures).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=/dev/stdout
block_args=(--runs 5 --profile)
text_args=(--runs 3 --profile --inline-row --no-aot-row --formats json,html,pdf)
startup_args=(--runs 5)
cache=
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) block_args=(--runs 1 --profile --ios 100000 --big-ios 150000)
                 text_args=(--quick --profile --inline-row --no-aot-row --formats json,html,pdf); startup_args=(--runs 1); shift ;;
        --out) out=$2; shift 2 ;;
        --cache) cache=$2; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
[ -z "$cache" ] || text_args+=(--cache "$cache")
{
    echo "# ioverdict benchmarks, one run ($(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$here" rev-parse --short HEAD))"
    echo
    echo "uptime at start: $(uptime)"
    echo
    echo "# Block traces"
    echo
    "$here/bench/block-bench.sh" "${block_args[@]}"
    echo
    echo "# Text parsers"
    echo
    "$here/bench/text-bench.sh" "${text_args[@]}"
    echo
    echo "# Start-up"
    echo
    "$here/bench/startup-bench.sh" "${startup_args[@]}"
    echo
    echo "finished $(date -u '+%H:%M UTC'); uptime at end: $(uptime)"
} > "$out"
