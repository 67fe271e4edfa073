#!/usr/bin/env bash
# The floor of the text decoders (issue 23, round five): what any chunked reading with today's
# decoders could at best reach. Each input is cut at '\n' into chunks that 1 or 2 threads take in
# turn and decode with the production code, nothing joined, no state machine, no analyses
# (src/test/java/dev/ioverdict/parse/FloorProbe.java), in four steps, each the one before plus more:
#   scan    the bytes read and the line ends found (Bytes.endAt, as Lines does)
#   lines   the production Lines.advance() (line ends, each line copied out)
#   text    + the ASCII check and the evidence String a record keeps (Lines.inBytes, Lines.text)
#   decode  + the stateless decode of each line into its record, dropped (StraceProbe, PerfScriptProbe, IostatProbe,
#           SarProbe, KernelLogProbe)
# beside wc -l and the exact awk pass of bench/text-bench.sh, each under /usr/bin/time -v, in turn.
# Prints a Markdown table per input: medians of the runs, wall and CPU, and their ratio to awk's.
#
#   bench/floor-probe.sh [--cache DIR] [--runs K] [--kinds strace,perf,iostat,sar,kernel] [--mb N] [--chunk-kb N] [--profile] [--no-inspect]
#
# A row more per input (unless --no-inspect): `ioverdict inspect` of a bundle holding only that file,
# the production reading with its state machine and analyses, as bench/text-bench.sh times it.
# --cache DIR: where KIND-1024.txt lie (bench/text-bench.sh --cache makes them; default /tmp/bench-cache),
# read only. --mb N reads the first N MB of each (cut at a line end, into a scratch copy) instead of
# the whole file. --profile: one more decode run on 2 threads per input under JFR (settings=profile,
# DebugNonSafepoints), its hottest methods after the table.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache=/tmp/bench-cache
runs=3
kinds=strace,perf,iostat,sar,kernel
mb=
chunk_kb=4096
profile=0
inspect=1
while [ $# -gt 0 ]; do
    case "$1" in
        --cache) cache=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --kinds) kinds=$2; shift 2 ;;
        --mb) mb=$2; shift 2 ;;
        --chunk-kb) chunk_kb=$2; shift 2 ;;
        --profile) profile=1; shift ;;
        --no-inspect) inspect=0; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
work=$(mktemp -d /tmp/ioverdict-floor-XXXXXX)
trap 'rm -rf "$work"' EXIT
log="$work/log"
export LC_ALL=C

(cd "$here" && ./mvnw -q -B -ntp -o test-compile > "$log.build" 2>&1) || (cd "$here" && ./mvnw -q -B -ntp test-compile > "$log.build" 2>&1) \
    || { cat "$log.build" >&2; exit 1; }
(cd "$here" && ./mvnw -q -B -ntp -o dependency:build-classpath -Dmdep.outputFile="$work/deps.txt" > "$log.cp" 2>&1) \
    || (cd "$here" && ./mvnw -q -B -ntp dependency:build-classpath -Dmdep.outputFile="$work/deps.txt" > "$log.cp" 2>&1) \
    || { cat "$log.cp" >&2; exit 1; }
cp="$here/target/classes:$here/target/test-classes:$(cat "$work/deps.txt")"
# the JVM the launcher picks, with its heap for one case (-Xmx2g)
java_home=$(JAVA_OPTS=-XshowSettings:properties "$here/ioverdict" --version 2>&1 | sed -n 's/^ *java.home = //p' | head -1)
java="$java_home/bin/java"
[ -x "$java" ] || { echo "floor-probe: no JVM found through ./ioverdict" >&2; exit 1; }
jopts=(-Xmx2g -cp "$cp")

