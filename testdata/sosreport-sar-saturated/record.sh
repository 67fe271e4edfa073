#!/bin/bash
# Records the sar -d and host files of testdata/sosreport-sar-saturated (see its README).
set -euo pipefail
OUT=$1; mkdir -p "$OUT"
SLOW=/work/shared/tools/capture/slowdev.sh
trap '"$SLOW" down sos-sat >/dev/null 2>&1 || true' EXIT
DEV=$("$SLOW" up sos-sat 1G 4 4)
echo "$DEV" > "$OUT/dev.txt"
LC_ALL=C sar -d -p 1 24 > "$OUT/sar-d.txt" & S=$!
sleep 3
fio --name=light --filename="$DEV" --direct=1 --ioengine=libaio --rw=randwrite --bs=4k --iodepth=1 --runtime=5 --time_based --output="$OUT/fio-light.out"
fio --name=sat --filename="$DEV" --direct=1 --ioengine=libaio --rw=randwrite --bs=4k --iodepth=64 --runtime=14 --time_based --output="$OUT/fio-sat.out"
wait $S
losetup -l > "$OUT/losetup.txt"
lsblk > "$OUT/lsblk.txt"
uname -a > "$OUT/uname.txt"
hostname > "$OUT/hostname.txt"
cp /etc/os-release "$OUT/os-release"
cat /proc/mounts > "$OUT/mounts.txt"
cat /proc/diskstats > "$OUT/diskstats.txt"
findmnt > "$OUT/findmnt.txt"
b=$(basename "$DEV")
cat /sys/block/$b/queue/scheduler > "$OUT/scheduler-$b.txt"
cat /sys/block/vda/queue/scheduler > "$OUT/scheduler-vda.txt"
readlink -f /sys/block/$b > "$OUT/sysblock-$b.txt"
readlink -f /sys/block/vda > "$OUT/sysblock-vda.txt"
(dmesg 2>&1 | tail -40) > "$OUT/dmesg.txt" || true
