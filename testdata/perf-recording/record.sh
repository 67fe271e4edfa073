#!/bin/bash
# Records the blkrules perf block-tracepoint bundles, one at a time, under the shared lock.
# usage: record.sh device|sched|healthy
set -uo pipefail
T=/work/shared/tools/capture
R=/tmp/blkrules-rec
EV="block:block_bio_queue,block:block_bio_backmerge,block:block_bio_frontmerge,block:block_getrq,block:block_rq_insert,block:block_rq_issue,block:block_rq_requeue,block:block_rq_complete,block:block_plug,block:block_unplug,block:block_split,block:block_bio_remap,block:block_rq_remap"
what=$1
case $what in
device)  NAME=blkrules-slow;  MNT=/mnt/blkrules-slow;  OUT=$R/perf-device-latency; JOB=$R/jobs-device.fio ;;
sched)   NAME=blkrules-sched; MNT=/mnt/blkrules-sched; OUT=$R/perf-scheduler-latency; JOB=$R/jobs-sched.fio ;;
starve)  NAME=blkrules-starve; MNT=/mnt/blkrules-starve; OUT=$R/perf-request-starvation; JOB=$R/jobs-starve.fio ;;
healthy) NAME=blkrules-fast;  MNT=/mnt/blkrules-fast;  OUT=$R/perf-healthy; JOB=$R/jobs-healthy.fio ;;
esac
dev=
teardown() {
    mountpoint -q "$MNT" && umount "$MNT"
    # loop queues outlive losetup -d: leave no bfq behind for the next user of this loop device
    [ -n "$dev" ] && echo none > /sys/block/$(basename "$dev")/queue/scheduler
    [ -n "$dev" ] && [ -n "${NR0:-}" ] && echo "$NR0" > /sys/block/$(basename "$dev")/queue/nr_requests
    "$T/slowdev.sh" down "$NAME"
    true
}
trap teardown EXIT
if [ -e /tmp/slowfs.delay_ms ]; then echo "/tmp/slowfs.delay_ms present: someone overrides delays; not recording"; exit 1; fi
rm -rf "$OUT" "/tmp/iocap/raw/$(basename "$OUT")"
case $what in
device)  dev=$("$T/slowdev.sh" up "$NAME" 1G 100 8) ;;
sched)   dev=$("$T/slowdev.sh" up "$NAME" 1G 1 16) ;;
healthy) dev=$("$T/slowdev.sh" up "$NAME" 1G 0 16) ;;
starve)  dev=$("$T/slowdev.sh" up "$NAME" 1G 10 16) ;;
esac
echo "device $dev"
[ -n "$dev" ] || exit 1
d=$(basename "$dev")
mkfs.xfs -q -f "$dev" && mkdir -p "$MNT" && mount "$dev" "$MNT" || exit 1
case $what in
device)  dd if=/dev/urandom of=$MNT/data bs=1M count=64 oflag=direct status=none ;;
sched)   dd if=/dev/urandom of=$MNT/readfile bs=1M count=64 oflag=direct status=none
         dd if=/dev/urandom of=$MNT/writefile bs=1M count=256 oflag=direct status=none
         echo bfq > /sys/block/$d/queue/scheduler
         echo 1 > /sys/block/$d/queue/iosched/strict_guarantees ;;
healthy|starve) dd if=/dev/urandom of=$MNT/data bs=1M count=64 oflag=direct status=none ;;
esac
[ "$what" != sched ] && echo none > /sys/block/$d/queue/scheduler
if [ "$what" = starve ]; then NR0=$(cat /sys/block/$d/queue/nr_requests); echo 4 > /sys/block/$d/queue/nr_requests; fi
sync
DEVS="$d" MNT="$MNT" STRACE_FILE= SCHED_STACKS=0 PERF_EVENTS="$EV" PRE=1 POST=1 "$T/capture.sh" "$OUT" "$JOB"
[ "$what" = sched ] && for f in /sys/block/$d/queue/iosched/*; do echo "$f: $(cat $f)"; done > "$OUT/iosched-settings.txt"
cp "/tmp/iocap/raw/$(basename "$OUT")/perf-script.txt" "$OUT/perf-script.txt"
echo done