# the awk pass of each input, taken from bench/text-bench.sh so the two stay the same
declare -A awk_prog
eval "$(grep "^awk_prog\[" "$here/bench/text-bench.sh")"
declare -A probe
probe[strace]=dev.ioverdict.parse.strace.StraceProbe
probe[perf]=dev.ioverdict.parse.perf.PerfScriptProbe
probe[iostat]=dev.ioverdict.parse.iostat.IostatProbe
probe[sar]=dev.ioverdict.parse.iostat.SarProbe
probe[kernel]=dev.ioverdict.parse.kernel.KernelLogProbe

# runs a command under /usr/bin/time -v, its output to $1; prints "wall user sys"
timed() {
    local out=$1; shift
    /usr/bin/time -v -o "$work/time.txt" "$@" > "$out" 2>> "$log" || { echo "failed: $*" >&2; tail -20 "$log" >&2; exit 1; }
    awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + p[i] }
                /User time/ { u = $2 } /System time/ { s = $2 }
                END { printf "%.2f %.2f %.2f\n", w, u, s }' "$work/time.txt"
}

# the median of each column of a file of lines "wall user sys [inner_wall inner_cpu]"
medians() {
    local c out="" cols
    cols=$(head -1 "$1" | wc -w)
    for c in $(seq "$cols"); do
        out="$out $(cut -d' ' -f$c "$1" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')"
    done
    echo $out
}

echo "## The floor of the text decoders"
echo
echo "- $(nproc) cores: $(lscpu | sed -n 's/^Model name: *//p' | head -1); $(uname -sr); Java $("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.runtime.version = //p' | head -1); awk is $(awk -W version 2>&1 | head -1 | cut -c1-30)"
echo "- chunks of ${chunk_kb} KB cut at '\\n', taken in turn by each thread; medians of $runs runs, every step and awk in turn"
echo "- load at start: $(uptime | sed 's/.*load average: //')"
echo

