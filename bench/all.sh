#!/usr/bin/env bash
# Every benchmark of docs/PERFORMANCE.md in one run, one after the other on the same machine:
# block traces against btt (text, per-CPU binary files, blkparse -d dump; then 10 M lines in a
# 512 MB heap), the text parsers at 1 GB each against wc -l and awk, a 10 GB bundle reported in
# every format within -Xmx512m, start-up (inspect and a full report of small bundles), and a batch
# of 10,000 small cases in a 512 MB heap. Prints one Markdown document: first the targets of issue
# 23, each beside its peer of the same run (ratio, MB/s per core, peak RSS, met or missed), ready to
# paste into docs/PERFORMANCE.md, then every table the benchmarks printed, with the machine's load
# at the start and end of each. Keep the machine otherwise idle.
#
#   bench/all.sh [--quick] [--out FILE] [--cache DIR]
#
# --cache DIR keeps the generated text inputs (13 GB for the full run) for the next run.
#
# --quick: 100k bios, 100 MB per text parser, a 1 GB bundle, 1,000 batch cases, one run each (to
# check the scripts, not for figures).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=/dev/stdout
block_args=(--runs 5 --profile)
text_args=(--runs 3 --profile --inline-row --no-aot-row --formats json,html,pdf)
startup_args=(--runs 5)
batch_args=(--cases 10000)
floor_args=(--runs 1 --no-inspect)
cache=
from=
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) block_args=(--runs 1 --profile --ios 100000 --big-ios 150000)
                 text_args=(--quick --profile --inline-row --no-aot-row --formats json,html,pdf)
                 startup_args=(--runs 1); batch_args=(--cases 1000); floor_args=(--runs 1 --no-inspect --mb 100); shift ;;
        --out) out=$2; shift 2 ;;
        --cache) cache=$2; shift 2 ;;
        --from) from=$2; shift 2 ;;   # the sections of an earlier run (DIR/NAME.md): the tables only
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
[ -z "$cache" ] || text_args+=(--cache "$cache")
work=$(mktemp -d /tmp/ioverdict-all-XXXXXX)
trap 'rm -rf "$work"' EXIT
began=$(date +%s)
start_uptime=$(uptime | sed 's/^ *//')

section() { # name, title, command...: runs one benchmark, its output into $work/name.md
    local name=$1 title=$2; shift 2
    echo "bench/all.sh: $title ($(date -u '+%H:%M UTC'))" >&2
    local t0; t0=$(date +%s)
    {
        echo "# $title"
        echo
        echo "load at start: $(uptime | sed 's/.*load average: //')"
        echo
        "$@" || echo "**the benchmark failed (exit $?)**"
        echo
        echo "load at end: $(uptime | sed 's/.*load average: //'); $(( $(date +%s) - t0 )) s"
    } > "$work/$name.md" 2> "$work/$name.err"
}
if [ -n "$from" ]; then
    cp "$from"/{block,text,startup,batch}.md "$work/"
    cp "$from"/floor.md "$work/" 2>/dev/null || true
else
section block "Block traces" "$here/bench/block-bench.sh" "${block_args[@]}"
section text "Text parsers" "$here/bench/text-bench.sh" "${text_args[@]}"
# the floor of the text decoders (a few minutes): needs the 1 GB inputs text-bench.sh keeps with --cache
floor_cache=${cache:-/tmp/bench-cache}
if [ -s "$floor_cache/strace-1024.txt" ] && [ -s "$floor_cache/perf-1024.txt" ] && [ -s "$floor_cache/iostat-1024.txt" ] \
        && [ -s "$floor_cache/sar-1024.txt" ] && [ -s "$floor_cache/kernel-1024.txt" ]; then
    section floor "The floor of the text decoders" "$here/bench/floor-probe.sh" --cache "$floor_cache" "${floor_args[@]}"
