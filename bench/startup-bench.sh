#!/usr/bin/env bash
# Start-up benchmark (issue 23, item 3): `ioverdict inspect` of a tiny bundle and a full report
# (JSON, HTML, PDF) of a tiny and of a small bundle, RUNS times each, in three set-ups, runs
# alternating: the launcher's default (AOT cache; the quick compiler only for inputs under 32 MiB),
# the AOT cache with both compiler tiers (IOVERDICT_JIT=full, the default before issue 23), and no
# class archive (IOVERDICT_AOT=0). Prints wall and CPU (user + sys) per run and the medians; then
# each full report's floor: the same report again and again in one JVM (bench/WarmRuns.java), whose
# later runs run no code for the first time; then one line per target for bench/all.sh. Writes only
# under a scratch folder it removes.
#
#   bench/startup-bench.sh [--runs N] [--tiny DIR] [--small DIR]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runs=5
tiny="$here/testdata/seed-000-strace/bundle"
small="$here/testdata/xfs-unaligned-512b/bundle"
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --tiny) tiny=$2; shift 2 ;;
        --small) small=$2; shift 2 ;;
        # the single-bundle form of before: that bundle as the tiny one
        --bundle) tiny=$2; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
work=$(mktemp -d /tmp/ioverdict-startup-XXXXXX)
trap 'rm -rf "$work"' EXIT
name() { echo "$(basename "$(dirname "$1")")"; }
commands=(inspect-tiny report-tiny report-small)
declare -A cmdline=(
    [inspect-tiny]="inspect $tiny"
    [report-tiny]="report $tiny -o $work/out --format json,html,pdf"
    [report-small]="report $small -o $work/out --format json,html,pdf")
declare -A cmdlabel=(
    [inspect-tiny]="\`inspect $(name "$tiny")\` ($(du -sbL "$tiny" | cut -f1) bytes)"
    [report-tiny]="\`report $(name "$tiny") --format json,html,pdf\`"
    [report-small]="\`report $(name "$small") --format json,html,pdf\` ($(du -sbL "$small" | awk '{ printf "%.1f MB", $1 / 1e6 }'))")
modes=(default full none)
declare -A env=([default]="IOVERDICT_AOT=1" [full]="IOVERDICT_JIT=full" [none]="IOVERDICT_AOT=0 IOVERDICT_JIT=full")
declare -A label=([default]="the launcher's default (AOT cache, C1 only under 32 MiB)"
    [full]="AOT cache, both JIT tiers (IOVERDICT_JIT=full)" [none]="no archive, both tiers (IOVERDICT_AOT=0 IOVERDICT_JIT=full)")
for m in "${modes[@]}"; do   # builds the jar and each archive outside the timings
    env ${env[$m]} "$here/ioverdict" report "$tiny" -o "$work/out" --format json > /dev/null 2>&1
done
echo "uptime at start: $(uptime | sed 's/^ *//')"
echo
for i in $(seq "$runs"); do
    for c in "${commands[@]}"; do
        for m in "${modes[@]}"; do
            rm -rf "$work/out"
            # shellcheck disable=SC2086
            env ${env[$m]} /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$here/ioverdict" ${cmdline[$c]} > /dev/null 2>&1
            read -r w u s r < "$work/t"
            echo "$w $(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }') $r" >> "$work/$c.$m.runs"
        done
    done
