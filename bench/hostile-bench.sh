#!/usr/bin/env bash
# The hostile shapes of issue 21 at full size, each reported (html, pdf, json) in a 512 MB heap under
# /usr/bin/time -v: a perf script of 100,000 process names (23 MB), iostat -x of 100,000 devices
# (57 MB), long tokens (a 1 MB path in strace, a 200 KB process name in perf script, a 100 KB device
# name in iostat, beside testdata/xfs-aligned-4k: 13 MB), strace -f of 1,000,000 pids (2,000,000
# lines, 159 MB) and a 400 MB lsblk -J; on request, strace -f of 1,000,000 pids each leaving a call
# unfinished (strace-open) and perf script of 1,000,000 threads each left in a syscall and asleep
# (perf-open). The inputs come from src/test/java/dev/ioverdict/testing/
# HostileShapes.java (the generator the resource test uses at CI size), run as a single-file program.
# Prints one Markdown row per shape (docs/PERFORMANCE.md, "Hostile shapes", has a run).
#
#   bench/hostile-bench.sh [--work DIR] [--heap 512m] [--timeout S] [--jar FILE] [--formats html,pdf,json] [SHAPE...]
#
# SHAPE is any of perf iostat tokens strace lsblk strace-open perf-open (default: the first five). The inputs are kept in WORK
# (default /tmp/ioverdict-hostile) and made again only when missing (about 2 minutes on a quiet
# machine). --jar runs another build (to compare before and after); default: the launcher's jar.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=/tmp/ioverdict-hostile
heap=512m
timeout_s=600
jar=
formats=html,pdf,json
shapes=()
while [ $# -gt 0 ]; do
    case "$1" in
        --work) work=$2; shift 2 ;;
        --heap) heap=$2; shift 2 ;;
        --timeout) timeout_s=$2; shift 2 ;;
        --jar) jar=$2; shift 2 ;;
        --formats) formats=$2; shift 2 ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *) shapes+=("$1"); shift ;;
    esac
done
[ ${#shapes[@]} -gt 0 ] || shapes=(perf iostat tokens strace lsblk)

java=
for c in ${JAVA_HOME:+"$JAVA_HOME/bin/java"} /usr/lib/jvm/temurin-25*/bin/java /usr/lib/jvm/*/bin/java "$(command -v java)"; do
    [ -x "$c" ] || continue
    v=$("$c" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p')
    if [ -n "$v" ] && [ "$v" -ge 21 ]; then java=$c; break; fi
done
[ -n "$java" ] || { echo "needs a JDK >= 21" >&2; exit 2; }
if [ -z "$jar" ]; then
    (cd "$here" && ./mvnw -q -B -ntp -DskipTests package) >/dev/null
    jar=$here/target/ioverdict.jar
fi

declare -A dir=([perf]=perf-100k-names [iostat]=iostat-100k-devices [tokens]=long-tokens [strace]=strace-1m-pids [lsblk]=lsblk-400mb
                [strace-open]=strace-1m-unfinished [perf-open]=perf-1m-open-threads)
mkdir -p "$work"
for s in "${shapes[@]}"; do
    if [ ! -d "$work/${dir[$s]}" ]; then
        (cd "$here" && "$java" src/test/java/dev/ioverdict/testing/HostileShapes.java "$work" "$s") >/dev/null
    fi
done

echo "| shape | input MB | exit | wall s | peak RSS MB | report.html KB | report.pdf KB | report.json KB |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for s in "${shapes[@]}"; do
    in=$work/${dir[$s]}
    out=$work/out-$s
    rm -rf "$out"
    set +e
    /usr/bin/time -v -o "$work/time-$s.txt" timeout "$timeout_s" "$java" -Xmx"$heap" -Djava.awt.headless=true \
        -jar "$jar" report "$in" -o "$out" --format "$formats" --quiet > "$work/stdout-$s.txt" 2> "$work/stderr-$s.txt"
    code=$?
    set -e
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; printf "%.1f", s }' "$work/time-$s.txt")
    rss=$(awk -F': ' '/Maximum resident/ { printf "%d", $2 / 1024 }' "$work/time-$s.txt")
    size() { [ -f "$1" ] && echo $(( $(stat -c %s "$1") / 1024 )) || echo "-"; }
    mb=$(du -sm "$in" | cut -f1)
    [ "$code" != 124 ] || code="killed at ${timeout_s} s"
    echo "| $s | $mb | $code | $wall | $rss | $(size "$out/report.html") | $(size "$out/report.pdf") | $(size "$out/report.json") |"
    if [ -s "$work/stderr-$s.txt" ]; then sed 's/^/    stderr: /' "$work/stderr-$s.txt" | head -n 3 >&2; fi
done
