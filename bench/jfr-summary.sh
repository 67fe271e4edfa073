#!/usr/bin/env bash
# Where the time of one `ioverdict inspect` goes: runs it under Java Flight Recorder (settings
# "profile": a Java stack sample about every 10 ms per running thread) and prints three Markdown
# tables: samples by thread, by the package of the frame on top of the stack, and the hottest
# methods. Samples cover Java code only: the JIT compiler and GC threads (native) are not in them.
# -XX:+DebugNonSafepoints makes each sample name the method that was running: without it JFR maps
# compiled code to the nearest safepoint, and a tight loop's time lands on whatever method holds the
# next one (round four saw a third of sar's reading thread put on an eight-character compare).
#
#   bench/jfr-summary.sh BUNDLE_DIR [TOP]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bundle=$1
top=${2:-10}
work=$(mktemp -d /tmp/ioverdict-jfr-XXXXXX)
trap 'rm -rf "$work"' EXIT
java_home=$(JAVA_OPTS=-XshowSettings:properties "$here/ioverdict" --version 2>&1 | sed -n 's/^ *java.home = //p' | head -1)
JAVA_OPTS="-XX:StartFlightRecording=filename=$work/run.jfr,settings=profile -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints" \
    "$here/ioverdict" inspect "$bundle" > /dev/null 2> "$work/err" || { cat "$work/err" >&2; exit 1; }
"$java_home/bin/jfr" print --events jdk.ExecutionSample "$work/run.jfr" > "$work/samples.txt"
# one line per sample: thread, package of the top frame, top frame (tab-separated); a worker
# thread's number is dropped so that a pool counts as one thread
awk '/sampledThread = / { t = $0; sub(/.*sampledThread = "/, "", t); sub(/".*/, "", t); sub(/[- #]*[0-9]+$/, "", t) }
     /stackTrace = \[/ {
         getline f; sub(/^ +/, "", f); sub(/\(.*/, "", f)
         n = split(f, p, "."); keep = (p[1] == "dev") ? n - 2 : 2
         pkg = p[1]; for (i = 2; i <= keep && i <= n - 2; i++) pkg = pkg "." p[i]
         print t "\t" pkg "\t" f }' "$work/samples.txt" > "$work/tops.tsv"
total=$(wc -l < "$work/tops.tsv")
table() { # title, column
    echo "| $1 | samples | share |"
    echo "|---|---:|---:|"
    cut -f"$2" "$work/tops.tsv" | sort | uniq -c | sort -rn \
        | awk -v n="$total" -v top="$top" 'NR <= top { c = $1; $1 = ""; sub(/^ /, ""); printf "| `%s` | %d | %.1f %% |\n", $0, c, 100 * c / n }'
    echo
}
echo "JFR: $total Java stack samples of \`ioverdict inspect $(basename "$bundle")\`."
echo
table "thread" 1
table "package of the top frame" 2
table "hottest method" 3
