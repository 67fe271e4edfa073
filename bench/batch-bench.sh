#!/usr/bin/env bash
# Batch at scale (issue 23, item 4): N small cases (half a Solaris vmstat -s, half a Linux iostat -x
# capture, as BatchAtScaleTest makes them, files hard-linked), `ioverdict batch` over them within
# a 512 MB heap (JAVA_OPTS=-Xmx512m); prints wall, CPU, cases per second, peak RSS and the size of
# index.html and summary.json. Writes only under a scratch folder it removes (or --work DIR, kept).
#
#   bench/batch-bench.sh [--cases N] [--formats json] [--heap 512m] [--jobs N] [--work DIR]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
n=10000
formats=json
heap=512m
jobs=
work=
while [ $# -gt 0 ]; do
    case "$1" in
        --cases) n=$2; shift 2 ;;
        --formats) formats=$2; shift 2 ;;
        --heap) heap=$2; shift 2 ;;
        --jobs) jobs=$2; shift 2 ;;
        --work) work=$2; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
if [ -z "$work" ]; then
    work=$(mktemp -d /tmp/ioverdict-batch-XXXXXX)
    trap 'rm -rf "$work"' EXIT
fi
cases="$work/cases-$n"
vmstat="$here/testdata/solaris-dnlc-low/bundle/vmstat-s.txt"
iostat="$here/testdata/iostat-linux-saturated/bundle"
if [ ! -f "$cases/.complete" ]; then
    rm -rf "$cases"; mkdir -p "$cases"
    for ((i = 0; i < n; i++)); do
        c=$(printf '%s/case-%05d' "$cases" "$i"); mkdir "$c"
        if ((i % 2 == 0)); then ln "$vmstat" "$c/" 2>/dev/null || cp "$vmstat" "$c/"
        else ln "$iostat"/* "$c/" 2>/dev/null || cp "$iostat"/* "$c/"; fi
    done
    touch "$cases/.complete"
fi
"$here/ioverdict" --version > /dev/null   # builds the jar and its start-up archive outside the timing
out="$work/out-$n"
rm -rf "$out"
args=(batch "$cases" -o "$out" --format "$formats" --no-resume)
[ -z "$jobs" ] || args+=(--jobs "$jobs")
load_start=$(uptime | sed 's/.*load average: //')
set +e
JAVA_OPTS="-Xmx$heap" /usr/bin/time -v -o "$work/time.txt" "$here/ioverdict" "${args[@]}" > "$work/batch.log" 2>&1
rc=$?
set -e
field() { sed -n "s/^[[:space:]]*$1: //p" "$work/time.txt"; }
wall=$(field 'Elapsed (wall clock) time (h:mm:ss or m:ss)' | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
user=$(field 'User time (seconds)'); sys=$(field 'System time (seconds)')
rss=$(field 'Maximum resident set size (kbytes)')
size() { if [ -f "$1" ]; then stat -c %s "$1"; else echo 0; fi; }
pages=$(find "$out" -maxdepth 2 -name 'cases-*.html' 2>/dev/null | wc -l)
echo "\`JAVA_OPTS=-Xmx$heap ioverdict batch\` of $n cases (--format $formats${jobs:+, --jobs $jobs}); load average at start $load_start, at end $(uptime | sed 's/.*load average: //')"
echo
echo "| cases | exit | wall s | user s | sys s | cases/s | peak RSS MB | index.html KB | pages of cases | summary.json KB |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
awk -v n="$n" -v rc="$rc" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" -v i="$(size "$out/index.html")" \
    -v p="$pages" -v j="$(size "$out/summary.json")" \
    'BEGIN { printf "| %d | %d | %.1f | %.1f | %.1f | %.0f | %.0f | %.0f | %d | %.0f |\n", n, rc, w, u, s, n / w, r / 1024, i / 1024, p, j / 1024 }'
tail -n 4 "$work/batch.log" | sed 's/^/    /'
echo
# for bench/all.sh: cases, exit, wall, CPU, peak RSS MB, index.html KB, cases/s
awk -v n="$n" -v rc="$rc" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" -v i="$(size "$out/index.html")" \
    'BEGIN { printf "batch-target\t%d\t%d\t%.1f\t%.1f\t%.0f\t%.0f\t%.0f\n", n, rc, w, u + s, r / 1024, i / 1024, n / w }'
