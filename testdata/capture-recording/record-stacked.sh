#!/bin/bash
# record-stacked.sh - records the loop-on-loop capture (testdata/stacked-loop-on-loop/) into
# /tmp/iocap/cap/loop-on-loop/bundle (perf's logs in raw/). Run as root, under the recording lock:
#   flock /tmp/iocap-record.lock nice -n -20 testdata/capture-recording/record-stacked.sh
# The lower device is the slow disk of ../../../shared/tools/capture (a direct-io loop device over
# the FUSE server, DELAY_MS per request, THREADS at once), XFS on it; a 64 MiB file written on that
# XFS backs a second loop device (direct-io), and fio reads and writes the upper device raw.
# Teardown (upper loop detached, umount, slowdev.sh down) runs on exit, also on failure.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
TOOLS=/work/shared/tools/capture
NAME=cap-stack; MNT=/mnt/$NAME; SIZE=1G
DELAY=${DELAY_MS:-30}; THR=${THREADS:-8}
OUT=/tmp/iocap/cap/loop-on-loop; BUNDLE=$OUT/bundle; RAW=$OUT/raw
if [ -e /tmp/slowfs.delay_ms ]; then echo "/tmp/slowfs.delay_ms present: someone overrides delays; not recording"; exit 1; fi
rm -rf "$OUT"; mkdir -p "$BUNDLE" "$RAW" "$MNT"

upper=; PIDS=()
teardown() {
    for p in "${PIDS[@]}"; do kill -INT "$p" 2>/dev/null; done
    for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null; done
    [ -n "$upper" ] && losetup -d "$upper"
    sleep 0.5
    mountpoint -q "$MNT" && umount "$MNT"
    "$TOOLS/slowdev.sh" down "$NAME" || true
}
trap teardown EXIT

lower=$("$TOOLS/slowdev.sh" up "$NAME" "$SIZE" "$DELAY" "$THR") || exit 1
[ -n "$lower" ] || exit 1
mkfs.xfs -f -q -b size=4096 "$lower" && mount "$lower" "$MNT" || exit 1
dd if=/dev/urandom of="$MNT/upper.img" bs=1M count=64 oflag=direct status=none || exit 1
sync
upper=$(losetup -f --show --direct-io=on "$MNT/upper.img") || exit 1
lo=$(basename "$lower"); up=$(basename "$upper")
echo "lower $lower ($DELAY ms x $THR), XFS on $MNT; upper $upper on $MNT/upper.img"

cd "$BUNDLE"
uname -a > uname.txt
lsblk -o NAME,MAJ:MIN,SIZE,TYPE,FSTYPE,MOUNTPOINT,LOG-SEC,PHY-SEC,MIN-IO,SCHED,RQ-SIZE,RA "$lower" "$upper" > lsblk.txt
cat /proc/mounts > mounts.txt
losetup -l > losetup.txt 2>&1
for d in $lo $up; do
    echo "/sys/block/$d/queue/scheduler: $(cat /sys/block/$d/queue/scheduler)" >> scheduler.txt
    for p in nr_requests logical_block_size physical_block_size max_sectors_kb rotational nomerges write_cache; do
        echo "/sys/block/$d/queue/$p: $(cat /sys/block/$d/queue/$p)" >> queue-settings.txt
    done
done
xfs_info "$MNT" > xfs_info.txt 2>&1
sed "s|/dev/UPPER|$upper|" "$HERE/job-loop-on-loop.fio" > job-loop-on-loop.fio
printf 'slowdev.sh up %s %s %s %s -> %s; XFS on %s; %s on %s/upper.img\n' \
    "$NAME" "$SIZE" "$DELAY" "$THR" "$lower" "$MNT" "$upper" "$MNT" > "$RAW/setup.txt"

iostat -x -t 1 > iostat-x.txt 2>&1 & PIDS+=($!)
perf record -a -o "$RAW/syscalls.data" -e syscalls:sys_enter_io_submit,syscalls:sys_exit_io_submit,syscalls:sys_enter_io_getevents,syscalls:sys_exit_io_getevents > "$RAW/syscalls.log" 2>&1 & PIDS+=($!)
perf record -a -o "$RAW/block.data" -e block:block_bio_queue,block:block_bio_backmerge,block:block_bio_frontmerge,block:block_getrq,block:block_rq_insert,block:block_rq_issue,block:block_rq_requeue,block:block_rq_complete,block:block_split,block:block_bio_remap,block:block_rq_remap > "$RAW/block.log" 2>&1 & PIDS+=($!)
sleep 2
date '+workload start %F %T.%N' > "$RAW/times.txt"
strace -f -ttT -o "$BUNDLE/strace-fio.txt" fio --output="$BUNDLE/fio.out" job-loop-on-loop.fio
date '+workload end %F %T.%N' >> "$RAW/times.txt"
sleep 2
for p in "${PIDS[@]}"; do kill -INT "$p" 2>/dev/null; done
for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null; done
PIDS=()
perf script -i "$RAW/syscalls.data" > "$BUNDLE/perf-syscalls.txt" 2> "$RAW/syscalls.err"
perf script -i "$RAW/block.data" > "$BUNDLE/perf-block.txt" 2> "$RAW/block.err"
rm -f "$RAW"/*.data
cat "$RAW/setup.txt" "$RAW"/*.log "$RAW/times.txt" 2>/dev/null
ls -la "$BUNDLE"
