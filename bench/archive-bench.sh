#!/usr/bin/env bash
# The case archive at scale (issue 22): 100,000 synthetic cases derived from every testdata
# golden report (bench/ArchiveBench.java: the seed archive written by the batch's own writer,
# then kernels, hosts, rules, impact shares, device classes and time-model parts varied by a hash
# of the case number, inside DuckDB), then timed in a 512 MB heap with peak RSS (/usr/bin/time -v):
# a count by rule and kernel, the nearest cases of one report (NearestCases, what report --archive
# runs), and both end to end through the CLI (JVM start included). Prints Markdown.
#
#   bench/archive-bench.sh [--cases N] [--runs N]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cases=100000
runs=3
while [ $# -gt 0 ]; do
    case "$1" in
        --cases) cases=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
java=
for c in ${JAVA_HOME:+"$JAVA_HOME/bin/java"} /usr/lib/jvm/*/bin/java "$(command -v java || true)"; do
    [ -x "$c" ] || continue
    v=$("$c" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p')
    if [ -n "$v" ] && [ "$v" -ge 21 ]; then java=$c; break; fi
done
[ -n "$java" ] || { echo "needs Java >= 21" >&2; exit 2; }
work=$(mktemp -d /tmp/ioverdict-archive-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
(cd "$here" && ./mvnw -q -B -ntp package -DskipTests > "$work/build.log" 2>&1) || { cat "$work/build.log" >&2; exit 1; }
jar="$here/target/ioverdict.jar"
echo "## The case archive: $cases cases in a 512 MB heap"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$here" rev-parse --short HEAD); uptime at start: $(uptime | sed 's/^ *//')"
echo
echo '```'
/usr/bin/time -v -o "$work/gen.time" "$java" -Xmx512m --enable-native-access=ALL-UNNAMED -cp "$jar" \
    "$here/bench/ArchiveBench.java" "$here" "$work" "$cases" "$runs" 2>&1 | grep -v '^WARNING'
echo "peak RSS (generation, build and the timed queries in one JVM): $(awk -F': ' '/Maximum resident/ { printf "%.0f MB", $2 / 1024 }' "$work/gen.time")"
echo '```'
echo
echo "End to end through the CLI (JAVA_OPTS=-Xmx512m; a JVM start each):"
echo
echo "| command | wall s | peak RSS MB |"
echo "|---|---:|---:|"
q="SELECT f.rule, c.kernel, count(DISTINCT f.case_id) AS cases FROM findings f JOIN cases c USING (case_id) GROUP BY ALL ORDER BY cases DESC"
for i in $(seq "$runs"); do
    JAVA_OPTS=-Xmx512m /usr/bin/time -f "%e %M" -o "$work/t" "$here/ioverdict" query "$work/cases.duckdb" "$q" --format csv > /dev/null 2>&1
    read -r w m < "$work/t"
    echo "| \`ioverdict query\` count by rule and kernel (run $i) | $w | $((m / 1024)) |"
done
bundle="$here/testdata/unaligned-switchout-only/bundle"
JAVA_OPTS=-Xmx512m /usr/bin/time -f "%e %M" -o "$work/t" "$here/ioverdict" report "$bundle" -o "$work/plain" --format json --quiet > /dev/null 2>&1 || true
read -r w m < "$work/t"
echo "| \`ioverdict report unaligned-switchout-only --format json\` | $w | $((m / 1024)) |"
JAVA_OPTS=-Xmx512m /usr/bin/time -f "%e %M" -o "$work/t" "$here/ioverdict" report "$bundle" -o "$work/seen" --format json --archive "$work/cases.duckdb" --quiet > /dev/null 2>&1 || true
read -r w m < "$work/t"
echo "| the same with \`--archive\` ($cases cases) | $w | $((m / 1024)) |"
echo
echo "uptime at end: $(uptime | sed 's/^ *//')"
