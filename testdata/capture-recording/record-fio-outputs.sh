#!/bin/bash
# Records fio's outputs (normal text, JSON, json+, group reporting) on a loop device over a file
# in /tmp, and one bundle (fio's normal,json output with perf block tracepoints of the same run and lsblk).
# Needs debugfs for blktrace (mount -t debugfs none /sys/kernel/debug). Run as root:  flock /tmp/iocap-record.lock nice -n -20 testdata/capture-recording/record-fio-outputs.sh
# See ../fio-randrw-loop/README.md.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
fixtures=$here/fio-randrw-loop/fixtures
bundle=$here/fio-randrw-loop/bundle
mkdir -p "$fixtures" "$bundle"
work=$(mktemp -d /tmp/fio-outputs.XXXXXX)
truncate -s 256M "$work/img"
dev=$(losetup -f --show --direct-io=on "$work/img")
trap 'losetup -d "$dev"; rm -rf "$work"' EXIT
dd if=/dev/urandom of="$dev" bs=1M count=64 oflag=direct status=none

common=(--filename="$dev" --direct=1 --ioengine=libaio --size=64M --runtime=3 --time_based)
two_jobs=(--name=reader --rw=randread --bs=4k --iodepth=1
          --name=mixer --rw=randrw --rwmixread=60 --bs=16k --iodepth=4)

# 1. fio's default output, nothing else
fio "${common[@]}" "${two_jobs[@]}" > "$fixtures/fio-randrw-normal.txt"
# 2. the same jobs, --output-format=json alone
fio "${common[@]}" "${two_jobs[@]}" --output-format=json > "$fixtures/fio-randrw.json"
# 3. one run, both outputs in one file (fio writes the JSON first, then the text)
fio "${common[@]}" "${two_jobs[@]}" --output-format=normal,json > "$fixtures/fio-randrw-normal-json.txt"
# 4. numjobs=3 reported as one group, json+ (clat_ns.bins) and the text of the same run
fio "${common[@]}" --name=grouped --rw=randrw --bs=8k --iodepth=2 --numjobs=3 --group_reporting \
    --output-format=normal,json+ > "$fixtures/fio-group-jsonplus.txt"
# 5. the bundle: a rate-limited run (small trace) under perf's block tracepoints (blktrace is not
#    permitted on this kernel), its text and JSON in one file, and lsblk
perf record -a -o "$work/block.data" -e block:block_bio_queue,block:block_getrq,block:block_rq_insert,block:block_rq_issue,block:block_rq_complete,block:block_bio_backmerge,block:block_bio_frontmerge > "$work/perf.log" 2>&1 &
pr=$!
sleep 2
fio "${common[@]}" --name=reader --rw=randread --bs=4k --iodepth=1 --rate_iops=150 \
    --name=mixer --rw=randrw --rwmixread=60 --bs=16k --iodepth=4 --rate_iops=100,60 \
    --output-format=normal,json > "$bundle/fio-output.txt"
sleep 1
kill -INT $pr || true
wait $pr || true
# only the loop device's events: -a also saw the host disk under it and other work on the machine
majmin=$(lsblk -dno MAJ:MIN "$dev" | tr -d ' ' | tr : ,)
perf script -i "$work/block.data" 2> /dev/null | grep -F " $majmin " > "$bundle/perf-block.txt"
lsblk -o NAME,KNAME,MAJ:MIN,TYPE,SIZE,ROTA,LOG-SEC,PHY-SEC,SCHED "$dev" > "$bundle/lsblk.txt"
fio --version
uname -r
