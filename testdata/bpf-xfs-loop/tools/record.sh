#!/bin/bash
# Records bundle/ : two loop devices in direct-io mode over files in /tmp (A: XFS with fio's
# random direct reads and fsync'd buffered writes, B: raw, dd's 64 KiB direct writes), traced by
# the bpftrace scripts beside this one. Run as root, from this folder:
#   flock /tmp/iocap-record.lock nice -n -20 tools/record.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../bundle"
work=$(mktemp -d /tmp/bpfrec.XXXX)
mnt=/mnt/bpfrec
mkdir -p "$out" "$mnt"
truncate -s 320M "$work/a.img" "$work/b.img"
A=$(losetup -f --show --direct-io=on "$work/a.img")
B=$(losetup -f --show --direct-io=on "$work/b.img")
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -INT "$p" 2>/dev/null || true; done
  sleep 1
  umount "$mnt" 2>/dev/null || true
  losetup -d "$A" "$B" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
mkfs.xfs -f -q -b size=4096 "$A"
mount "$A" "$mnt"
devt() { local mm; mm=$(lsblk -dno MAJ:MIN "$1" | tr -d ' '); echo $(( (${mm%%:*} << 20) | ${mm##*:} )); }
subst() { sed -e "s/DEV_A/$(devt "$A")/g; s/DEV_B/$(devt "$B")/g; s/NAME_A/$(basename "$A")/g; s/NAME_B/$(basename "$B")/g" "$here/$1" > "$work/$1"; }
for t in biosnoop.bt biolatency.bt biosnoop-bcc-layout.bt xfsdist.bt; do subst "$t"; done
lsblk -o NAME,MAJ:MIN,SIZE,TYPE,FSTYPE,MOUNTPOINT "$A" "$B" > "$out/lsblk.txt"
bpftrace "$work/biosnoop.bt" > "$out/biosnoop-bt.txt" 2>> "$work/bpftrace.err" & pids+=($!)
bpftrace "$work/biolatency.bt" > "$out/biolatency-bt.txt" 2>> "$work/bpftrace.err" & pids+=($!)
bpftrace "$work/biosnoop-bcc-layout.bt" > "$out/biosnoop-Q.txt" 2>> "$work/bpftrace.err" & pids+=($!)
bpftrace "$work/xfsdist.bt" > "$out/xfsdist-bt.txt" 2>> "$work/bpftrace.err" & pids+=($!)
sleep 12
fio --name=randread --directory="$mnt" --size=64M --rw=randread --bs=4k --direct=1 --ioengine=psync \
    --rate_iops=150 --time_based --runtime=4 \
    --name=syncwrite --directory="$mnt" --size=16M --rw=randwrite --bs=4k --ioengine=psync --fsync=1 \
    --rate_iops=40 --time_based --runtime=4 > "$out/fio.txt" &
fio_pid=$!
sleep 1
dd if=/dev/zero of="$B" bs=64k count=300 oflag=direct 2> "$out/dd.txt"
wait $fio_pid
sleep 1
for p in "${pids[@]}"; do kill -INT "$p"; done
for p in "${pids[@]}"; do wait "$p" || true; done
pids=()
