#!/bin/bash
# dd-direct-read-64k.sh MNT BUNDLE RAW - GNU dd reads MNT/data in 64 KiB blocks with iflag=direct
# (one read at a time, O_DIRECT) for 8 s, under strace -f -ttT from its start.
set -uo pipefail
MNT=$1; BUNDLE=$2; RAW=$3
timeout -s INT 8 strace -f -ttT -o "$BUNDLE/strace-dd.txt" dd if="$MNT/data" of=/dev/null bs=64k iflag=direct 2> "$RAW/dd.err"
true
