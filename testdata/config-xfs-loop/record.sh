#!/bin/bash
# Records the config-xfs-loop bundle. Run under: flock /tmp/iocap-record.lock /tmp/config-rec/record.sh OUT
set -u
OUT=$1
W=/tmp/config-rec/work
rm -rf "$W" "$OUT"; mkdir -p "$W" "$OUT"
A=; B=; C=
teardown() {
    umount /mnt/config-data 2>/dev/null; umount /mnt/config-redo 2>/dev/null
    rmdir /mnt/config-data /mnt/config-redo 2>/dev/null
    for d in $A $B $C; do losetup -d "$d" 2>/dev/null; done
    rm -rf "$W"
}
trap teardown EXIT
truncate -s 512M "$W/data.img" "$W/redo.img" "$W/redo512.img"
A=$(losetup -f --show "$W/data.img") || exit 1
B=$(losetup -f --show "$W/redo.img") || exit 1
C=$(losetup -f --show "$W/redo512.img") || exit 1
a=${A#/dev/}; b=${B#/dev/}; c=${C#/dev/}
echo "devices: $a $b $c"
mkfs.xfs -q -f "$A" || exit 1
mkfs.xfs -q -f -b size=1024 "$B" || exit 1
mkfs.xfs -f -m crc=0 -b size=512 "$C" > "$OUT/mkfs-xfs-512.txt" 2>&1
mkdir -p /mnt/config-data /mnt/config-redo
mount "$A" /mnt/config-data || exit 1
mount "$B" /mnt/config-redo || exit 1
cd "$OUT"
# exactly what capture.sh collects for config (DEVS="$a $b", MNT=/mnt/config-data)
uname -a > uname.txt
lsblk -o NAME,MAJ:MIN,SIZE,TYPE,FSTYPE,MOUNTPOINT,LOG-SEC,PHY-SEC,MIN-IO,SCHED,RQ-SIZE,RA > lsblk.txt
cat /proc/mounts > mounts.txt
losetup -l > losetup.txt 2>&1
: > scheduler.txt; : > queue-settings.txt
for d in $a $b; do
    echo "/sys/block/$d/queue/scheduler: $(cat /sys/block/$d/queue/scheduler)" >> scheduler.txt
    for p in nr_requests logical_block_size physical_block_size max_sectors_kb rotational nomerges write_cache; do
        echo "/sys/block/$d/queue/$p: $(cat /sys/block/$d/queue/$p 2>/dev/null)" >> queue-settings.txt
    done
done
xfs_info /mnt/config-data > xfs_info.txt 2>&1
# a consultant's loop over the XFS mounts, one file
for m in /mnt/config-data /mnt/config-redo; do echo "# xfs_info $m"; xfs_info "$m"; done > xfs_info-all.txt 2>&1
# grep . /sys/block/*/queue/* restricted to the data device
grep . /sys/block/$a/queue/* > sysfs-queue-grep.txt 2>/dev/null
# single sysfs files copied as they are
mkdir -p sys/block/$a/queue
cp /sys/block/$a/queue/scheduler /sys/block/$a/queue/nr_requests /sys/block/$a/queue/rotational sys/block/$a/queue/
mount > mount.txt
lsblk -P -o NAME,KNAME,MAJ:MIN,TYPE,FSTYPE,MOUNTPOINT,LOG-SEC,PHY-SEC,ROTA,SCHED,RQ-SIZE,PKNAME > lsblk-pairs.txt
ls -la "$OUT"
