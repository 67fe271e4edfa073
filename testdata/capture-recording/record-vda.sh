#!/bin/bash
# record-vda.sh CELL - records a cell on the machine's own virtual disk (vda: virtio, ext4 mounted at /,
# mq-deadline, rotational 1 as virtio reports it) rather than the slow-disk kit, into
# ../grid/CELL/bundle, whole: strace -f -ttT of fio (grid-jobs/CELL.fio, its files under
# /var/tmp/iocap-vda), iostat -x -t 1 of every device, and vda's block trace through the kernel's blk
# tracer (blktrace-ftrace-grid.sh: blktrace's binary files, blkparse's text beside them). The disk is
# shared with the system: its other I/O (journal, logs) is in the trace, as on a customer's machine.
# Run as root, one recording at a time:  flock /tmp/iocap-record.lock record-vda.sh vda-randread-qd16
set -uo pipefail
CELL=$1
HERE=$(cd "$(dirname "$0")" && pwd)
JOB=$HERE/grid-jobs/$CELL.fio
[ -f "$JOB" ] || { echo "no job $JOB"; exit 2; }
OUT=$HERE/../grid/$CELL; BUNDLE=$OUT/bundle; RAW=$(mktemp -d)
rm -rf "$OUT"; mkdir -p "$BUNDLE" /var/tmp/iocap-vda
# the files laid out before the run, and out of the page cache
[ -f /var/tmp/iocap-vda/data ] || dd if=/dev/urandom of=/var/tmp/iocap-vda/data bs=1M count=256 status=none
rm -f /var/tmp/iocap-vda/log; sync; echo 3 > /proc/sys/vm/drop_caches
cd "$BUNDLE"
cp "$JOB" .
uname -a > uname.txt
lsblk -o NAME,MAJ:MIN,SIZE,TYPE,FSTYPE,MOUNTPOINT,ROTA,TRAN,MODEL,LOG-SEC,PHY-SEC,MIN-IO,SCHED,RQ-SIZE,RA /dev/vda > lsblk.txt
cat /proc/mounts > mounts.txt
echo "/sys/block/vda/queue/scheduler: $(cat /sys/block/vda/queue/scheduler)" > scheduler.txt
for p in nr_requests logical_block_size physical_block_size max_sectors_kb rotational nomerges write_cache fua; do
    echo "/sys/block/vda/queue/$p: $(cat /sys/block/vda/queue/$p)"
done > queue-settings.txt
iostat -x -t 1 > iostat-x.txt 2>&1 & IOSTAT=$!
"$HERE/blktrace-ftrace-grid.sh" vda 12 "$RAW/blktrace" > "$RAW/blktrace.log" 2>&1 & BLK=$!
sleep 2
strace -f -ttT -o strace-fio.txt fio --output=fio.out "$CELL.fio"
sleep 2
wait "$BLK"
kill -INT "$IOSTAT"; wait "$IOSTAT" 2>/dev/null
mkdir -p blktrace
cp "$RAW"/blktrace/vda.blktrace.* blktrace/
blkparse -i vda -D "$RAW/blktrace" -o blkparse.txt > /dev/null 2>&1
cat "$RAW/blktrace.log"; rm -rf "$RAW"
ls -la "$BUNDLE"; du -sh "$BUNDLE"
