#!/bin/bash
# Records every iostat / sar / sadf layout of testdata/iostat-layouts/ at the same time, over one
# fio workload on a partitioned loop device of our own. Run as root, under the recording lock:
#   flock /tmp/iocap-record.lock nice -n -20 testdata/iostat-layouts/record.sh OUTDIR [OLD_IOSTAT...]
# OLD_IOSTAT: iostat binaries of older sysstat releases built from their release tags (their
# -h layouts differ); each writes iostat-x-h-<version>.txt.
set -euo pipefail
OUT=$(realpath "$1"); shift
W=/tmp/ioverdict-layouts.$$
mkdir -p "$W" "$OUT"
LOOP=
[ -e /dev/disk ] && { echo "/dev/disk exists: this script makes and removes its own" >&2; exit 1; }
teardown() {
    rm -rf /dev/disk
    for d in $LOOP; do losetup -d "$d" || true; done
    rm -rf "$W"
}
trap teardown EXIT

# two 160 MiB loop devices (this guest's kernel reads no partition tables: no partitions), each
# with a labelled file system whose first 16 MiB fio leaves alone
truncate -s 160M "$W/a.img" "$W/b.img"
A=$(losetup -f --show "$W/a.img"); LOOP=$A
B=$(losetup -f --show "$W/b.img"); LOOP="$A $B"
# a third device read once before the reports start, idle after: with -z it is in the since-boot
# report only
truncate -s 16M "$W/c.img"
C=$(losetup -f --show "$W/c.img"); LOOP="$A $B $C"
dd if="$C" of=/dev/null bs=1M count=4 iflag=direct status=none
mkfs.ext4 -q -L ioverdict-a "$A"
mkfs.ext4 -q -L ioverdict-b "$B"
# udev does not run in this guest: make the /dev/disk links it would make, so that sar -j finds names
mkdir -p /dev/disk/by-id /dev/disk/by-label /dev/disk/by-path /dev/disk/by-uuid
for d in "$A" "$B"; do
    n=$(basename "$d")
    ln -s "../../$n" "/dev/disk/by-id/virtio-ioverdict-$n"
    ln -s "../../$n" "/dev/disk/by-path/platform-ioverdict-$n"
    ln -s "../../$n" "/dev/disk/by-label/$(blkid -s LABEL -o value "$d")"
    ln -s "../../$n" "/dev/disk/by-uuid/$(blkid -s UUID -o value "$d")"
done
sync
echo 3 > /proc/sys/vm/drop_caches

# 14 s of random direct reads and writes on both devices, rate-limited so that the figures
# differ report to report
fio --name=a --filename="$A" --offset=16m --rw=randrw --rwmixread=60 --bs=4k --direct=1 --ioengine=psync \
    --rate_iops=300,200 --rate_process=poisson --time_based --runtime=14 --size=64m \
    --name=b --filename="$B" --offset=16m --rw=randwrite --bs=16k --direct=1 --ioengine=psync \
    --rate_iops=,120 --rate_process=poisson --time_based --runtime=14 --size=64m > "$W/fio.txt" &
FIO=$!
sleep 1
I="1 5"
NA=$(basename "$A"); NB=$(basename "$B")
DEVS="$NA $NB"
/usr/lib/sysstat/sadc -S XDISK 1 8 "$W/sa" &
iostat -d -t $DEVS $I > "$OUT/iostat-d-t.txt" &
iostat -d -s -t $DEVS $I > "$OUT/iostat-d-s-t.txt" &
iostat -d -h -t $DEVS $I > "$OUT/iostat-d-h-t.txt" &
iostat -x -t $DEVS $I > "$OUT/iostat-x-t.txt" &
iostat -x -s -t $DEVS $I > "$OUT/iostat-x-s-t.txt" &
iostat -x --pretty -t $DEVS $I > "$OUT/iostat-x-pretty-t.txt" &
iostat -x -h -t $DEVS $I > "$OUT/iostat-x-h-t.txt" &
iostat -x -o JSON -t $DEVS $I > "$OUT/iostat-x-t-json.txt" &
iostat -d -o JSON $DEVS $I > "$OUT/iostat-d-json.txt" &
iostat -x -z -p ALL -t $I > "$OUT/iostat-x-z-p-ALL-t.txt" &
iostat -x -z -t $DEVS "$(basename "$C")" $I > "$OUT/iostat-x-z-t.txt" &
iostat -d -p ALL $I > "$OUT/iostat-d-p-ALL.txt" &
for old in "$@"; do
    v=$("$old" -V 2>&1 | sed -n 's/sysstat version //p')
    "$old" -x -h -t $DEVS $I > "$OUT/iostat-x-h-t-$v.txt" &
done
wait $FIO
wait
DEVLIST="--dev=$NA,$NB"
sar -d -f "$W/sa" $DEVLIST > "$OUT/sar-d.txt"
sar -d -h -f "$W/sa" $DEVLIST > "$OUT/sar-d-h.txt"
for j in ID LABEL PATH UUID; do
    sar -d -j $j -f "$W/sa" > "$OUT/sar-d-j-$j.txt"
done
sadf -j "$W/sa" -- -d > "$OUT/sadf-j-d.json"
sadf -d "$W/sa" -- -d > "$OUT/sadf-d.txt"
cp "$W/fio.txt" "$OUT/fio-workload.txt"
echo "loop devices: $A $B $C"