done
median() { cut -d' ' -f"$2" "$1" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo "$runs runs each, alternating; uptime at end: $(uptime | sed 's/^ *//')"
echo
echo "| command | set-up | median wall s | median CPU s | peak RSS MB | runs (wall/CPU) |"
echo "|---|---|---:|---:|---:|---|"
for c in "${commands[@]}"; do
    for m in "${modes[@]}"; do
        f="$work/$c.$m.runs"
        echo "| ${cmdlabel[$c]} | ${label[$m]} | $(median "$f" 1) | $(median "$f" 2) | $(median "$f" 3 | awk '{ printf "%.0f", $1 / 1024 }') | $(awk '{ printf "%s%s/%s", (NR > 1 ? ", " : ""), $1, $2 }' "$f") |"
    done
done
echo
# Where the full report of the tiny bundle spends its wall time (the launcher's default): the JVM
# and the jar alone (--version), then a full report with the moment each file lands, read from its
# modification time against the launch (each view writes its file whole, by a rename, when done).
# The PDF is laid out from the page the HTML is made from, so its layout starts no earlier than the
# page is templated (a little before report.html lands).
for i in $(seq "$runs"); do
    /usr/bin/time -f "%e %U %S" -o "$work/t" "$here/ioverdict" --version > /dev/null 2>&1
    read -r w u s < "$work/t"
    echo "$w $(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')" >> "$work/version.runs"
    rm -rf "$work/out"
    t0=$(date +%s.%N)
    "$here/ioverdict" ${cmdline[report-tiny]} > /dev/null 2>&1
    t1=$(date +%s.%N)
    land() { awk -v a="$(stat -c %.9Y "$work/out/$1")" -v b="$t0" 'BEGIN { printf "%.3f", a - b }'; }
    echo "$(land report.json) $(land report.html) $(land report.pdf) $(awk -v a="$t1" -v b="$t0" 'BEGIN { printf "%.3f", a - b }')" >> "$work/landing.runs"
done
echo "| \`report $(name "$tiny") --format json,html,pdf\`, the launcher's default | median s after the launch | runs |"
echo "|---|---:|---|"
echo "| \`ioverdict --version\` alone (JVM and jar start), wall | $(median "$work/version.runs" 1) | $(cut -d' ' -f1 "$work/version.runs" | paste -sd' ') |"
k=0
for what in "report.json lands (the case compiled, its JSON written)" "report.html lands (the page templated and finished)" \
        "report.pdf lands (the page laid out and painted)" "the process ends"; do
    k=$((k + 1))
    echo "| $what | $(median "$work/landing.runs" "$k") | $(cut -d' ' -f"$k" "$work/landing.runs" | paste -sd' ') |"
done
echo
# The floor of a full report: the same command line RUNS + 1 times in one JVM (the quick compiler
# only, as the launcher runs a small bundle). The first run pays for every class and method used for
# the first time, as every new process does (here without the AOT cache); the later runs do the
# same work with that code compiled, so what a new process takes beyond them is cold code.
java_home=$(JAVA_OPTS=-XshowSettings:properties "$here/ioverdict" --version 2>&1 | sed -n 's/^ *java.home = //p' | head -1)
echo "| the same full report again and again in one JVM (C1 only, \`bench/WarmRuns.java\`) | first run s | later runs: median s | later runs s |"
echo "|---|---:|---:|---|"
for c in report-tiny report-small; do
    # shellcheck disable=SC2086
    if "$java_home/bin/java" -XX:TieredStopAtLevel=1 -Xmx2g -Djava.awt.headless=true -cp "$here/target/ioverdict.jar" \
            "$here/bench/WarmRuns.java" $((runs + 1)) ${cmdline[$c]} > "$work/$c.warm" 2> "$work/$c.warm.err"; then
        tail -n +2 "$work/$c.warm" > "$work/$c.later"
        echo "| ${cmdlabel[$c]} | $(head -1 "$work/$c.warm") | $(median "$work/$c.later" 1) | $(paste -sd' ' "$work/$c.later") |"
        echo "startup-floor	$c	$(median "$work/$c.later" 1)" >> "$work/floor.lines"
    else
        echo "| ${cmdlabel[$c]} | failed: $(head -c 200 "$work/$c.warm.err" | tr '\n|' '  ') | | |"
    fi
done
echo
[ ! -f "$work/floor.lines" ] || cat "$work/floor.lines"
# for bench/all.sh: target, median wall, median CPU, peak RSS MB of the default set-up, then the
# same of the set-up before issue 23 (AOT cache, both tiers) as the peer
for c in "${commands[@]}"; do
    d="$work/$c.default.runs"; p="$work/$c.full.runs"
    echo "startup-target	$c	$(median "$d" 1)	$(median "$d" 2)	$(median "$d" 3 | awk '{ printf "%.0f", $1 / 1024 }')	$(median "$p" 1)	$(median "$p" 2)"
done