fi
section startup "Start-up" "$here/bench/startup-bench.sh" "${startup_args[@]}"
section batch "Batch at scale" "$here/bench/batch-bench.sh" "${batch_args[@]}"
fi
[ -z "${IOVERDICT_ALL_KEEP:-}" ] || cp "$work"/*.md "$IOVERDICT_ALL_KEEP"/

# Every Markdown table row of a section as tab-separated fields: the heading above it, the group
# (a bold row whose other cells are empty), the first cell, then wall, user, sys, MB/s, peak RSS
# found by their column's header, so the table's other columns may come and go.
rows() {
    awk -F'|' '
        function trim(s) { gsub(/\*\*|`/, "", s); gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
        /^#/ { heading = $0; sub(/^#+ */, "", heading); header = 0; group = ""; next }
        /^\|/ {
            if (!header) {
                header = 1; delete col
                for (i = 2; i < NF; i++) col[trim($i)] = i
                next
            }
            if ($2 ~ /^-+$|^---/) next
            first = trim($2); empty = 1
            for (i = 3; i < NF; i++) if (trim($i) != "") empty = 0
            if (empty) { group = first; next }
            w = ("wall s" in col) ? trim($(col["wall s"])) : ""
            u = ("user s" in col) ? trim($(col["user s"])) : ""
            s = ("sys s" in col) ? trim($(col["sys s"])) : ""
            m = ("MB/s" in col) ? trim($(col["MB/s"])) : ""
            r = ("peak RSS MB" in col) ? trim($(col["peak RSS MB"])) : ""
            if (w != "") print heading "\t" group "\t" first "\t" w "\t" u "\t" s "\t" m "\t" r
            next
        }
        { header = 0 }' "$1"
}
rows "$work/block.md" > "$work/block.tsv"
rows "$work/text.md" > "$work/text.tsv"

