#!/bin/bash
# dd-buffered-write-1m.sh MNT BUNDLE RAW - GNU dd writes 1 MiB blocks through the page cache (no
# oflag) to a new file on MNT for 8 s, never synced, under strace -f -ttT from its start: faster
# than the device, whose dirty pages the dirty-* cells hold to 16 MiB.
set -uo pipefail
MNT=$1; BUNDLE=$2; RAW=$3
timeout -s INT 8 strace -f -ttT -o "$BUNDLE/strace-dd.txt" dd if=/dev/zero of="$MNT/big" bs=1M count=4096 2> "$RAW/dd.err"
true
