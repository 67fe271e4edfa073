#!/usr/bin/env bash
# Text parser benchmark: strace -f -ttT, perf script (syscalls, block, sched_switch with stacks),
# iostat -x -t 1, sar -d and a kernel log, each of SIZE MB made from real recordings by bench/textgen.py, read by the floor
# (wc -l, then one awk pass over one field) and by `ioverdict inspect` on a bundle holding only that
# file, side by side under /usr/bin/time -v; then one report (JSON) of a bundle of BIG MB holding all
# of them plus blkparse text, in a 512 MB heap. Everything is written under WORK and removed at the end
# (--keep leaves it). Prints Markdown tables (docs/PERFORMANCE.md has one run).
#
#   bench/text-bench.sh                 # 1 GB each, then the 10 GB bundle (about 15 min on 2 quiet cores)
#   bench/text-bench.sh --quick         # 100 MB each, then a 1 GB bundle (about 2 min)
#   bench/text-bench.sh [--mb N] [--runs K] [--big-mb N] [--skip-big] [--work DIR] [--cache DIR] [--keep] [--formats json,html,pdf]
#
# With --cache DIR the generated inputs are kept in DIR and taken from there when a run asks for the
# same kind and size again (textgen.py is deterministic; making 10 GB takes several minutes).
# With --runs K (default 1) awk and ioverdict run K times each, in turn, and each column is the median.
# With --inline-row, a row more per input: ioverdict with the analyses on the parser's own thread
# (as below 4 MB), to show what analysing beside the parser gives.
# With --no-aot-row, a row more per input: ioverdict without the launcher's start-up archive
# (IOVERDICT_AOT=0), to show what it does to a long run.
# With --profile, one more ioverdict run per input under JFR (bench/jfr-summary.sh), after the timed
# ones; its tables follow the timings.
#
# Needs python3, awk, /usr/bin/time and a JDK >= 21 (the launcher finds it).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mb=1024
big_mb=10240
skip_big=0
runs=1
profile=0
inline=0
noaot=0
cache=
keep=0
formats=json
work=/tmp/ioverdict-text-bench
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) mb=100; big_mb=1024; shift ;;
        --mb) mb=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --profile) profile=1; shift ;;
        --inline-row) inline=1; shift ;;
        --no-aot-row) noaot=1; shift ;;
        --big-mb) big_mb=$2; shift 2 ;;
        --skip-big) skip_big=1; shift ;;
        --work) work=$2; shift 2 ;;
        --keep) keep=1; shift ;;
        --cache) cache=$2; shift 2 ;;
        --formats) formats=$2; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
[ "$keep" = 1 ] || trap 'rm -rf "$work"' EXIT
rm -rf "$work"
mkdir -p "$work"
log="$work/bench.log"
: > "$log"
gen="$here/bench/textgen.py"
[ -z "$cache" ] || mkdir -p "$cache"

# makes FILE of KIND and MB megabytes, or links the copy kept in the cache
generate() {
    local kind=$1 size=$2 file=$3 kept
    if [ -z "$cache" ]; then
        python3 "$gen" "$kind" --mb "$size" --out "$file" 2>> "$log"
        return
    fi
    kept="$cache/$kind-$size.txt"
    [ -s "$kept" ] || { python3 "$gen" "$kind" --mb "$size" --out "$kept.part" 2>> "$log" && mv "$kept.part" "$kept"; }
    ln "$kept" "$file" 2>/dev/null || cp "$kept" "$file"
}
export LC_ALL=C

# runs a command under /usr/bin/time -v, its output to $1; prints "wall user sys rss_kb"
timed() {
    local out=$1; shift
    /usr/bin/time -v -o "$work/time.txt" "$@" > "$out" 2>> "$log" || { echo "failed: $*" >&2; tail -20 "$log" >&2; exit 1; }
    awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + p[i] }
                /User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { r = $2 }
                END { printf "%.2f %.2f %.2f %d\n", w, u, s, r }' "$work/time.txt"
}