# target | measured | peer | ratio | MB/s per core | peak RSS | met or missed; when missed, what the run
# measured of its floor: the CPU it spent over the 2 cores (no schedule on them is shorter), and the
# floor probe's or the profile's figure when there is one
target_row() { # label, target row (tsv), peer row (tsv), bound, peer name, floor note (optional)
    awk -F'\t' -v label="$1" -v t="$2" -v p="$3" -v bound="$4" -v peer="$5" -v floor="${6:-}" 'BEGIN {
        split(t, a, "\t"); split(p, b, "\t")
        if (a[4] == "" || b[4] == "" || b[4] + 0 == 0) { printf "| %s | not measured | | | | | |\n", label; exit }
        ratio = a[4] / b[4]; cpu = a[5] + a[6]; pcpu = b[5] + b[6]
        mb = a[7] * a[4]                                        # MB/s x wall: the input in MB
        percore = cpu > 0 ? mb / cpu : 0; peercore = pcpu > 0 && b[7] != "" ? b[7] * b[4] / pcpu : 0
        printf "| %s | %.2f s wall, %.2f s CPU | %s %.2f s wall, %.2f s CPU | **%.2fx** (CPU %.2fx) | %.0f (%s %.0f) | %s MB | %s |\n",
            label, a[4], cpu, peer, b[4], pcpu, ratio, (pcpu > 0 ? cpu / pcpu : 0), percore, peer, peercore, a[8],
            (ratio <= bound ? "met" : sprintf("missed: CPU / 2 cores is %.2fx %s%s", cpu / 2 / b[4], peer, (floor == "" ? "" : "; " floor)))
    }'
}
# The text decoders' floor from this run's floor section: the decode alone on two threads, as a
# ratio of awk's wall time ("" when the section is not there).
decode_floor() { # kind (strace, perf, iostat, sar, kernel)
    [ -f "$work/floor.md" ] || return 0
    awk -F'|' -v kind="$1" '
        /^### / { inside = ($0 ~ "^### " kind ",") }
        inside && $2 ~ /^ *decode *$/ && $3 ~ /^ *2 *$/ { gsub(/ /, "", $8); print $8; exit }' "$work/floor.md" \
        | awk 'NF { printf "the decode alone on 2 threads takes %sx (floor below)", $1 }'
}
# The block layer's floor from this run's profile of KIND ("the text", "the per-CPU binary files",
# "the blkparse -d dump"): the share of the Java samples on the thread that runs the tracker in
# order (main; the text's parsing threads decode beside it).
tracker_floor() { # kind
    local share warm
    share=$(awk -F'|' -v kind="$1" '
        /^### / { inside = index($0, "the time goes: " kind " (") > 0 }
        inside && $2 ~ /`main`/ { gsub(/ /, "", $4); print $4; exit }' "$work/block.md" \
        | awk 'NF { printf "the tracker'"'"'s thread, in order, holds %s of the samples (profile below)", $1 }')
    # and the same inspect warm in one JVM: what a new process takes at least, beyond its start
    warm=$(awk -F'\t' -v kind="$1" '$1 == "block-floor" && $2 == kind {
        printf "warm in one JVM it takes %s s, %sx btt (floor below)", $3, $4 }' "$work/block.md")
    if [ -n "$share" ] && [ -n "$warm" ]; then echo "$share; $warm"; else echo "$share$warm"; fi
}
find_row() { # file, regexp on the first cell, optional group (exactly)
    awk -F'\t' -v re="$2" -v g="${3:-}" '$3 ~ re && (g == "" || $2 == g) { print; exit }' "$1"
}
{
    echo "# ioverdict benchmarks, one run ($(date -u -d "@$began" '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$here" rev-parse --short HEAD))"
    echo
    echo "$(nproc) cores, $(awk '/^MemTotal:/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo) RAM; uptime at start: $start_uptime;"
    echo "uptime at end: $(uptime | sed 's/^ *//'); the whole run took $(( ($(date +%s) - began) / 60 )) min."
    echo
    echo "## The targets of issue 23"
    echo
    echo "Each beside its peer, measured in this run one after the other (medians; ratios of wall time)."
    echo "MB/s per core: the input's MB over the CPU seconds (user + sys) the tool spent on it."
    echo
    echo "| target | measured | peer (same run) | ratio | MB/s per core | peak RSS | |"
    echo "|---|---|---|---:|---:|---:|---|"
    # 1. text parsers at most 1.0x one awk pass
    cut -f2 "$work/text.tsv" | awk 'NF' | sort -u > "$work/groups"
    while IFS= read -r g; do
        t=$(find_row "$work/text.tsv" '^ioverdict inspect$' "$g")
        p=$(find_row "$work/text.tsv" '^awk' "$g")
        [ -n "$t" ] && target_row "${g%%:*} at most 1.0x one awk pass" "$t" "$p" 1.0 awk "$(decode_floor "${g%% *}")"
    done < "$work/groups"
    # 2. the block layer against btt
    btt=$(find_row "$work/block.tsv" '^btt -i')
    target_row "blkparse text at most 0.5x btt" "$(find_row "$work/block.tsv" 'inspect \(the text\)')" "$btt" 0.5 btt \
        "$(tracker_floor "the text")"
    target_row "blktrace binary, per-CPU files, at most 0.25x btt" "$(find_row "$work/block.tsv" 'per-CPU binary')" "$btt" 0.25 btt \
        "$(tracker_floor "the per-CPU binary files")"
    target_row "blktrace binary, blkparse -d dump, at most 0.25x btt" "$(find_row "$work/block.tsv" 'blkparse -d dump\)')" "$btt" 0.25 btt \
        "$(tracker_floor "the blkparse -d dump")"
    # 3. start-up
    grep '^startup-target' "$work/startup.md" | while IFS=$'\t' read -r _ c w cpu rss pw pcpu; do
        case "$c" in
            inspect-tiny) what="inspect of a tiny bundle under 0.5 s"; bound=0.5 ;;
            report-tiny) what="full report (JSON, HTML, PDF) of a tiny bundle under 1.5 s"; bound=1.5 ;;
            *) what="full report (JSON, HTML, PDF) of xfs-unaligned-512b (5 MB) under 1.5 s"; bound=1.5 ;;
        esac
        warm=$(awk -F'\t' -v c="$c" '$1 == "startup-floor" && $2 == c { print $3 }' "$work/startup.md")
        awk -v what="$what" -v w="$w" -v cpu="$cpu" -v rss="$rss" -v pw="$pw" -v pcpu="$pcpu" -v bound="$bound" -v warm="$warm" 'BEGIN {
            status = w <= bound ? "met" : "missed"
            if (w > bound && warm != "") status = sprintf("missed: the same report warm in one JVM takes %.2f s (floor below)", warm)
            printf "| %s | %.2f s wall, %.2f s CPU | before (AOT cache, both JIT tiers) %.2f s wall, %.2f s CPU | %.2fx | | %s MB | %s |\n",
                what, w, cpu, pw, pcpu, (pw > 0 ? w / pw : 0), rss, status }'
    done
    # 4. batch at scale
    grep '^batch-target' "$work/batch.md" | while IFS=$'\t' read -r _ n rc w cpu rss index rate; do
        awk -v n="$n" -v rc="$rc" -v w="$w" -v cpu="$cpu" -v rss="$rss" -v idx="$index" -v rate="$rate" 'BEGIN {
            ok = rc == 0 && idx < 200 && rate >= 10000 / 108
            printf "| batch of %d small cases in -Xmx512m, at least the throughput of before (10,000 in 108 s), index.html bounded | exit %d, %.1f s wall (%s cases/s), %.1f s CPU; index.html %s KB | issue 23: 108 s, 1.1 GB, index 5.8 MB | | | %s MB | %s |\n",
                n, rc, w, rate, cpu, idx, rss, (ok ? "met" : "missed") }'
    done
    echo
    for s in block text floor startup batch; do
        [ -f "$work/$s.md" ] || continue
        grep -v '^startup-target\|^startup-floor\|^batch-target\|^block-floor' "$work/$s.md"
        echo
    done
} > "$out"
echo "bench/all.sh: done in $(( ($(date +%s) - began) / 60 )) min" >&2
