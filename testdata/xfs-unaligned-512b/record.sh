#!/bin/bash
# record.sh CASE BS1 BS2 - records one "two direct-I/O writers into one fresh fallocated file on
# XFS (4 KiB blocks)" bundle into /tmp/iocap/sys/CASE/bundle (raw perf data in /tmp/iocap/sys/CASE/raw).
# Run as root under the recording lock:
#   flock /tmp/iocap-record.lock testdata/xfs-unaligned-512b/record.sh xfs-unaligned-512b 512 140288
# Based on ../shared/tools/capture/capture.sh, with the perf recordings split per family
# (syscalls / block / sched) and sched_switch recording switch-ins too, so sleeps can be timed.
set -uo pipefail
CASE=$1; BS1=$2; BS2=$3
TOOLS=/work/shared/tools/capture
SLOW=sys-xfs-d0
OUT=/tmp/iocap/sys/$CASE; BUNDLE=$OUT/bundle; RAW=$OUT/raw
MNT=/tmp/iocap/sys-mnt
rm -rf "$OUT"; mkdir -p "$BUNDLE" "$RAW" "$MNT"
cleanup() {
    mountpoint -q "$MNT" && umount "$MNT"
    "$TOOLS/slowdev.sh" down "$SLOW" || true
}
trap cleanup EXIT

DEV=$("$TOOLS/slowdev.sh" up "$SLOW" 2G 1 16) || exit 1
D=$(basename "$DEV")
mkfs.xfs -f -q -b size=4096 "$DEV" || exit 1
mount "$DEV" "$MNT" || exit 1
fallocate -l 512M "$MNT/redo01.log"

cat > "$RAW/job.fio" <<JOB
[global]
ioengine=libaio
direct=1
filename=$MNT/redo01.log
rw=write
iodepth=4
runtime=2
time_based=1
size=128M

[writer-$BS1]
bs=$BS1
offset=0

[writer-$BS2]
bs=$BS2
offset=256M
JOB

cd "$BUNDLE"
uname -a > uname.txt
lsblk -o NAME,MAJ:MIN,SIZE,TYPE,FSTYPE,MOUNTPOINT,LOG-SEC,PHY-SEC,MIN-IO,SCHED,RQ-SIZE,RA "$DEV" > lsblk.txt
cat /proc/mounts > mounts.txt
echo "/sys/block/$D/queue/scheduler: $(cat /sys/block/$D/queue/scheduler)" > scheduler.txt
for p in nr_requests logical_block_size physical_block_size max_sectors_kb rotational; do
    echo "/sys/block/$D/queue/$p: $(cat /sys/block/$D/queue/$p)" >> queue-settings.txt
done
xfs_info "$MNT" > xfs_info.txt 2>&1
cp "$RAW/job.fio" job.fio

iostat -x -t 1 > iostat-x.txt 2>&1 & IOSTAT=$!
perf record -a -o "$RAW/syscalls.data" -e syscalls:sys_enter_io_submit,syscalls:sys_exit_io_submit,syscalls:sys_enter_io_getevents,syscalls:sys_exit_io_getevents > "$RAW/syscalls.log" 2>&1 & P1=$!
perf record -a -o "$RAW/block.data" -e block:block_bio_queue,block:block_getrq,block:block_rq_insert,block:block_rq_issue,block:block_rq_complete > "$RAW/block.log" 2>&1 & P2=$!
perf record -a -g -o "$RAW/sched.data" -e sched:sched_switch \
    --filter '(prev_comm == "fio" && (prev_state == 1 || prev_state == 2)) || next_comm == "fio"' > "$RAW/sched.log" 2>&1 & P3=$!
sleep 2
date '+workload start %F %T.%N' > "$RAW/times.txt"
strace -f -ttT -o "$BUNDLE/strace-fio.txt" fio --output="$BUNDLE/fio.out" "$RAW/job.fio"
date '+workload end %F %T.%N' >> "$RAW/times.txt"
sleep 1
kill -INT $P1 $P2 $P3; kill -INT $IOSTAT
wait $P1 $P2 $P3; wait $IOSTAT 2>/dev/null
perf script -i "$RAW/syscalls.data" > "$BUNDLE/perf-syscalls.txt" 2> "$RAW/syscalls.err"
perf script -i "$RAW/block.data" > "$BUNDLE/perf-block.txt" 2> "$RAW/block.err"
perf script -i "$RAW/sched.data" > "$BUNDLE/perf-sched-stacks.txt" 2> "$RAW/sched.err"
rm -f "$RAW"/*.data
ls -la "$BUNDLE"
cat "$RAW"/*.log "$RAW/times.txt"