# one table row: name, bytes, "wall user sys rss", wall of the awk pass, CPU of the awk pass
row() {
    local name=$1 bytes=$2 wall user sys rss awk_wall=$4 awk_cpu=$5
    read -r wall user sys rss <<< "$3"
    awk -v n="$name" -v b="$bytes" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" -v aw="$awk_wall" -v ac="$awk_cpu" 'BEGIN {
        printf "| %s | %.2f | %.2f | %.2f | %.0f | %.0f | %.2f | %.2f |\n", n, w, u, s, (w > 0 ? b / 1e6 / w : 0), r / 1024,
            (aw > 0 ? w / aw : 0), (ac > 0 ? (u + s) / ac : 0) }'
}

# the median of each column of K lines "wall user sys rss"
medians() {
    local c out=""
    for c in 1 2 3 4; do
        out="$out $(cut -d' ' -f$c "$1" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')"
    done
    echo $out
}

(cd "$here" && ./mvnw -q -B -ntp -o package -DskipTests > "$log.build" 2>&1) || (cd "$here" && ./mvnw -q -B -ntp package -DskipTests > "$log.build" 2>&1) \
    || { cat "$log.build" >&2; exit 1; }
"$here/ioverdict" --version > /dev/null 2>> "$log"   # makes the start-up cache outside the timings

echo "## Machine"
echo
echo "- $(nproc) cores: $(lscpu | sed -n 's/^Model name: *//p' | head -1); $(free -g | awk '/Mem:/ {print $2}') GB RAM; $(uname -sr)"
jvm=$(JAVA_OPTS=-XshowSettings:properties "$here/ioverdict" --version 2>&1 | sed -n 's/^ *java.runtime.version = //p' | head -1)
echo "- ioverdict's JVM (the launcher's pick): Java $jvm, the launcher's heap (at most 2 GB) and collector (serial for one case); awk is $(awk -W version 2>&1 | head -1 | cut -c1-40)"
echo "- uptime at start: $(uptime)"
echo

declare -A awk_prog
awk_prog[strace]='{ d = $NF } substr(d, 1, 1) == "<" { s += substr(d, 2) } END { printf "%.6f s in calls\n", s }'
awk_prog[perf]='NF > 4 && substr($0, 1, 1) != "\t" { c[$5]++ } END { for (e in c) print c[e], e }'
awk_prog[iostat]='NF > 10 && $1 != "Device" { s += $NF } END { printf "%.2f %%util summed\n", s }'
awk_prog[sar]='NF > 8 && $NF != "DEV" { s += $(NF - 1) } END { printf "%.2f %%util summed\n", s }'
awk_prog[kernel]='/error/ { n++ } END { print n, "lines with error" }'
declare -A what
what[strace]='strace -f -ttT (libaio and psync fio)'
what[perf]='perf script (syscalls, block, sched_switch -g)'
what[iostat]='iostat -x -t 1'
what[sar]='sar -d -p 1 (200 disks)'
what[kernel]='kernel log (dmesg)'
declare -A awk_what
awk_what[strace]='sum of the <duration> field'
awk_what[perf]='count per event name'
awk_what[iostat]='sum of %util'
awk_what[sar]='sum of %util'
awk_what[kernel]='count of lines with error'