IFS=, read -r -a kind_list <<< "$kinds"
for kind in "${kind_list[@]}"; do
    src="$cache/$kind-1024.txt"
    [ -s "$src" ] || { echo "floor-probe: $src is missing (bench/text-bench.sh --cache $cache makes it)" >&2; exit 1; }
    file=$src
    if [ -n "$mb" ]; then
        file="$work/$kind-$mb.txt"
        head -c "$((mb * 1000000))" "$src" | head -n -1 > "$file"   # whole lines only
    fi
    bytes=$(stat -c %s "$file")
    cat "$file" > /dev/null   # the page cache holds it for every reader alike
    steps=(scan lines text decode)
    : > "$work/wc.runs"; : > "$work/awk.runs"; : > "$work/inspect.runs"
    rm -rf "$work/bundle"; mkdir -p "$work/bundle"
    ln "$file" "$work/bundle/$kind.txt" 2>/dev/null || ln -s "$(readlink -f "$file")" "$work/bundle/$kind.txt"
    for s in "${steps[@]}"; do for t in 1 2; do : > "$work/$s-$t.runs"; done; done
    for _ in $(seq "$runs"); do
        timed "$work/wc.out" wc -l "$file" >> "$work/wc.runs"
        timed "$work/awk.out" awk "${awk_prog[$kind]}" "$file" >> "$work/awk.runs"
        [ "$inspect" = 0 ] || timed "$work/inspect.out" "$here/ioverdict" inspect "$work/bundle" >> "$work/inspect.runs"
        for s in "${steps[@]}"; do
            for t in 1 2; do
                w=$(timed "$work/probe.out" "$java" "${jopts[@]}" "${probe[$kind]}" "$file" "$s" "$t" "$chunk_kb")
                # the probe's own line: step threads lines made wall_s cpu_s workers_cpu_s (the reading alone, the JVM's start outside)
                read -r _ _ lines made iw ic iwc < "$work/probe.out"
                echo "$w $iw $ic $iwc" >> "$work/$s-$t.runs"
                echo "$lines $made" > "$work/$s-$t.counts"
            done
        done
    done
    read -r aw au as <<< "$(medians "$work/awk.runs")"
    read -r ww wu ws <<< "$(medians "$work/wc.runs")"
    ac=$(awk -v u="$au" -v s="$as" 'BEGIN { print u + s }')
    echo "### $kind, $(awk -v b="$bytes" 'BEGIN { printf "%.0f MB", b / 1e6 }') ($(cut -d' ' -f1 "$work/wc.out") lines)"
    echo
    echo "| reader | threads | wall s | user s | sys s | CPU s | wall vs awk | CPU vs awk | reading alone: wall s / CPU s / its threads' CPU s | records |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    printf '| `wc -l` | 1 | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | | |\n' "$ww" "$wu" "$ws" "$(awk -v u="$wu" -v s="$ws" 'BEGIN { print u + s }')" \
        "$(awk -v a="$ww" -v b="$aw" 'BEGIN { print a / b }')" "$(awk -v u="$wu" -v s="$ws" -v c="$ac" 'BEGIN { print (u + s) / c }')"
    printf '| awk (text-bench.sh) | 1 | %.2f | %.2f | %.2f | %.2f | 1.00 | 1.00 | | |\n' "$aw" "$au" "$as" "$ac"
    if [ "$inspect" = 1 ]; then
        read -r w u sy <<< "$(medians "$work/inspect.runs")"
        awk -v w="$w" -v u="$u" -v sy="$sy" -v aw="$aw" -v ac="$ac" 'BEGIN {
            printf "| `ioverdict inspect` (production) | all | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | | |\n", w, u, sy, u + sy, w / aw, (u + sy) / ac }'
    fi
    for s in "${steps[@]}"; do
        for t in 1 2; do
            read -r w u sy iw ic iwc <<< "$(medians "$work/$s-$t.runs")"
            read -r lines made < "$work/$s-$t.counts"
            awk -v s="$s" -v t="$t" -v w="$w" -v u="$u" -v sy="$sy" -v iw="$iw" -v ic="$ic" -v iwc="$iwc" -v aw="$aw" -v ac="$ac" \
                -v made="$made" 'BEGIN {
                printf "| %s | %d | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f / %.2f / %.2f | %s |\n", s, t, w, u, sy, u + sy,
                    w / aw, (u + sy) / ac, iw, ic, iwc, (s == "decode" ? made : "") }'
        done
    done
    echo
    if [ "$profile" = 1 ]; then
        jfr="$work/$kind.jfr"
        "$java" "${jopts[@]}" -XX:StartFlightRecording=filename="$jfr",settings=profile -XX:+UnlockDiagnosticVMOptions \
            -XX:+DebugNonSafepoints "${probe[$kind]}" "$file" decode 2 "$chunk_kb" > /dev/null 2>> "$log"
        "$java_home/bin/jfr" print --events jdk.ExecutionSample "$jfr" > "$work/samples.txt"
        # one line per sample of a probe thread: the top frame, and the first frame of the project's decoders below it
        awk '/sampledThread = / { t = $0; sub(/.*sampledThread = "/, "", t); sub(/".*/, "", t) }
             /stackTrace = \[/ { getline f; sub(/^ +/, "", f); sub(/[(].*/, "", f); if (t ~ /^floor-/) print f }' \
             "$work/samples.txt" > "$work/tops.txt"
        total=$(wc -l < "$work/tops.txt")
        echo "JFR of decode on 2 threads, $kind: $total samples of the probe's threads (Java code only: GC and JIT threads are not sampled)"
        echo
        echo "| class on top | samples | share |"
        echo "|---|---:|---:|"
        sed 's/\.[^.]*$//; s/\$.*//' "$work/tops.txt" | sort | uniq -c | sort -rn | head -12 \
            | awk -v n="$total" '{ printf "| `%s` | %d | %.1f %% |\n", $2, $1, 100 * $1 / n }'
        echo
        echo "| method on top | samples | share |"
        echo "|---|---:|---:|"
        sort "$work/tops.txt" | uniq -c | sort -rn | head -15 \
            | awk -v n="$total" '{ printf "| `%s` | %d | %.1f %% |\n", $2, $1, 100 * $1 / n }'
        echo
    fi
done
echo "load at end: $(uptime | sed 's/.*load average: //')"
