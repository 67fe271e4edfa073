#!/bin/bash
# record.sh MODE - records one capture bundle on the slow-disk kit (../../../shared/tools/capture)
# into /tmp/iocap/cap/MODE/bundle (perf's raw data in /tmp/iocap/cap/MODE/raw). Run as root, one
# capture at a time, under the shared recording lock:
#   flock /tmp/iocap-record.lock nice -n -10 testdata/capture-recording/record.sh MODE
# MODE (device delay / FUSE threads / workload / collectors):
#   slow-device          80 ms x 8;  8 KiB random reader QD1 + writer QD1 at 4 IOPS; strace + iostat only
#   busy-parallel        2 ms x 32;  8 KiB random reader QD8 + writer QD8; all collectors
#   reads-starved        2 ms x 16;  bfq strict_guarantees; 8 KiB random reader QD1 beside a
#                        sequential 64 KiB writer QD32; all collectors
#   unaligned-overwrite  1 ms x 16;  512 B and 140288 B direct writes over an already written file
#   unaligned-slow       20 ms x 16; the same writes into a fresh fallocated file
#   unaligned-switchout  as unaligned-slow, with the sched stacks filtered to fio's switch-outs only
#                        (prev_comm == "fio", the usual way to cut their volume): no switch-ins
#   compare-bfq          1 ms x 16;  bfq strict_guarantees; 8 KiB random reader QD1 beside a random
#                        256 KiB writer QD16; iostat, strace, perf syscalls + block (no stacks)
#   compare-deadline     the same with mq-deadline
# DELAY_MS, THREADS and SCHED override the mode's values (for probing; the bundles use the defaults).
# Teardown (umount, queue settings back to defaults, slowdev.sh down) runs on exit, also on failure.
set -uo pipefail
MODE=$1
HERE=$(cd "$(dirname "$0")" && pwd)
TOOLS=/work/shared/tools/capture
PERF=1; SCHED_STACKS=1; SCHED_FILTER='(prev_comm == "fio" && (prev_state == 1 || prev_state == 2)) || next_comm == "fio"'; SIZE=1G; STRICT=0; NR=
case $MODE in
slow-device)         NAME=cap-slow;     D0=80; T0=8;  S0=none; JOB=job-slow-device.fio; PERF=0; SCHED_STACKS=0 ;;
busy-parallel)       NAME=cap-busy;     D0=2;  T0=32; S0=none; JOB=job-busy-parallel.fio; SCHED_STACKS=0 ;;
reads-starved)       NAME=cap-starve;   D0=2;  T0=16; S0=bfq;  JOB=job-reads-starved.fio; STRICT=1 ;;
unaligned-overwrite) NAME=cap-overwrite; D0=1; T0=16; S0=none; JOB=job-unaligned-overwrite.fio; SIZE=2G ;;
unaligned-slow)      NAME=cap-slowunal; D0=20; T0=16; S0=none; JOB=job-unaligned-slow.fio; SIZE=2G ;;
unaligned-switchout) NAME=cap-slowunal; D0=20; T0=16; S0=none; JOB=job-unaligned-slow.fio; SIZE=2G; SCHED_FILTER='prev_comm == "fio"' ;;
compare-bfq)         NAME=cap-cmp;      D0=1;  T0=16; S0=bfq;  JOB=job-compare-sched.fio; STRICT=1; SCHED_STACKS=0 ;;
compare-deadline)    NAME=cap-cmp;      D0=1;  T0=16; S0=mq-deadline; JOB=job-compare-sched.fio; SCHED_STACKS=0 ;;
*) echo "unknown mode $MODE"; exit 2 ;;
esac
DELAY=${DELAY_MS:-$D0}; THR=${THREADS:-$T0}; SCHED=${SCHED:-$S0}
MNT=/mnt/$NAME
OUT=/tmp/iocap/cap/$MODE; BUNDLE=$OUT/bundle; RAW=$OUT/raw
if [ -e /tmp/slowfs.delay_ms ]; then echo "/tmp/slowfs.delay_ms present: someone overrides delays; not recording"; exit 1; fi
rm -rf "$OUT"; mkdir -p "$BUNDLE" "$RAW" "$MNT"

dev=; d=; PIDS=()
teardown() {
    for p in "${PIDS[@]}"; do kill -INT "$p" 2>/dev/null; done
    for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null; done
    mountpoint -q "$MNT" && umount "$MNT"
    # a loop device's queue settings outlive losetup -d: leave the defaults for the next user
    if [ -n "$d" ] && [ -e "/sys/block/$d/queue/scheduler" ]; then
        [ -e "/sys/block/$d/queue/iosched/strict_guarantees" ] && echo 0 > "/sys/block/$d/queue/iosched/strict_guarantees"
        echo none > "/sys/block/$d/queue/scheduler"
        [ -n "$NR" ] && echo "$NR" > "/sys/block/$d/queue/nr_requests"
    fi
    "$TOOLS/slowdev.sh" down "$NAME" || true
}
trap teardown EXIT

