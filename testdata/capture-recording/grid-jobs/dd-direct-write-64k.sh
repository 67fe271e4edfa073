#!/bin/bash
# dd-direct-write-64k.sh MNT BUNDLE RAW - GNU dd writes 64 KiB blocks with oflag=direct (one write
# at a time, O_DIRECT) over MNT/data for 8 s, under strace -f -ttT from its start.
set -uo pipefail
MNT=$1; BUNDLE=$2; RAW=$3
timeout -s INT 8 strace -f -ttT -o "$BUNDLE/strace-dd.txt" dd if=/dev/zero of="$MNT/data" bs=64k count=1024 oflag=direct conv=notrunc 2> "$RAW/dd.err"
true