echo "## Text parsers, $mb MB each"
echo
[ "$runs" = 1 ] || { echo "Median of $runs runs each for awk and ioverdict (in turn), column by column."; echo; }
echo "| input / tool | wall s | user s | sys s | MB/s | peak RSS MB | wall vs awk | CPU vs awk |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for kind in strace perf iostat sar kernel; do
    dir="$work/$kind"
    mkdir -p "$dir/bundle"
    file="$dir/bundle/$kind.txt"
    generate "$kind" "$mb" "$file"
    bytes=$(stat -c %s "$file")
    sync
    cat "$file" > /dev/null   # the page cache holds it for every tool alike
    wc_t=$(timed "$dir/wc.txt" wc -l "$file")
    : > "$dir/awk.runs"; : > "$dir/iov.runs"; : > "$dir/inline.runs"; : > "$dir/noaot.runs"
    for _ in $(seq "$runs"); do
        timed "$dir/awk.txt" awk "${awk_prog[$kind]}" "$file" >> "$dir/awk.runs"
        timed "$dir/inspect.txt" "$here/ioverdict" inspect "$dir/bundle" >> "$dir/iov.runs"
        [ "$inline" = 0 ] || JAVA_OPTS=-Dioverdict.analysisAlongside.fromBytes=$((1 << 62)) \
            timed "$dir/inline.txt" "$here/ioverdict" inspect "$dir/bundle" >> "$dir/inline.runs"
        [ "$noaot" = 0 ] || IOVERDICT_AOT=0 timed "$dir/noaot.txt" "$here/ioverdict" inspect "$dir/bundle" >> "$dir/noaot.runs"
    done
    awk_t=$(medians "$dir/awk.runs")
    iov_t=$(medians "$dir/iov.runs")
    echo "$kind runs (wall user sys rss_kb): awk $(tr '\n' ';' < "$dir/awk.runs") ioverdict $(tr '\n' ';' < "$dir/iov.runs")" >> "$work/runs.txt"
    grep -q " $kind" "$dir/inspect.txt" || { echo "ioverdict did not recognise $file" >&2; cat "$dir/inspect.txt" >&2; exit 1; }
    read -r aw au as _ <<< "$awk_t"
    ac=$(awk -v u="$au" -v s="$as" 'BEGIN { print u + s }')
    lines=$(awk '{ print $1 }' "$dir/wc.txt")
    echo "| **${what[$kind]}**: $(awk -v b="$bytes" 'BEGIN { printf "%.0f", b / 1e6 }') MB, $lines lines | | | | | | | |"
    row "wc -l" "$bytes" "$wc_t" "$aw" "$ac"
    row "awk: ${awk_what[$kind]}" "$bytes" "$awk_t" "$aw" "$ac"
    row "ioverdict inspect" "$bytes" "$iov_t" "$aw" "$ac"
    [ "$inline" = 0 ] || row "ioverdict inspect, analyses on the parser's thread" "$bytes" "$(medians "$dir/inline.runs")" "$aw" "$ac"
    [ "$noaot" = 0 ] || row "ioverdict inspect, no start-up archive (IOVERDICT_AOT=0)" "$bytes" "$(medians "$dir/noaot.runs")" "$aw" "$ac"
    echo "inspect of $kind: $(tail -n 1 "$dir/inspect.txt")" >> "$log"
    [ "$profile" = 0 ] || { echo "### ${what[$kind]}"; echo; "$here/bench/jfr-summary.sh" "$dir/bundle"; } >> "$work/profiles.md"
    rm -rf "$dir"
done
echo
[ "$profile" = 0 ] || { echo "## Where the time goes (one more run of each under JFR)"; echo; cat "$work/profiles.md"; }

if [ "$skip_big" = 0 ]; then
    dir="$work/big"
    mkdir -p "$dir/bundle"
    generate strace $((big_mb * 3 / 10)) "$dir/bundle/strace-fio.txt"
    generate perf $((big_mb * 3 / 10)) "$dir/bundle/perf-script.txt"
    generate iostat $((big_mb / 10)) "$dir/bundle/iostat-x.txt"
    generate blkparse $((big_mb * 3 / 10)) "$dir/bundle/blkparse.txt"
    bytes=$(du -sb "$dir/bundle" | cut -f1)
    rep_t=$(JAVA_OPTS=-Xmx512m timed "$dir/report.out" "$here/ioverdict" report "$dir/bundle" -o "$dir/out" --format "$formats")
    read -r wall user sys rss <<< "$rep_t"
    [ -s "$dir/out/report.json" ] || { echo "no report.json" >&2; exit 1; }
    echo "## One report of a $(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e9 }') GB bundle in a 512 MB heap"
    echo
    echo "strace 30 %, perf script 30 %, blkparse text 30 %, iostat 10 %; \`JAVA_OPTS=-Xmx512m ioverdict report --format $formats\`"
    echo
    echo "| wall s | user s | sys s | MB/s | peak RSS MB | result |"
    echo "|---:|---:|---:|---:|---:|---|"
    echo "| $wall | $user | $sys | $(awk -v b="$bytes" -v w="$wall" 'BEGIN { printf "%.0f", b / 1e6 / w }') | $((rss / 1024)) | exit 0, $(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(len(r.get("findings", [])), "findings")' "$dir/out/report.json" 2>/dev/null || echo "report.json written") |"
    echo
    rm -rf "$dir"
fi
[ "$runs" = 1 ] || { echo "All runs:"; echo; sed 's/^/    /' "$work/runs.txt"; echo; }
echo "uptime at end: $(uptime)"