dev=$("$TOOLS/slowdev.sh" up "$NAME" "$SIZE" "$DELAY" "$THR") || exit 1
[ -n "$dev" ] || exit 1
d=$(basename "$dev"); NR=$(cat "/sys/block/$d/queue/nr_requests")
echo "device $dev ($DELAY ms x $THR), scheduler $SCHED"
mkfs.xfs -f -q -b size=4096 "$dev" && mount "$dev" "$MNT" || exit 1
case $MODE in
slow-device)   dd if=/dev/urandom of="$MNT/data" bs=1M count=64 oflag=direct status=none ;;
busy-parallel) dd if=/dev/urandom of="$MNT/data" bs=1M count=256 oflag=direct status=none ;;
reads-starved|compare-*)
               dd if=/dev/urandom of="$MNT/readfile" bs=1M count=64 oflag=direct status=none
               dd if=/dev/urandom of="$MNT/writefile" bs=1M count=256 oflag=direct status=none ;;
unaligned-overwrite) # every block written before the run: the unaligned writes are pure overwrites
               dd if=/dev/urandom of="$MNT/redo01.log" bs=1M count=512 oflag=direct status=none ;;
unaligned-slow|unaligned-switchout) # fresh unwritten extents, as testdata/xfs-unaligned-512b
               fallocate -l 512M "$MNT/redo01.log" ;;
esac
sync
echo "$SCHED" > "/sys/block/$d/queue/scheduler" || exit 1
[ "$STRICT" = 1 ] && { echo 1 > "/sys/block/$d/queue/iosched/strict_guarantees" || exit 1; }

cd "$BUNDLE"
uname -a > uname.txt
lsblk -o NAME,MAJ:MIN,SIZE,TYPE,FSTYPE,MOUNTPOINT,LOG-SEC,PHY-SEC,MIN-IO,SCHED,RQ-SIZE,RA "$dev" > lsblk.txt
cat /proc/mounts > mounts.txt
losetup -l "$dev" > losetup.txt 2>&1
echo "/sys/block/$d/queue/scheduler: $(cat /sys/block/$d/queue/scheduler)" > scheduler.txt
for p in nr_requests logical_block_size physical_block_size max_sectors_kb rotational nomerges write_cache; do
    echo "/sys/block/$d/queue/$p: $(cat /sys/block/$d/queue/$p)" >> queue-settings.txt
done
if [ -d "/sys/block/$d/queue/iosched" ]; then
    for f in /sys/block/$d/queue/iosched/*; do echo "$f: $(cat "$f")"; done > iosched-settings.txt
fi
xfs_info "$MNT" > xfs_info.txt 2>&1
cp "$HERE/$JOB" "$JOB"
printf 'mode %s: slowdev.sh up %s %s %s %s -> %s, scheduler %s, strict_guarantees %s\n' \
    "$MODE" "$NAME" "$SIZE" "$DELAY" "$THR" "$dev" "$SCHED" "$STRICT" > "$RAW/setup.txt"

iostat -x -t 1 > iostat-x.txt 2>&1 & PIDS+=($!)
if [ "$PERF" = 1 ]; then
    perf record -a -o "$RAW/syscalls.data" -e syscalls:sys_enter_io_submit,syscalls:sys_exit_io_submit,syscalls:sys_enter_io_getevents,syscalls:sys_exit_io_getevents > "$RAW/syscalls.log" 2>&1 & PIDS+=($!)
    perf record -a -o "$RAW/block.data" -e block:block_bio_queue,block:block_bio_backmerge,block:block_bio_frontmerge,block:block_getrq,block:block_rq_insert,block:block_rq_issue,block:block_rq_requeue,block:block_rq_complete,block:block_split,block:block_bio_remap,block:block_rq_remap > "$RAW/block.log" 2>&1 & PIDS+=($!)
fi
if [ "$SCHED_STACKS" = 1 ]; then
    # by default fio going to sleep (S or D, not strace's ptrace stops) with its kernel stack, and fio
    # waking up, so that every sleep can be timed; unaligned-switchout: every switch-out of fio only
    perf record -a -g -o "$RAW/sched.data" -e sched:sched_switch \
        --filter "$SCHED_FILTER" > "$RAW/sched.log" 2>&1 & PIDS+=($!)
fi
sleep 2
date '+workload start %F %T.%N' > "$RAW/times.txt"
strace -f -ttT -o "$BUNDLE/strace-fio.txt" fio --output="$BUNDLE/fio.out" "$JOB"
date '+workload end %F %T.%N' >> "$RAW/times.txt"
sleep 2
for p in "${PIDS[@]}"; do kill -INT "$p" 2>/dev/null; done
for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null; done
PIDS=()
[ -f "$RAW/syscalls.data" ] && perf script -i "$RAW/syscalls.data" > "$BUNDLE/perf-syscalls.txt" 2> "$RAW/syscalls.err"
[ -f "$RAW/block.data" ] && perf script -i "$RAW/block.data" > "$BUNDLE/perf-block.txt" 2> "$RAW/block.err"
[ -f "$RAW/sched.data" ] && perf script -i "$RAW/sched.data" > "$BUNDLE/perf-sched-stacks.txt" 2> "$RAW/sched.err"
# bfq/mq-deadline tunables as they were at the end of the run
if [ -d "/sys/block/$d/queue/iosched" ]; then
    for f in /sys/block/$d/queue/iosched/*; do echo "$f: $(cat "$f")"; done > iosched-settings.txt
fi
rm -f "$RAW"/*.data
cat "$RAW/setup.txt" "$RAW"/*.log "$RAW/times.txt" 2>/dev/null
ls -la "$BUNDLE"
