#!/usr/bin/env bash
# Start-up benchmark: `ioverdict report` of a tiny bundle, RUNS times each without a class archive,
# with the launcher's default (an AOT cache on Java >= 25) and with a dynamic AppCDS archive (what
# the launcher uses on Java 21-24), runs alternating; prints wall and CPU (user + sys) per run and
# the medians. Writes only under a scratch folder it removes.
#
#   bench/startup-bench.sh [--runs N] [--bundle DIR]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runs=5
bundle="$here/testdata/seed-000-strace/bundle"
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --bundle) bundle=$2; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
work=$(mktemp -d /tmp/ioverdict-startup-XXXXXX)
trap 'rm -rf "$work"' EXIT
modes=(0 1 cds)
declare -A label=([0]="no archive (IOVERDICT_AOT=0)" [1]="AOT cache (the default on Java >= 25)" [cds]="AppCDS archive (IOVERDICT_AOT=cds; the default on Java 21-24)")
for m in "${modes[@]}"; do   # builds the jar and each archive outside the timings
    IOVERDICT_AOT=$m "$here/ioverdict" report "$bundle" -o "$work/out" --format json > /dev/null 2>&1
done
for i in $(seq "$runs"); do
    for m in "${modes[@]}"; do
        IOVERDICT_AOT=$m /usr/bin/time -f "%e %U %S" -o "$work/t" "$here/ioverdict" report "$bundle" -o "$work/out" --format json > /dev/null 2>&1
        read -r w u s < "$work/t"
        echo "$w $(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')" >> "$work/$m.runs"
    done
done
echo "\`ioverdict report $(basename "$(dirname "$bundle")")/$(basename "$bundle") --format json\`, $runs runs each, alternating; $(uptime | sed 's/^ *//')"
echo
echo "| | median wall s | median CPU s | runs (wall/CPU) |"
echo "|---|---:|---:|---|"
for m in "${modes[@]}"; do
    mw=$(cut -d' ' -f1 "$work/$m.runs" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
    mc=$(cut -d' ' -f2 "$work/$m.runs" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
    echo "| ${label[$m]} | $mw | $mc | $(awk '{ printf "%s%s/%s", (NR > 1 ? ", " : ""), $1, $2 }' "$work/$m.runs") |"
done
