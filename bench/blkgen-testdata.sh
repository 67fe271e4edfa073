#!/usr/bin/env bash
# Regenerates testdata/blkgen-<preset>/ from blkgen (testdata/tools/blkgen): the blkparse text
# as the bundle, btt's own reports and btt2json's figures (the oracle) beside it. Needs python3,
# blkparse and btt (apt-get install blktrace). Same blkgen, same Python: byte-identical files.
#   bench/blkgen-testdata.sh [PRESET...]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
blkgen=${BLKGEN:-$here/testdata/tools/blkgen/blkgen.py}

# preset -> bios to queue: as many as keep the text near 1 MB while the preset still shows its
# point (d2c-dominant and mpath-rq-lgwr need a trace longer than their ~1 s outliers).
declare -A IOS=(
    [healthy-ssd]=2000 [i2d-dominant]=2000 [d2c-dominant]=1400 [merge-heavy]=4000
    [mixed-multidevice]=2000 [lgwr-512b-sync-writes]=1500 [mpath-rq-lgwr]=2000 [scale]=1500
)
# blkgen's hand-made trace with every event kind and RWBS letter (blkgen.py selftest), with the
# oracle computed the same way as for the presets.
selftest() {
    local work dir
    work=$(mktemp -d)
    python3 "$blkgen" selftest --out "$work" > "$work/selftest.log"
    (cd "$work/per-device" &&
        blkparse -i sda -i sdb -i dm-0 -d trace.bin -O > /dev/null &&
        btt -i trace.bin > btt.txt &&
        btt -i trace.bin -A > btt_A.txt &&
        python3 "$(dirname "$blkgen")/btt2json.py" btt.txt btt_A.txt > expected.json)
    dir="$here/testdata/blkgen-selftest"
    rm -rf "$dir"
    mkdir -p "$dir/bundle"
    cp "$work/per-device/blkparse.txt" "$dir/bundle/blkparse.txt"
    mkdir -p "$dir/blktrace"
    cp "$work"/per-device/*.blktrace.* "$dir/blktrace/"
    cp "$work/per-device/btt.txt" "$work/per-device/btt_A.txt" "$dir/"
    cp "$work/per-device/expected.json" "$dir/btt-expected.json"
    printf '{"exit": 0, "findings": [], "absent": []}\n' > "$dir/expected.json"
    cat > "$dir/README.md" <<MD
# blkgen-selftest

blkgen's hand-made trace touching every event kind and RWBS letter (\`blkgen.py selftest\`:
Q G S I M F D C R A X B P U UT, FUA/preflush/meta/readahead/sync writes, a discard, an empty
flush, a requeue, an error completion, a dm-0 -> sdb remap), one file set per device.

- \`bundle/blkparse.txt\`: \`blkparse -i sda -i sdb -i dm-0 > blkparse.txt\` (blkparse 1.2.0).
- \`blktrace/\`: the binary files blkparse read, one per device and CPU: a second bundle
  (format \`blktrace\`), which must give the same events and figures.
- \`btt.txt\`, \`btt_A.txt\`: \`btt -i trace.bin\` and \`btt -i trace.bin -A\` (btt 2.09) on
  \`blkparse -i sda -i sdb -i dm-0 -d trace.bin -O\`; \`btt-expected.json\`: btt2json.py of both.
- \`expected.json\`: the findings this case must raise (none listed yet).

Regenerate:

    python3 testdata/tools/blkgen/blkgen.py selftest --out OUT
    cd OUT/per-device && blkparse -i sda -i sdb -i dm-0 -d trace.bin -O
    btt -i trace.bin > btt.txt && btt -i trace.bin -A > btt_A.txt
    python3 testdata/tools/blkgen/btt2json.py btt.txt btt_A.txt > expected.json
    # or: bench/blkgen-testdata.sh selftest
MD
    rm -rf "$work"
    echo "selftest: $(du -h "$dir/bundle/blkparse.txt" | cut -f1)"
}

presets=("$@")
[ ${#presets[@]} -gt 0 ] || presets=(healthy-ssd i2d-dominant d2c-dominant merge-heavy mixed-multidevice \
                                     lgwr-512b-sync-writes mpath-rq-lgwr scale selftest)
for p in "${presets[@]}"; do
    if [ "$p" = selftest ]; then
        selftest
        continue
    fi
    ios=${IOS[$p]}
    work=$(mktemp -d)
    python3 "$blkgen" case "$p" --out "$work" --ios "$ios" > "$work/case.log"
    dir="$here/testdata/blkgen-$p"
    rm -rf "$dir"
    mkdir -p "$dir/bundle"
    cp "$work/blkparse.txt" "$dir/bundle/blkparse.txt"
    # the binary blktrace wrote, per device and CPU: a bundle of its own (format blktrace)
    mkdir -p "$dir/blktrace"
    cp "$work"/*.blktrace.* "$dir/blktrace/"
    cp "$work/btt.txt" "$work/btt_A.txt" "$dir/"
    cp "$work/expected.json" "$dir/btt-expected.json"
    printf '{"exit": 0, "findings": [], "absent": []}\n' > "$dir/expected.json"
    blkparse_cmd=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["blkparse"])' "$work/manifest.json")
    cat > "$dir/README.md" <<MD
# blkgen-$p

Synthetic blktrace trace of blkgen's \`$p\` preset (testdata/tools/blkgen, blkgen
$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("generator", {}).get("version", "1.0"))' "$work/manifest.json" 2>/dev/null || echo 1.0)), turned into text by the real blkparse and analysed by the real btt:

- \`bundle/blkparse.txt\`: \`$blkparse_cmd > blkparse.txt\` (blkparse 1.2.0), the input.
- \`blktrace/\`: the binary files of the same trace, one per device and CPU as blktrace writes
  them: a second bundle (format \`blktrace\`), which must give the same events and figures.
- \`btt.txt\`: \`btt -i trace.bin\` and \`btt_A.txt\`: \`btt -i trace.bin -A -l btt_d2c -q btt_q2c\`
  (btt 2.09), where \`trace.bin\` is \`$blkparse_cmd -d trace.bin -O\`.
- \`btt-expected.json\`: btt's figures read from those two reports by blkgen's btt2json.py: the
  oracle ioverdict's block figures are compared with (BttOracleTest). Kept outside bundle/ so it
  is not read as input.
- \`expected.json\`: the findings this case must raise (none listed yet).

Regenerate:

    python3 testdata/tools/blkgen/blkgen.py case $p --out OUT --ios $ios
    # or, for every blkgen case at once:
    bench/blkgen-testdata.sh $p
MD
    rm -rf "$work"
    echo "$p: $(du -h "$dir/bundle/blkparse.txt" | cut -f1)"
done
