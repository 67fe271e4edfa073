#!/usr/bin/env bash
# Checks the self-contained archive of dist/make-dist.sh on this machine as on one without a JDK:
# unpacked into a scratch folder and run with a PATH that holds only sh and dirname (no java on it,
# JAVA_HOME unset), it must write a report (HTML, PDF, JSON) of a bundled capture, and run a batch
# whose cases each get a JVM of their own (--case-memory: the shipped runtime starts them).
#   dist/make-dist.sh && dist/check-dist.sh [ARCHIVE]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
archive=${1:-$root/target/ioverdict-linux-$(uname -m).tar.gz}
[ -f "$archive" ] || { echo "check-dist: no $archive (run dist/make-dist.sh)" >&2; exit 2; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tar -C "$scratch" -xzf "$archive"
mkdir -p "$scratch/path" "$scratch/cases"
for tool in sh dirname; do ln -s "$(command -v "$tool")" "$scratch/path/$tool"; done
bare() { env -i PATH="$scratch/path" HOME="$scratch" LANG=C.UTF-8 "$@"; }
if bare sh -c 'command -v java' >/dev/null; then
    echo "check-dist: java is on the bare PATH; the check would prove nothing" >&2; exit 1
fi

fail() { echo "check-dist: $*" >&2; exit 1; }

# the archive's README: each command of its first sh block, run from the unpacked folder as written
# (what it writes under /tmp goes to the scratch folder instead)
[ -f "$scratch/ioverdict/README.md" ] || fail "the archive has no README.md"
mkdir -p "$scratch/tmp"
commands=$(sed -n '/^```sh$/,/^```$/p' "$scratch/ioverdict/README.md" | sed '1d;$d' | sed "s#/tmp/#$scratch/tmp/#g")
[ -n "$commands" ] || fail "the archive's README has no sh block of commands"
while IFS= read -r line; do
    [ -n "$line" ] || continue
    status=0
    (cd "$scratch/ioverdict" && bare sh -c "$line") > "$scratch/readme.log" 2>&1 || status=$?
    [ "$status" -le 1 ] || { cat "$scratch/readme.log" >&2; fail "the README's '$line' exited with $status"; }
done <<< "$commands"
[ -s "$scratch/tmp/ioverdict-report/report.pdf" ] || fail "the README's report command wrote no report.pdf"

status=0
bare "$scratch/ioverdict/bin/ioverdict" report "$root/testdata/xfs-unaligned-512b/bundle" -o "$scratch/report" \
    > "$scratch/report.log" 2>&1 || status=$?
[ "$status" -le 1 ] || { cat "$scratch/report.log" >&2; fail "report exited with $status"; }
for f in report.html report.pdf report.json; do
    [ -s "$scratch/report/$f" ] || { cat "$scratch/report.log" >&2; fail "no $f"; }
done
grep -q '"unaligned-dio-xfs"' "$scratch/report/report.json" || fail "report.json lacks the expected finding"

cp -r "$root/testdata/solaris-dnlc-low/bundle" "$scratch/cases/a"
cp -r "$root/testdata/iostat-linux-saturated/bundle" "$scratch/cases/b"
status=0
bare "$scratch/ioverdict/bin/ioverdict" batch "$scratch/cases" -o "$scratch/batch" --format json --case-memory 256M \
    > "$scratch/batch.log" 2>&1 || status=$?
grep -q '2 case(s): 2 ok' "$scratch/batch.log" || { cat "$scratch/batch.log" >&2; fail "batch exited with $status"; }
# the case archive: DuckDB's native library loads from the shipped jar
status=0
bare "$scratch/ioverdict/bin/ioverdict" query "$scratch/batch" 'SELECT count(*) AS n FROM cases' --format csv \
    > "$scratch/query.log" 2>&1 || status=$?
[ "$status" = 0 ] && [ "$(tr -d '\r' < "$scratch/query.log")" = "$(printf 'n\n2')" ] \
    || { cat "$scratch/query.log" >&2; fail "query over the batch's case archive exited with $status"; }
# start-up: the archive's AOT caches are taken by the JVM where the archive was unpacked (it checks the jar
# and runtime): the report's by report, the light one by inspect
taken() {  # CACHE COMMAND...: the JVM running COMMAND loads the CLI from the cache CACHE
    [ -f "$scratch/ioverdict/lib/$1" ] || return 0
    local cache=$1
    shift
    env -i PATH="$scratch/path" HOME="$scratch" LANG=C.UTF-8 JAVA_OPTS="-Xlog:class+load -Xlog:aot=info" \
        "$scratch/ioverdict/bin/ioverdict" "$@" > "$scratch/classes.log" 2>&1 || true
    grep -q "Opened AOT cache .*/lib/$cache" "$scratch/classes.log" \
        && grep -q 'dev.ioverdict.cli.Main source: shared objects file' "$scratch/classes.log" \
        || fail "the JVM did not take the archive's AOT cache $cache for $1"
}
taken ioverdict.aot report "$root/testdata/seed-000-strace/bundle" -o "$scratch/cached" --format json
taken ioverdict-inspect.aot inspect "$root/testdata/seed-000-strace/bundle"
echo "check-dist: $(basename "$archive") runs its README's commands, report, batch and query with no JDK on PATH"
