#!/usr/bin/env bash
# Block trace benchmark: blkparse (binary -> text), btt (on the binary) and ioverdict (on the
# text, on blktrace's per-CPU binary files and on the `blkparse -d` dump) side by side on the same
# blkgen trace, runs in turn, each under /usr/bin/time -v; then a 10-million-line
# trace read by ioverdict in a 512 MB heap. Writes everything under WORK (default /tmp/ioverdict-bench),
# never into the repository. Prints a Markdown report (docs/PERFORMANCE.md has one).
#
#   bench/block-bench.sh [--ios N] [--big-ios N] [--runs K] [--work DIR] [--skip-big] [--profile]
#
# --profile: after the timed runs, one more ioverdict run on the text, one on the per-CPU binary
# files and one on the blkparse -d dump under JFR (bench/jfr-summary.sh), printed after the table.
#
# Needs python3, blkparse and btt (apt-get install blktrace), testdata/tools/blkgen, a JDK >= 21.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
blkgen=${BLKGEN:-$here/testdata/tools/blkgen/blkgen.py}
ios=1000000
big_ios=1500000
runs=3
work=/tmp/ioverdict-bench
skip_big=0
profile=0
while [ $# -gt 0 ]; do
    case "$1" in
        --ios) ios=$2; shift 2 ;;
        --big-ios) big_ios=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --work) work=$2; shift 2 ;;
        --skip-big) skip_big=1; shift ;;
        --profile) profile=1; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
mkdir -p "$work"
log="$work/bench.log"
: > "$log"

# runs a command under /usr/bin/time -v; prints "wall user sys rss_kb"
timed() {
    local out=$1; shift
    /usr/bin/time -v -o "$work/time.txt" "$@" > "$out" 2>> "$log"
    awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + p[i] }
                /User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { r = $2 }
                END { printf "%.2f %.2f %.2f %d\n", w, u, s, r }' "$work/time.txt"
}

# generates a blkgen scale trace (binary) into DIR unless it is there; prints the blkparse command
trace() {
    local dir=$1 n=$2
    if [ ! -f "$dir/manifest.json" ]; then
        python3 "$blkgen" scale --ios "$n" --out "$dir" --no-text --quiet >> "$log"
    fi
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["blkparse"])' "$dir/manifest.json"
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

(cd "$here" && ./mvnw -q -B -ntp -o package -DskipTests > "$log.build" 2>&1) || { cat "$log.build" >&2; exit 1; }

echo "## Machine"
echo
echo "- $(nproc) cores: $(lscpu | sed -n 's/^Model name: *//p' | head -1); $(free -g | awk '/Mem:/ {print $2}') GB RAM"
jvm=$(JAVA_OPTS=-XshowSettings:properties "$here/ioverdict" --version 2>&1 | sed -n 's/^ *java.runtime.version = //p' | head -1)
echo "- $(uname -sr); ioverdict's JVM (the launcher's pick): Java $jvm, the launcher's heap (at most 2 GB) and collector (serial for one case)"
echo "- $(blkparse -V 2>&1 | head -1), $(btt -V 2>&1 | head -1)"
echo "- load average at start: $(cut -d' ' -f1-3 /proc/loadavg) (the machine is shared; see the note on load)"
echo

dir="$work/scale-$ios"
cmd=$(trace "$dir" "$ios")
mkdir -p "$dir/bundle"
read -r bp_wall bp_user bp_sys bp_rss < <(cd "$dir" && timed bundle/blkparse.txt $cmd)
read -r bd_wall bd_user bd_sys bd_rss < <(cd "$dir" && timed /dev/null $cmd -d trace.bin -O)
text_bytes=$(stat -c %s "$dir/bundle/blkparse.txt")
bin_bytes=$(stat -c %s "$dir/trace.bin")
lines=$(wc -l < "$dir/bundle/blkparse.txt")

