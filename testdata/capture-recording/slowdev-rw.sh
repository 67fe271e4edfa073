#!/bin/bash
# slowdev-rw.sh - ../../../shared/tools/capture/slowdev.sh with reads given their own delay:
# a loop device (direct-io mode) whose backing file is served by slowfs.py (FUSE).
#
#   slowdev-rw.sh up   NAME SIZE DELAY_MS [THREADS [READ_DELAY_MS]]   -> prints /dev/loopN
#   slowdev-rw.sh down NAME
#
# DELAY_MS is what every WRITE and FSYNC (the loop device's cache flush) sleeps, READ_DELAY_MS what
# every READ sleeps (DELAY_MS when not given). State lives in /tmp/iocap/slowdev/NAME/.
set -euo pipefail
TOOLS=/work/shared/tools/capture
cmd=$1; name=$2
D=/tmp/iocap/slowdev/$name
case $cmd in
up)
    size=$3; delay=$4; threads=${5:-16}; rdelay=${6:-$delay}
    mkdir -p "$D/mnt"
    rm -f "$D/backing.img"; truncate -s "$size" "$D/backing.img"
    nohup python3 "$TOOLS/slowfs.py" "$D/backing.img" "$D/mnt" \
        --delay-ms "$delay" --read-delay-ms "$rdelay" --threads "$threads" > "$D/slowfs.log" 2>&1 &
    echo $! > "$D/pid"
    for i in $(seq 50); do [ -e "$D/mnt/disk.img" ] && break; sleep 0.1; done
    dev=$(losetup -f --show --direct-io=on "$D/mnt/disk.img")
    echo "$dev" > "$D/loopdev"
    echo "$dev"
    ;;
down)
    [ -f "$D/loopdev" ] && losetup -d "$(cat "$D/loopdev")" 2>/dev/null || true
    sleep 0.5
    mountpoint -q "$D/mnt" && umount "$D/mnt" || true
    if [ -f "$D/pid" ]; then
        p=$(cat "$D/pid"); for i in $(seq 20); do kill -0 "$p" 2>/dev/null || break; sleep 0.2; done
        kill -0 "$p" 2>/dev/null && kill "$p" || true
    fi
    rm -rf "$D"
    ;;
esac
