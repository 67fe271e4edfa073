#!/usr/bin/env bash
# Two builds of ioverdict against btt on one blkgen trace, in turn, in the same run: for each
# round btt on the `blkparse -d` dump, then each build on the blkparse text, the per-CPU binary
# files and the dump. Prints each row's wall and CPU (user + sys) seconds per round and the median
# of its wall time as a ratio to the btt run just before it. On a shared machine only these
# ratios, and the two builds side by side, mean anything.
#
#   bench/block-ab.sh TRACE_DIR ROUNDS NAME=LAUNCHER [NAME=LAUNCHER ...]
#
# TRACE_DIR is what bench/block-bench.sh leaves in its work directory (scale-N: trace.bin,
# bundle/blkparse.txt, percpu/, dump/). A launcher is an `ioverdict` script; to keep a build,
# copy the script and target/ioverdict.jar into a directory of their own (with testdata/ linked
# for the start-up archive).
set -euo pipefail
dir=$1; rounds=$2; shift 2
work=$(mktemp -d /tmp/ioverdict-ab-XXXXXX)
trap 'rm -rf "$work"' EXIT
timed() { /usr/bin/time -f "%e %U %S" -o "$work/t" "$@" > /dev/null 2>> "$work/err"; cat "$work/t"; }
for _ in $(seq "$rounds"); do
    echo "btt $(cd "$work" && timed btt -i "$dir/trace.bin")" >> "$work/all"
    for spec in "$@"; do
        name=${spec%%=*}; launcher=${spec#*=}
        echo "$name-text $(timed "$launcher" inspect "$dir/bundle")" >> "$work/all"
        echo "$name-percpu $(timed "$launcher" inspect "$dir/percpu")" >> "$work/all"
        echo "$name-dump $(timed "$launcher" inspect "$dir/dump")" >> "$work/all"
    done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
awk '{ w[$1] = w[$1] " " $2; c[$1] = c[$1] " " ($3 + $4) } END { for (k in w) print k, "wall:" w[k], "| cpu:" c[k] }' \
    "$work/all" | sort
awk '$1 == "btt" { b = $2; next } { print $1, $2 / b }' "$work/all" | sort -k1,1 -k2,2n \
    | awk '{ n[$1]++; v[$1, n[$1]] = $2 } END { for (k in n) printf "%s: median wall vs btt %.3f\n", k, v[k, int((n[k] + 1) / 2)] }' \
    | sort