# the same trace as ioverdict bundles of its own: the per-CPU files as blktrace wrote them, and
# the one-file dump btt reads (hard links: nothing is copied)
rm -rf "$dir/percpu" "$dir/dump"
mkdir -p "$dir/percpu" "$dir/dump"
ln "$dir"/*.blktrace.* "$dir/percpu/"
ln "$dir/trace.bin" "$dir/dump/trace.bin"
percpu_bytes=$(cat "$dir"/percpu/* | wc -c)
percpu_files=$(ls "$dir/percpu" | wc -l)

"$here/ioverdict" --version > /dev/null 2>> "$log"   # makes the start-up cache outside the timings
for f in btt iov iov512 bin dump; do : > "$work/$f.runs"; done
for _ in $(seq "$runs"); do
    (cd "$dir" && timed btt.txt btt -i trace.bin) >> "$work/btt.runs"
    timed "$work/inspect.txt" "$here/ioverdict" inspect "$dir/bundle" >> "$work/iov.runs"
    JAVA_OPTS=-Xmx512m timed "$work/inspect512.txt" "$here/ioverdict" inspect "$dir/bundle" >> "$work/iov512.runs"
    timed "$work/inspect-bin.txt" "$here/ioverdict" inspect "$dir/percpu" >> "$work/bin.runs"
    timed "$work/inspect-dump.txt" "$here/ioverdict" inspect "$dir/dump" >> "$work/dump.runs"
done
grep -q "blkparse" "$work/inspect.txt" || { echo "ioverdict did not read the trace" >&2; cat "$work/inspect.txt" >&2; exit 1; }
grep -q "blktrace" "$work/inspect-bin.txt" || { echo "ioverdict did not read the binary" >&2; cat "$work/inspect-bin.txt" >&2; exit 1; }

# medians of a runs file: "wall cpu rss_kb" (cpu = user + sys of each run, then the median)
medians() {
    echo "$(cut -d' ' -f1 "$1" | median) $(awk '{ print $2 + $3 }' "$1" | median) $(cut -d' ' -f4 "$1" | median)"
}
read -r btt_wall btt_cpu _ < <(medians "$work/btt.runs")

row() { # name runs-file bytes
    local w u s r c
    w=$(cut -d' ' -f1 "$2" | median); u=$(cut -d' ' -f2 "$2" | median)
    s=$(cut -d' ' -f3 "$2" | median); r=$(cut -d' ' -f4 "$2" | median)
    c=$(awk '{ print $2 + $3 }' "$2" | median)
    awk -v n="$1" -v w="$w" -v u="$u" -v s="$s" -v c="$c" -v r="$r" -v l="$lines" -v b="$3" \
        -v bw="$btt_wall" -v bc="$btt_cpu" 'BEGIN {
        printf "| %s | %.2f | %.2f | %.2f | %.0f | %.0f | %d | %.2f | %.2f |\n", n, w, u, s, l / w, b / w / 1e6, r / 1024, w / bw, c / bc }'
}

echo "## $(printf "%'d" "$ios") I/Os: $(printf "%'d" "$lines") lines, $((text_bytes / 1000000)) MB of text, $((bin_bytes / 1000000)) MB binary"
echo
echo "\`python3 blkgen.py scale --ios $ios\`; median of $runs runs for btt and each ioverdict row (run in turn)."
echo "Lines/s counts the text lines for every tool; MB/s is of each tool's own input (binary for btt"
echo "and the binary rows). CPU is user + sys, the median of the runs' sums."
echo
echo "| tool | wall s | user s | sys s | lines/s | MB/s | peak RSS MB | wall vs btt | CPU vs btt |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
echo "$bp_wall $bp_user $bp_sys $bp_rss" > "$work/bp.runs"
echo "$bd_wall $bd_user $bd_sys $bd_rss" > "$work/bd.runs"
row "blkparse -i ... > blkparse.txt (binary to text)" "$work/bp.runs" "$bin_bytes"
row "blkparse -i ... -d trace.bin -O (btt's input)" "$work/bd.runs" "$bin_bytes"
row "btt -i trace.bin" "$work/btt.runs" "$bin_bytes"
row "ioverdict inspect (the text)" "$work/iov.runs" "$text_bytes"
row "ioverdict inspect, JAVA_OPTS=-Xmx512m" "$work/iov512.runs" "$text_bytes"
row "**ioverdict inspect (the $percpu_files per-CPU binary files)**" "$work/bin.runs" "$percpu_bytes"
row "ioverdict inspect (the blkparse -d dump)" "$work/dump.runs" "$bin_bytes"
echo
echo "All runs (wall user sys rss_kb): btt $(tr '\n' ';' < "$work/btt.runs") ioverdict (text) $(tr '\n' ';' < "$work/iov.runs")"
echo "ioverdict -Xmx512m $(tr '\n' ';' < "$work/iov512.runs") ioverdict (per-CPU binary) $(tr '\n' ';' < "$work/bin.runs")"
echo "ioverdict (dump) $(tr '\n' ';' < "$work/dump.runs")"
echo
# The floor of each input: the same inspect again and again in one JVM (bench/WarmRuns.java, both JIT
# tiers as the launcher runs a big input). The first run pays for the JIT compiling the reader and the
# tracker; the later ones are the work itself, compiled: a new process takes at least that plus its start.
java_home=$(JAVA_OPTS=-XshowSettings:properties "$here/ioverdict" --version 2>&1 | sed -n 's/^ *java.home = //p' | head -1)
echo "### The floor: the same inspect again and again in one JVM (\`bench/WarmRuns.java\`, 5 runs)"
echo
echo "| input | first run s | later runs: median s | later runs vs btt's wall | later runs s |"
echo "|---|---:|---:|---:|---|"
for kind in text percpu dump; do
    case $kind in text) in_dir=$dir/bundle; label="the text" ;; percpu) in_dir=$dir/percpu; label="the per-CPU binary files" ;;
                  dump) in_dir=$dir/dump; label="the blkparse -d dump" ;; esac
    if "$java_home/bin/java" -Xmx2g -Djava.awt.headless=true -cp "$here/target/ioverdict.jar" "$here/bench/WarmRuns.java" 5 \
            inspect "$in_dir" > "$work/warm-$kind.txt" 2> "$work/warm-$kind.err"; then
        later=$(tail -n +2 "$work/warm-$kind.txt" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
        echo "| $label | $(head -1 "$work/warm-$kind.txt") | $later | $(awk -v l="$later" -v b="$btt_wall" 'BEGIN { printf "%.2f", l / b }') | $(tail -n +2 "$work/warm-$kind.txt" | paste -sd' ') |"
        printf 'block-floor\t%s\t%s\t%s\n' "$label" "$later" "$(awk -v l="$later" -v b="$btt_wall" 'BEGIN { printf "%.2f", l / b }')" >> "$work/block-floor.lines"
    else
        echo "| $label | failed: $(head -c 200 "$work/warm-$kind.err" | tr '\n|' '  ') | | | |"
    fi
done
echo
[ ! -f "$work/block-floor.lines" ] || { cat "$work/block-floor.lines"; rm -f "$work/block-floor.lines"; }
echo
if [ "$profile" = 1 ]; then
    echo "### Where the time goes: the text (one more run under JFR)"
    echo
    "$here/bench/jfr-summary.sh" "$dir/bundle"
    echo "### Where the time goes: the per-CPU binary files (one more run under JFR)"
    echo
    "$here/bench/jfr-summary.sh" "$dir/percpu"
    echo "### Where the time goes: the blkparse -d dump (one more run under JFR)"
    echo
    "$here/bench/jfr-summary.sh" "$dir/dump"
fi

if [ "$skip_big" = 0 ]; then
    big="$work/scale-$big_ios"
    cmd=$(trace "$big" "$big_ios")
    mkdir -p "$big/bundle"
    [ -s "$big/bundle/blkparse.txt" ] || (cd "$big" && $cmd > bundle/blkparse.txt 2>> "$log")
    big_lines=$(wc -l < "$big/bundle/blkparse.txt")
    big_bytes=$(stat -c %s "$big/bundle/blkparse.txt")
    read -r w u s r < <(JAVA_OPTS="-Xmx512m -Xlog:gc:file=$work/gc-big.log" timed "$work/inspect-big.txt" \
        "$here/ioverdict" inspect "$big/bundle")
    heap=$(grep -o '[0-9]*M->[0-9]*M([0-9]*M)' "$work/gc-big.log" | sed 's/M->.*//' | sort -n | tail -1)
    after=$(grep -o '[0-9]*M->[0-9]*M([0-9]*M)' "$work/gc-big.log" | sed 's/.*M->\([0-9]*\)M.*/\1/' | sort -n | tail -1)
    gcs=$(grep -c 'Pause' "$work/gc-big.log" || true)
    echo "## $(printf "%'d" "$big_lines") lines ($((big_bytes / 1000000)) MB) with JAVA_OPTS=-Xmx512m"
    echo
    echo "\`python3 blkgen.py scale --ios $big_ios\`, \`JAVA_OPTS=\"-Xmx512m -Xlog:gc:file=gc.log\" ./ioverdict inspect\`:"
    echo "wall $w s (user $u s, sys $s s), $(awk -v l="$big_lines" -v w="$w" 'BEGIN { printf "%.0f", l / w }') lines/s,"
    echo "peak RSS $((r / 1024)) MB; $gcs GC pauses, heap at most ${heap} MB before a collection and at most"
    echo "${after} MB live after one (the 512 MB limit was never reached)."
    echo
    echo '```'
    cat "$work/inspect-big.txt"
    echo '```'
    echo
fi
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
